/**
 * CORS for the API: any origin may call it (browser storefronts do), no cookies are involved, so the
 * wildcard origin is enough. Preflights are answered for every path.
 */

export const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
/** The vendor's account token header, and the headers its JavaScript SDK sends with every request. */
export const ALLOWED_HEADERS = [
  'Authorization, Content-Type, Accept, EP-Account-Management-Authentication-Token',
  'X-Moltin-SDK-Language, X-Moltin-SDK-Version, X-Moltin-Application',
].join(', ');

/**
 * Headers added to every API answer.
 * @param {import('node:http').ServerResponse} res
 */
export function applyCors(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'Content-Type, WWW-Authenticate, Allow');
}

/**
 * Answers a preflight request.
 * @param {import('node:http').IncomingMessage} _req
 * @param {import('node:http').ServerResponse} res
 */
export function answerPreflight(_req, res) {
  applyCors(res);
  res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
  res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
  res.setHeader('Access-Control-Max-Age', '600');
  res.setHeader('Vary', 'Origin');
  res.statusCode = 204;
  res.setHeader('Content-Length', '0');
  res.end();
}
