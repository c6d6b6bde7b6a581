/**
 * The connection the endpoint functions call through: the service's addresses, the tokens and the `fetch` to use,
 * in one plain object. How every request is sent, and how the API's own links and pages are followed, is here. The
 * endpoints are one function each, so a bundle takes only those it calls: client.ts and account-tokens.ts (the
 * shopper's), operator-endpoints.ts (the operator's).
 */
import { StorefrontError, isAbortError } from './errors.js';
import { type FetchLike, type RequestOptions, type TokenSource, checkAborted, send } from './http.js';

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

/** A page of some list: its records, its own address and that of the next page (`null` or absent at the end). */
export interface Page<T> {
  data: T[];
  links?: { self?: string; next?: string | null };
}

/** The connection of `options`; `not_configured` when an address is not http(s). */
export function connect(options: ConnectionOptions): Connection {
  const baseUrl = baseAddress(options.baseUrl, 'baseUrl');
  const catalogBaseUrl = options.catalogBaseUrl ? baseAddress(options.catalogBaseUrl, 'catalogBaseUrl') : baseUrl;
  return { ...options, baseUrl, catalogBaseUrl };
}

/**
 * `GET` an address the API gave (`links.next`, `links.self`, ...). Relative addresses resolve against
 * `baseUrl`; the bearer is only sent to the origins of `baseUrl` and `catalogBaseUrl`.
 */
export async function getLink<T>(connection: Connection, url: string, options?: RequestOptions): Promise<T> {
  return (await request(connection, url, options)) as T;
}

/**
 * Every page of a list: yields the `data` of the page `first` fetches, then follows `links.next` until it is
 * null. When `signal` aborts, the iteration ends (without an error).
 */
export async function* pages<T>(
  connection: Connection,
  first: (options: RequestOptions) => Promise<Page<T>>,
  { signal }: RequestOptions = {},
): AsyncIterableIterator<T[]> {
  try {
    checkAborted(signal);
    let page = await first({ signal });
    // the first page's own address counts as given, so a next link back to it stops before a repeat
    const seen = new Set([page?.links?.self]);
    for (;;) {
      checkAborted(signal);
      yield list<Page<T>>(page).data;
      const next = page.links?.next;
      if (!next) return;
      if (seen.has(next)) throw invalid('The list links back to a page it already gave.');
      seen.add(next);
      page = await getLink<Page<T>>(connection, next, { signal });
    }
  } catch (error) {
    if (!signal?.aborted || !isAbortError(error)) throw error;
  }
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

function invalid(message: string, cause?: unknown): StorefrontError {
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
