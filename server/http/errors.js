/**
 * The error envelope of the interface: `{errors: [{title, status, detail?}]}` with the status as text.
 * Handlers throw {@link HttpError}; anything else that escapes a handler is a real server fault and
 * becomes a plain 500 envelope, never a stack trace.
 */

/** @typedef {{ title: string, status: string, detail?: string }} ErrorItem */

/** Standard titles per status. */
const TITLES = /** @type {Record<number, string>} */ ({
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  417: 'Expectation Failed',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
});

export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} [detail]
   * @param {{ title?: string, headers?: Record<string, string> }} [options]
   */
  constructor(status, detail, options = {}) {
    super(detail ?? TITLES[status] ?? 'Error');
    this.name = 'HttpError';
    this.status = status;
    this.title = options.title ?? TITLES[status] ?? 'Error';
    this.detail = detail;
    this.headers = options.headers ?? {};
  }
}

/** The most characters of a client's value an error detail quotes back. */
const QUOTED_CHARACTERS = 40;

/**
 * A client's value as an error detail names it: at most its first characters (then `…`), so an answer never
 * echoes a long value back.
 * @param {unknown} value
 */
export function shortened(value) {
  const text = String(value);
  return text.length > QUOTED_CHARACTERS ? `${text.slice(0, QUOTED_CHARACTERS)}…` : text;
}

/**
 * A client's value as an error detail quotes it: {@link shortened}, in double quotes.
 * @param {unknown} value
 */
export const quoted = (value) => JSON.stringify(shortened(value));

/** @param {string} detail */
export const badRequest = (detail) => new HttpError(400, detail);
/** 401 carries no detail, as the spec shows. */
export const unauthorized = () => new HttpError(401, undefined, { headers: { 'WWW-Authenticate': 'Bearer' } });
/** @param {string} detail */
export const forbidden = (detail) => new HttpError(403, detail);
/** @param {string} detail */
export const notFound = (detail) => new HttpError(404, detail);
/** @param {string} detail */
export const conflict = (detail) => new HttpError(409, detail);
/** @param {string} detail */
export const unprocessable = (detail) => new HttpError(422, detail);
/**
 * 429 with `Retry-After`: the client may try again at `until` (epoch milliseconds).
 * @param {string} reason what was too much
 * @param {number} until
 */
export function tooManyRequests(reason, until) {
  const seconds = String(Math.max(1, Math.ceil((until - Date.now()) / 1000)));
  return new HttpError(429, `Too many requests (${reason}); try again in ${seconds} s`, {
    headers: { 'Retry-After': seconds },
  });
}

/** @param {string[]} allowed */
export const methodNotAllowed = (allowed) =>
  new HttpError(405, `Allowed methods: ${allowed.join(', ')}`, { headers: { Allow: allowed.join(', ') } });

/** @param {string} detail */
export const unsupportedMediaType = (detail) => new HttpError(415, detail);

/**
 * The envelope of one error as text, for answers written without a ServerResponse (parser-level errors).
 * @param {number} status
 * @param {string} detail
 */
export function envelopeText(status, detail) {
  return JSON.stringify({ errors: [{ title: TITLES[status] ?? 'Error', status: String(status), detail }] });
}

/** @param {number} status */
export const titleOf = (status) => TITLES[status] ?? 'Error';

/**
 * Turns anything thrown into a status, headers and envelope.
 * @param {unknown} error
 * @returns {{ status: number, headers: Record<string, string>, body: { errors: ErrorItem[] } }}
 */
export function toEnvelope(error) {
  if (error instanceof HttpError) {
    /** @type {ErrorItem} */
    const item = { title: error.title, status: String(error.status) };
    if (error.detail !== undefined) item.detail = error.detail;
    return { status: error.status, headers: error.headers, body: { errors: [item] } };
  }
  return {
    status: 500,
    headers: {},
    body: {
      errors: [{ title: 'Internal Server Error', status: '500', detail: 'The request could not be processed' }],
    },
  };
}
