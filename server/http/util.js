/** Small helpers over node:http: bodies in, JSON and HTML out. */
import { badRequest, HttpError } from './errors.js';

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads the whole request body as text (bounded).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<string>}
 */
export async function readText(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `The body may be at most ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a JSON object body; malformed JSON or a non-object is a 400.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Record<string, any>>}
 */
export async function readJson(req) {
  const text = await readText(req);
  if (text.trim() === '') throw badRequest('The request body is empty; a JSON object is expected');
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
  if (String(req.headers['content-type'] ?? '').startsWith('application/json')) {
    try {
      const obj = JSON.parse(text);
      return new URLSearchParams(Object.entries(obj ?? {}).map(([k, v]) => [k, String(v)]));
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

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} html
 */
export function sendHtml(res, status, html) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
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

/**
 * A minimal HTML page.
 * @param {string} title
 * @param {string} bodyHtml already escaped
 */
export function page(title, bodyHtml) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box;font:inherit}
button{margin-top:1rem;padding:.5rem 1rem;font:inherit;cursor:pointer}.error{color:#a00;background:#fee;padding:.5rem}</style></head>
<body><main>${bodyHtml}</main></body></html>`;
}

/**
 * The base URL the caller used (scheme + Host header), falling back to the service's own.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} fallback
 */
export function requestBase(req, fallback) {
  const host = req.headers.host;
  if (host && /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) return `http://${host}`;
  return fallback;
}
