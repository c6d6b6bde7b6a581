/** Small helpers over node:http: bodies in, JSON and HTML out, who is asking. */
import { badRequest, HttpError, unsupportedMediaType } from './errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** A body larger than the limit: the rest is not read, so the connection is closed after the answer. */
const tooLarge = () =>
  new HttpError(413, `The body may be at most ${MAX_BODY_BYTES} bytes`, { headers: { Connection: 'close' } });

/**
 * Reads the whole request body as text (bounded).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<string>}
 */
export async function readText(req) {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The media type of the body, lower-cased, without parameters (`''` when absent). */
const mediaType = (/** @type {import('node:http').IncomingMessage} */ req) =>
  String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** `application/json` and the `+json` types (`application/vnd.api+json`). */
const isJsonType = (/** @type {string} */ type) =>
  type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type);

/**
 * Reads a JSON object body; another media type is a 415, malformed JSON or a non-object a 400.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Record<string, any>>}
 */
export async function readJson(req) {
  const body = await readOptionalJson(req);
  if (body === null) throw badRequest('The request body is empty; a JSON object is expected');
  return body;
}

/**
 * Reads a JSON object body that may be left out (null then).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Record<string, any> | null>}
 */
export async function readOptionalJson(req) {
  const text = await readText(req);
  if (text.trim() === '') return null;
  if (!isJsonType(mediaType(req))) {
    throw unsupportedMediaType('The body must be JSON, sent with Content-Type: application/json');
  }
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The request body must be a JSON object');
  }
  return /** @type {Record<string, any>} */ (value);
}

/**
 * Reads an `application/x-www-form-urlencoded` body (JSON objects are accepted too).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<URLSearchParams>}
 */
export async function readForm(req) {
  const text = await readText(req);
  const type = mediaType(req);
  if (type !== '' && type !== 'application/x-www-form-urlencoded' && !isJsonType(type)) {
    throw unsupportedMediaType('The body must be a form (application/x-www-form-urlencoded) or JSON');
  }
  if (isJsonType(type)) {
    try {
      const obj = JSON.parse(text);
      /** @type {Array<[string, string]>} */
      const pairs = Object.entries(obj ?? {}).map(([k, v]) => [k, String(v)]);
      return new URLSearchParams(pairs);
    } catch {
      throw badRequest('The request body is not valid JSON');
    }
  }
  return new URLSearchParams(text);
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** The headers of the service's own pages: nothing loaded from elsewhere, no framing (a login form inside another
 * site's frame invites clickjacking). */
export const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} html
 */
export function sendHtml(res, status, html) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {string} location
 */
export function redirect(res, location) {
  res.statusCode = 302;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', '0');
  res.end();
}

/** @param {string} s */
export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The style of the service's own pages: small, readable, nothing loaded from elsewhere. */
const PAGE_STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}',
  'label{display:block;margin:.75rem 0 .25rem}',
  'input{width:100%;padding:.5rem;box-sizing:border-box;font:inherit}',
  'button{margin-top:1rem;padding:.5rem 1rem;font:inherit;cursor:pointer}',
  '.error{color:#a00;background:#fee;padding:.5rem}',
].join('\n');

/**
 * A minimal HTML page.
 * @param {string} title
 * @param {string} bodyHtml already escaped
 */
export function page(title, bodyHtml) {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">\n' +
    `<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>\n` +
    `<body><main>${bodyHtml}</main></body></html>`
  );
}

/**
 * The address of the client at the other end of the connection (an IPv4 address mapped into IPv6 is
 * written as IPv4). Never taken from headers such as X-Forwarded-For, which any client can write.
 * @param {import('node:http').IncomingMessage} req
 */
export function clientAddress(req) {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * The value of one cookie of the request, if it is there.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} name
 */
export function readCookie(req, name) {
  for (const pair of String(req.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}
