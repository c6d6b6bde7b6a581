/**
 * The base of the typed clients of the service: addresses, tokens, `fetch`, links and pages, and how every request
 * is sent. The endpoints are the subclasses' (client.ts, operator-client.ts).
 */
import { StorefrontError, isAbortError } from './errors.js';
import { type FetchLike, type RequestOptions, type TokenSource, checkAborted, send } from './http.js';

export type { FetchLike, RequestOptions, TokenSource } from './http.js';

export interface StorefrontClientOptions {
  /** Address of the account endpoints, e.g. `https://useast.api.example.com`. */
  baseUrl: string;
  /** Address of the catalog endpoints; defaults to `baseUrl`. */
  catalogBaseUrl?: string;
  /** Bearer token, or a function returning one for each request. */
  accessToken?: TokenSource;
  /**
   * The account management token of the account the calls act for. It is sent in
   * `EP-Account-Management-Authentication-Token` beside the bearer (then the store's implicit token), as the
   * vendor's API reads it.
   */
  accountToken?: string;
  /** The `fetch` to use; defaults to the browser's. */
  fetch?: FetchLike;
}

/** A page of some list: its records, its own address and that of the next page (`null` or absent at the end). */
export interface Page<T> {
  data: T[];
  links?: { self?: string; next?: string | null };
}

/**
 * What every client of the service has: the two base addresses (accounts and catalogs), the bearer token, the
 * account token and the `fetch` to use, and the calls that follow the API's own links. StorefrontClient adds the
 * shopper's endpoints, OperatorClient the operator's; the operator elements build a client of this class with the
 * operator's endpoints alone, so that their bundle carries no shopper endpoint.
 */
export class ServiceClient {
  readonly baseUrl: string;
  readonly catalogBaseUrl: string;
  readonly #token: TokenSource | undefined;
  readonly #accountToken: string | undefined;
  readonly #fetch: FetchLike | undefined;

  constructor({ baseUrl, catalogBaseUrl, accessToken, accountToken, fetch }: StorefrontClientOptions) {
    this.baseUrl = baseAddress(baseUrl, 'baseUrl');
    this.catalogBaseUrl = catalogBaseUrl ? baseAddress(catalogBaseUrl, 'catalogBaseUrl') : this.baseUrl;
    this.#token = accessToken;
    this.#accountToken = accountToken;
    this.#fetch = fetch;
  }

  /** A client of the same class and addresses, sending other tokens, with the same or another `fetch`. */
  withToken(token: TokenSource, accountToken?: string, fetch = this.#fetch): this {
    return new (this.constructor as new (options: StorefrontClientOptions) => this)({
      ...this,
      accessToken: token,
      accountToken,
      fetch,
    });
  }

  /**
   * `GET` an address the API gave (`links.next`, `links.self`, ...). Relative addresses resolve against
   * `baseUrl`; the bearer is only sent to the origins of `baseUrl` and `catalogBaseUrl`.
   */
  async getLink<T>(url: string, options?: RequestOptions): Promise<T> {
    return (await this.send(url, options)) as T;
  }

  /**
   * Every page of a list: yields the `data` of the page `first` fetches, then follows `links.next` until it is
   * null. When `signal` aborts, the iteration ends (without an error).
   */
  async *pages<T>(
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
        page = await this.getLink<Page<T>>(next, { signal });
      }
    } catch (error) {
      if (!signal?.aborted || !isAbortError(error)) throw error;
    }
  }

  /**
   * GET (or, with a body, POST) an address relative to `base`, with the bearer and the account token (neither when
   * `anonymous`, as for the token endpoint); refuses any other origin than the service's own two, so a link in an
   * answer cannot take the token elsewhere.
   */
  protected send(
    path: string,
    { signal }: RequestOptions = {},
    body?: object,
    base = this.baseUrl,
    anonymous = false,
  ): Promise<Json> {
    const url = parseUrl(path, `${base}/`);
    if (!url) throw invalid(`"${path}" is not an address.`);
    if (![this.baseUrl, this.catalogBaseUrl].some((b) => new URL(b).origin === url.origin)) {
      throw new StorefrontError('unsafe_endpoint', `Refusing to send the access token to ${url.origin}.`);
    }
    return send({
      url: url.href,
      token: !anonymous && this.#token,
      accountToken: anonymous ? undefined : this.#accountToken,
      body,
      fetch: this.#fetch,
      signal,
    }) as Promise<Json>;
  }
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
