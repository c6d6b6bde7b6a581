/**
 * The error envelope of the interface: `{errors: [{title, status, detail?}]}` with the status as text.
 * Handlers throw {@link HttpError}, the store its own errors (../domain/errors.js), each given its status here;
 * anything else that escapes a handler is a real server fault and becomes a plain 500 envelope, never a stack
 * trace.
 */
import { STATUS_CODES } from 'node:http';
import {
  ConflictError,
  InvalidQueryError,
  NotFoundError,
  quoted,
  shortened,
  UnavailableError,
} from '../domain/errors.js';

export { quoted, shortened };

/** @typedef {{ title: string, status: string, detail?: string }} ErrorItem */

/** @param {number} status */
export const titleOf = (status) => STATUS_CODES[status] ?? 'Error';

export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} [detail]
   * @param {{ title?: string, headers?: Record<string, string> }} [options]
   */
  constructor(status, detail, options = {}) {
    super(detail ?? titleOf(status));
    this.name = 'HttpError';
    this.status = status;
    this.title = options.title ?? titleOf(status);
    this.detail = detail;
    this.headers = options.headers ?? {};
  }
}

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
  return JSON.stringify({ errors: [{ title: titleOf(status), status: String(status), detail }] });
}

/**
 * Turns anything thrown into a status, headers and envelope.
 * @param {unknown} error
 * @returns {{ status: number, headers: Record<string, string>, body: { errors: ErrorItem[] } }}
 */
export function toEnvelope(error) {
  const answer = fromStore(error);
  if (answer instanceof HttpError) {
    /** @type {ErrorItem} */
    const item = { title: answer.title, status: String(answer.status) };
    if (answer.detail !== undefined) item.detail = answer.detail;
    return { status: answer.status, headers: answer.headers, body: { errors: [item] } };
  }
  return {
    status: 500,
    headers: {},
    body: {
      errors: [{ title: 'Internal Server Error', status: '500', detail: 'The request could not be processed' }],
    },
  };
}

/**
 * Whether an error is an answer (the service's or the store's) rather than a fault.
 * @param {unknown} error
 */
export const isAnswer = (error) => fromStore(error) instanceof HttpError;

/**
 * The store's refusals as answers: what it did not find, a change that breaks its rules, a filter it does not
 * take, a change it cannot make now.
 * @param {unknown} error
 */
function fromStore(error) {
  if (error instanceof NotFoundError) return notFound(error.message);
  if (error instanceof ConflictError) return conflict(error.message);
  if (error instanceof InvalidQueryError) return badRequest(error.message);
  if (error instanceof UnavailableError) {
    const retry = error.retryAfterSeconds;
    return new HttpError(503, error.message, { headers: retry ? { 'Retry-After': String(retry) } : {} });
  }
  return error;
}
