/**
 * The HTTP layer under the endpoint functions: bearer token, JSON headers, abort handling, and the translation of
 * every failure into one of the library's errors. Nothing here knows an endpoint.
 */
import { ApiError, StorefrontError, isAbortError } from './errors.js';
import type { ErrorObject } from './types.js';

/** A bearer token, or a function (possibly async) that returns one each time a request needs it. */
export type TokenSource = string | (() => string | Promise<string>);

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Reads the answer's body as text in place of `response.text()`: a list reads a long answer as it arrives (see
   * `readListBody`).
   */
  readBody?: (response: Response) => Promise<string>;
}

export type FetchLike = typeof fetch;

/** The error an aborted request rejects with: the signal's own reason when it is an AbortError, else a new one. */
export function abortError(signal?: AbortSignal): DOMException {
  const reason: unknown = signal?.reason;
  return reason instanceof DOMException && reason.name === 'AbortError'
    ? reason
    : new DOMException('The request was aborted.', 'AbortError');
}

/** Throws the DOMException `AbortError` when the signal has aborted. */
export function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** How long a request may take, answer included, before it counts as unanswered (`network_error`). */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * A signal that aborts when `signal` does, or with a `TimeoutError` once `ms` have passed; `done()` stops the clock.
 * (AbortSignal.any would do it, but not in every browser the library supports.)
 */
function withTimeout(signal: AbortSignal | undefined, ms: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('No answer in time.', 'TimeoutError')), ms);
  const follow = () => controller.abort(signal!.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

/** The header in which the vendor's API takes an account management token beside the store's bearer token. */
export const ACCOUNT_TOKEN_HEADER = 'EP-Account-Management-Authentication-Token';

export interface HttpRequest {
  url: string;
  /** The bearer token; `false` sends none. */
  token: TokenSource | undefined | false;
  /** An account management token, sent in {@link ACCOUNT_TOKEN_HEADER} beside the bearer. */
  accountToken?: string;
  /** A form (`URLSearchParams`) or a JSON body; a request with a body is a POST, one without a GET. */
  body?: object;
  fetch?: FetchLike;
  signal?: AbortSignal;
  readBody?: RequestOptions['readBody'];
  /** How long the request may take, answer included; default {@link REQUEST_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * Sends one request and resolves with the parsed JSON body of a 2xx answer.
 *
 * Rejects with: the DOMException `AbortError` when `signal` aborts (at any step); `ApiError` for a non-2xx
 * answer; `StorefrontError` `network_error` when the service cannot be reached or does not answer within
 * `timeoutMs` (or a timeout signal of the caller fires), `invalid_response` when a 2xx body is not JSON,
 * `not_configured` when a token is needed and none can be had.
 */
export async function send({
  url,
  token,
  accountToken,
  body,
  fetch: fetchImpl = (input, init) => fetch(input, init),
  signal,
  readBody = (response) => response.text(),
  timeoutMs = REQUEST_TIMEOUT_MS,
}: HttpRequest): Promise<unknown> {
  checkAborted(signal);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token !== false) headers.Authorization = `Bearer ${await resolveToken(token, signal)}`;
  if (accountToken) headers[ACCOUNT_TOKEN_HEADER] = accountToken;
  let payload: string | undefined;
  if (body) {
    const form = body instanceof URLSearchParams;
    headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    payload = form ? String(body) : JSON.stringify(body);
  }
  const origin = new URL(url).origin;
  let response: Response;
  let text: string;
  const deadline = withTimeout(signal, timeoutMs);
  try {
    checkAborted(signal);
    response = await fetchImpl(url, {
      method: body ? 'POST' : 'GET',
      headers,
      body: payload,
      signal: deadline.signal,
      credentials: 'omit',
    });
    checkAborted(signal);
    text = await readBody(response);
    checkAborted(signal);
  } catch (error) {
    // a timeout (ours, or the caller's timeout signal) means the service did not answer: a network failure
    const reason: unknown = deadline.signal.reason;
    const timeout = (reason as Error | undefined)?.name === 'TimeoutError';
    if (signal?.aborted && !timeout) throw abortError(signal);
    if (!timeout && (isAbortError(error) || error instanceof StorefrontError)) throw error;
    throw new StorefrontError('network_error', `Could not reach the service at ${origin}.`, {
      cause: timeout ? reason : error,
    });
  } finally {
    deadline.done();
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    if (response.ok) {
      throw new StorefrontError('invalid_response', `${origin} answered with a body that is not JSON.`, {
        status: response.status,
        cause,
      });
    }
  }
  if (!response.ok) throw new ApiError(response.status, readErrors(json, response.status));
  return json;
}

/** Settles as `value` does, or rejects with the AbortError as soon as `signal` aborts (a token source may hang). */
function untilAborted<T>(value: T | Promise<T>, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal?.addEventListener('abort', onAbort);
    Promise.resolve(value)
      .then(resolve, reject)
      .finally(() => signal?.removeEventListener('abort', onAbort));
  });
}

/** Resolves a token source to a non-empty string, or rejects with a StorefrontError (or the abort). */
async function resolveToken(source: TokenSource | undefined, signal?: AbortSignal): Promise<string> {
  let token: unknown;
  try {
    token = typeof source === 'function' ? await untilAborted(source(), signal) : source;
  } catch (error) {
    checkAborted(signal);
    if (isAbortError(error) || error instanceof StorefrontError) throw error;
    throw new StorefrontError('not_configured', `No access token: ${(error as Error)?.message ?? error}`, {
      cause: error,
    });
  }
  checkAborted(signal);
  if (!token || typeof token !== 'string') throw new StorefrontError('not_configured', 'No access token.');
  return token;
}

/** The error objects (those with a title) of an error envelope, status as text; `[]` when there is none. */
function readErrors(body: unknown, status: number): ErrorObject[] {
  const errors: unknown = (body as { errors?: unknown })?.errors;
  return Array.isArray(errors)
    ? errors.filter((e) => typeof e?.title === 'string').map((e) => ({ ...e, status: String(e.status ?? status) }))
    : [];
}
