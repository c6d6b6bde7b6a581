/** Small helpers over node:http: bodies in, JSON and HTML out, who is asking. */
import { BlockList, isIP } from 'node:net';
import { badRequest, HttpError, quoted, unsupportedMediaType } from './errors.js';

/**
 * @typedef {{ bytes: number, depth: number }} BodyBounds the largest body a route reads, and how deeply its JSON
 *   may nest (objects and arrays)
 */

/** A route that names no bounds of its own: a small JSON document. */
export const DEFAULT_BODY_BOUNDS = Object.freeze({ bytes: 16 * 1024, depth: 16 });
/** A form of a few short fields: a token request, the login form (a few hundred bytes in use). */
export const FORM_BODY = Object.freeze({ bytes: 4 * 1024, depth: 1 });
/** The JSON of one resource to create (`{"data": {...}}`): a few hundred bytes in use. */
export const RESOURCE_BODY = Object.freeze({ bytes: 8 * 1024, depth: 8 });

/** @type {WeakMap<import('node:http').IncomingMessage, BodyBounds>} what the route of a request reads at most */
const boundsOfRequest = new WeakMap();

/**
 * Gives a request the body bounds of its route (the router does, before the route runs), and refuses at once a
 * body announced larger than them: the body is then never read.
 * @param {import('node:http').IncomingMessage} req
 * @param {BodyBounds} bounds
 */
export function boundBody(req, bounds) {
  boundsOfRequest.set(req, bounds);
  if (Number(req.headers['content-length'] ?? 0) > bounds.bytes) throw tooLarge(bounds.bytes);
}

/** @param {import('node:http').IncomingMessage} req */
const boundsOf = (req) => boundsOfRequest.get(req) ?? DEFAULT_BODY_BOUNDS;

/**
 * A body larger than the limit: the rest is not read, so the connection is closed after the answer.
 * @param {number} bytes
 */
const tooLarge = (bytes) =>
  new HttpError(413, `The body may be at most ${bytes} bytes here`, { headers: { Connection: 'close' } });

/**
 * Reads the whole request body as text, at most the bytes its route allows.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<string>}
 */
export async function readText(req) {
  const { bytes } = boundsOf(req);
  if (Number(req.headers['content-length'] ?? 0) > bytes) throw tooLarge(bytes);
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > bytes) throw tooLarge(bytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Parses JSON text after checking, in one pass over the text, that it nests no deeper than `depth`: parsing
 * (and anything that walks the value after) then never meets a deeper document.
 * @param {string} text
 * @param {number} depth
 * @returns {unknown}
 */
function parseJson(text, depth) {
  let level = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++level > depth) throw badRequest(`The request body nests deeper than ${depth} levels`);
    } else if (c === 0x7d || c === 0x5d) level--;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
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
  const value = parseJson(text, boundsOf(req).depth);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The request body must be a JSON object');
  }
  return /** @type {Record<string, any>} */ (value);
}

/**
 * Reads an `application/x-www-form-urlencoded` body (a JSON object of strings is accepted too). A parameter given
 * twice is refused: which of the two counts would be a guess (RFC 6749, section 3.1).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<URLSearchParams>}
 */
export async function readForm(req) {
  const text = await readText(req);
  const type = mediaType(req);
  if (type !== '' && type !== 'application/x-www-form-urlencoded' && !isJsonType(type)) {
    throw unsupportedMediaType('The body must be a form (application/x-www-form-urlencoded) or JSON');
  }
  /** @type {URLSearchParams} */
  let form;
  if (isJsonType(type)) {
    const value = parseJson(text, 1);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw badRequest('The request body must be a JSON object');
    }
    form = new URLSearchParams(Object.entries(value).map(([k, v]) => /** @type {[string, string]} */ ([k, String(v)])));
  } else {
    form = new URLSearchParams(text);
  }
  const seen = new Set();
  for (const [name] of form) {
    if (seen.has(name)) throw badRequest(`The parameter ${quoted(name)} is given more than once`);
    seen.add(name);
  }
  return form;
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

/** @param {string} address an IPv4 address mapped into IPv6 is written as IPv4 */
const plainAddress = (address) => (address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address);

/**
 * The proxies whose `X-Forwarded-For` is believed, from `--trust-proxy` values: addresses and CIDR ranges
 * (`10.0.0.5`, `10.0.0.0/8`, `fd00::/8`). Throws an Error naming a value that is neither.
 * @param {string[]} values
 * @returns {BlockList | null} null when no proxy is trusted
 */
export function trustedProxies(values) {
  if (values.length === 0) return null;
  const list = new BlockList();
  for (const value of values) {
    const [address, bits, extra] = value.trim().split('/');
    const family = isIP(address);
    const prefix = Number(bits);
    const max = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && prefix <= max))) {
      throw new Error(`--trust-proxy "${value}" is not an IP address or a CIDR range (like 10.0.0.0/8)`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

/** @param {BlockList} list @param {string} address */
const isListed = (list, address) => list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * The address of the client. It is the other end of the connection, unless that is a trusted proxy: then the
 * address that proxy put in `X-Forwarded-For`, read from the right, past every trusted proxy in the chain (any
 * client can write the header, so only what a trusted proxy appended counts).
 * @param {import('node:http').IncomingMessage} req
 * @param {BlockList | null} [proxies] from {@link trustedProxies}
 */
export function clientAddress(req, proxies = null) {
  let address = plainAddress(req.socket.remoteAddress ?? '');
  if (!proxies) return address;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => plainAddress(hop.trim()));
  while (forwarded.length && isIP(address) && isListed(proxies, address)) {
    const hop = /** @type {string} */ (forwarded.pop());
    // a hop that is no address ends the chain: the last proxy is the client as far as anyone can tell
    if (!isIP(hop)) break;
    address = hop;
  }
  return address;
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
