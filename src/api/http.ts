/**
 * The HTTP layer under the API client: bearer token, JSON headers, abort handling, and the translation of
 * every failure into one of the library's errors. Nothing here knows an endpoint.
 */
import { ApiError, StorefrontError, isAbortError } from './errors.js';
import type { ErrorObject } from './types.js';

/** A bearer token, or a function (possibly async) that returns one each time a request needs it. */
export type TokenSource = string | (() => string | Promise<string>);

export interface RequestOptions {
  signal?: AbortSignal;
}

export type FetchLike = typeof fetch;

export interface HttpRequest extends RequestOptions {
  method: 'GET' | 'POST';
  url: string;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: URLSearchParams;
  /** Whether the request carries `Authorization: Bearer`; true unless said otherwise. */
  bearer?: boolean;
}

export interface HttpContext {
  fetch: FetchLike;
  token?: TokenSource;
}

/**
 * Sends one request and resolves with the parsed JSON body of a 2xx answer.
 *
 * Rejects with: the DOMException `AbortError` when `signal` aborts (at any step); `ApiError` for a non-2xx
 * answer (with the API's `errors[]`, or none); `StorefrontError('network_error')` when the service cannot be
 * reached; `StorefrontError('invalid_response')` when a 2xx body is not JSON; `StorefrontError('not_configured')`
 * when a token is needed and none can be had.
 */
export async function sendRequest(context: HttpContext, request: HttpRequest): Promise<unknown> {
  const { signal } = request;
  checkAborted(signal);
  const headers = new Headers({ Accept: 'application/json' });
  if (request.bearer !== false) {
    const token = await resolveToken(context.token, signal);
    headers.set('Authorization', `Bearer ${token}`);
  }
  let body: string | undefined;
  if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = request.form.toString();
  }

  const origin = originOf(request.url);
  const fetchImpl = context.fetch;
  let response: Response;
  let text: string;
  try {
    checkAborted(signal);
    response = await fetchImpl(request.url, { method: request.method, headers, body, signal, credentials: 'omit' });
    checkAborted(signal);
    text = await response.text();
    checkAborted(signal);
  } catch (error) {
    throw transportError(error, signal, origin);
  }

  if (!response.ok) throw new ApiError(response.status, readErrors(text, response.status));
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new StorefrontError(
      'invalid_response',
      `The service at ${origin} answered HTTP ${response.status} with a body that is not JSON.`,
      { status: response.status, cause },
    );
  }
}

/** Resolves a token source to a non-empty string, or rejects with a StorefrontError (or the abort). */
export async function resolveToken(source: TokenSource | undefined, signal?: AbortSignal): Promise<string> {
  if (source === undefined || source === '') {
    throw new StorefrontError('not_configured', 'This request needs an access token, and none was given.');
  }
  let token: unknown = source;
  if (typeof source === 'function') {
    try {
      token = await source();
    } catch (error) {
      checkAborted(signal);
      if (error instanceof StorefrontError || isAbortError(error)) throw error;
      throw new StorefrontError('not_configured', `The access token could not be obtained: ${messageOf(error)}`, {
        cause: error,
      });
    }
  }
  checkAborted(signal);
  if (typeof token !== 'string' || token === '') {
    throw new StorefrontError('not_configured', 'The access token function did not return a token.');
  }
  return token;
}

/** Throws the DOMException `AbortError` when the signal has aborted. */
export function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** The error an aborted request rejects with: the signal's own reason when it is an AbortError, else a new one. */
export function abortError(signal?: AbortSignal): DOMException {
  const reason: unknown = signal?.reason;
  if (reason instanceof DOMException && reason.name === 'AbortError') return reason;
  return new DOMException('The request was aborted.', 'AbortError');
}

function transportError(error: unknown, signal: AbortSignal | undefined, origin: string): Error {
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof DOMException && reason.name === 'TimeoutError') {
      return new StorefrontError('network_error', `The service at ${origin} did not answer in time.`, { cause: reason });
    }
    return abortError(signal);
  }
  if (isAbortError(error)) return error as Error;
  if (error instanceof StorefrontError) return error;
  return new StorefrontError('network_error', `Could not reach the service at ${origin}.`, { cause: error });
}

/** The `errors[]` of an error envelope, keeping only well-formed error objects; `[]` when there is none. */
export function readErrors(text: string, status: number): ErrorObject[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  const errors: ErrorObject[] = [];
  for (const item of body.errors as unknown[]) {
    if (!isRecord(item) || typeof item.title !== 'string') continue;
    const error: ErrorObject = {
      title: item.title,
      status: typeof item.status === 'string' || typeof item.status === 'number' ? String(item.status) : String(status),
    };
    if (typeof item.detail === 'string') error.detail = item.detail;
    errors.push(error);
  }
  return errors;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
