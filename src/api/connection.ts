/**
 * The connection the endpoint functions call through: the service's addresses, the tokens and the `fetch` to use,
 * in one plain object, and how every request is sent; following the API's own links and pages is pages.ts. The
 * endpoints are one function each, so a bundle takes only those it calls: client.ts, catalogs.ts and
 * account-tokens.ts (the shopper's), operator-endpoints.ts (the operator's).
 */
import { StorefrontError } from './errors.js';
import { type FetchLike, type RequestOptions, type TokenSource, send } from './http.js';

export type { FetchLike, RequestOptions, TokenSource } from './http.js';

export interface ConnectionOptions {
  /** Address of the account endpoints, e.g. `https://useast.api.example.com`. */
  baseUrl: string;
  /** Address of the catalog endpoints; defaults to `baseUrl`. */
  catalogBaseUrl?: string;
  /**
   * Bearer token, or a function returning one for each request; `false` sends none (calls to the store's own
   * server, which adds the tokens itself).
   */
  accessToken?: TokenSource | false;
  /**
   * The account management token of the account the calls act for. It is sent in
   * `EP-Account-Management-Authentication-Token` beside the bearer (then the store's implicit token), as the
   * vendor's API reads it.
   */
  accountToken?: string;
  /** The `fetch` to use; defaults to the browser's. */
  fetch?: FetchLike;
}

/**
 * A checked connection (see `connect`): both addresses are http(s) origins with their path, without a trailing
 * slash. Another token is `{ ...connection, accessToken }`.
 */
export interface Connection extends ConnectionOptions {
  readonly catalogBaseUrl: string;
}

/** The connection of `options`; `not_configured` when an address is not http(s). */
export function connect(options: ConnectionOptions): Connection {
  const baseUrl = baseAddress(options.baseUrl, 'baseUrl');
  const catalogBaseUrl = options.catalogBaseUrl ? baseAddress(options.catalogBaseUrl, 'catalogBaseUrl') : baseUrl;
  return { ...options, baseUrl, catalogBaseUrl };
}

/** What a call sends beside its address. */
export interface CallOptions extends RequestOptions {
  /** What to POST (a form, or JSON); without it the call is a GET. */
  body?: object;
  /** The address `path` is relative to: the service's (unless given) or its catalogs'. */
  base?: string;
  /** Sends neither token, as for the token endpoint. */
  anonymous?: boolean;
}

/**
 * GET (or, with a body, POST) an address relative to `base`, with the bearer and the account token (neither when
 * `anonymous`); refuses any other origin than the service's own two, so a link in an answer cannot take the token
 * elsewhere.
 */
export function request(
  { baseUrl, catalogBaseUrl, accessToken, accountToken, fetch }: Connection,
  path: string,
  { signal, readBody, body, base = baseUrl, anonymous = false }: CallOptions = {},
): Promise<Json> {
  const url = parseUrl(path, `${base}/`);
  if (!url) throw invalid(`"${path}" is not an address.`);
  if (![baseUrl, catalogBaseUrl].some((b) => new URL(b).origin === url.origin)) {
    throw new StorefrontError('unsafe_endpoint', `Refusing to send the access token to ${url.origin}.`);
  }
  return send({
    url: url.href,
    token: !anonymous && accessToken,
    accountToken: anonymous ? undefined : accountToken,
    body,
    fetch,
    signal,
    readBody,
  }) as Promise<Json>;
}

/** A JSON answer read with no trust in its shape: any property may be missing. */
export type Json = { [key: string]: Json } | undefined;

/** The address as a URL (relative to `base` when given), or undefined when it is none (`URL.parse` is too recent). */
export function parseUrl(address: unknown, base?: string): URL | undefined {
  try {
    return new URL(address as string, base);
  } catch {
    // not an address
  }
}

function baseAddress(value: string, name: string): string {
  const url = parseUrl(value);
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new StorefrontError('not_configured', `${name} must be an http(s) address, not "${value}".`);
  }
  url.search = url.hash = '';
  return url.href.replace(/\/+$/, '');
}

export function withQuery(path: string, params: URLSearchParams): string {
  const query = String(params);
  return query ? `${path}?${query}` : path;
}

/** An answer other than the API promises (`invalid_response`). */
export function invalid(message: string, cause?: unknown): StorefrontError {
  return new StorefrontError('invalid_response', message, { cause });
}

/** `value` as the caller's type when the answer has the shape the spec promises, else invalid_response. */
export function valid<T>(value: unknown, ok: unknown): T {
  if (!ok) throw invalid('The service answered in an unexpected shape.');
  return value as T;
}

/** A list answer: one with a `data` array. */
export function list<E>(body: unknown): E {
  return valid(body, Array.isArray((body as Json)?.data));
}
