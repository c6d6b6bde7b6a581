/**
 * The typed client of the service's endpoints. One instance holds the two base addresses (accounts and
 * catalogs), the bearer token and the `fetch` to use; every method returns the API's own resources.
 */
import { StorefrontError, isAbortError } from './errors.js';
import { type FetchLike, type RequestOptions, type TokenSource, checkAborted, send } from './http.js';
import { appendPage } from './query.js';
import type {
  AccessTokenResponse,
  AccountAuthenticationSettings,
  AccountManagementTokenResponse,
  Catalog,
  CatalogListEnvelope,
  CatalogRelease,
  ListEnvelope,
  OidcProfile,
} from './types.js';

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

export interface AccountManagementTokenRequest {
  /** The `code` the redirect brought back. */
  code: string;
  /** The redirect URI the authorization request named. */
  redirectUri: string;
  /** The PKCE code verifier of this sign-in. */
  codeVerifier: string;
}

export interface CatalogPageQuery {
  limit?: number;
  offset?: number;
}

/** A page of some list: its records, its own address and that of the next page (`null` or absent at the end). */
export interface Page<T> {
  data: T[];
  links?: { self?: string; next?: string | null };
}

export class StorefrontClient {
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

  /** `POST /oauth/access_token` with the implicit grant: the token a storefront page uses. Sends no bearer. */
  async requestImplicitToken(clientId: string, { signal }: RequestOptions = {}): Promise<AccessTokenResponse> {
    const form = new URLSearchParams({ grant_type: 'implicit', client_id: clientId });
    const url = `${this.baseUrl}/oauth/access_token`;
    const body = (await send({ url, token: false, body: form, fetch: this.#fetch, signal })) as Json;
    return valid(body, body?.access_token);
  }

  /** `GET /v2/settings/account-authentication`: the settings (`data`), with the realm id and client id. */
  async getAccountAuthenticationSettings(options?: RequestOptions): Promise<AccountAuthenticationSettings> {
    const data = (await this.send('v2/settings/account-authentication', options))?.data;
    return valid(data, data?.relationships?.authentication_realm?.data?.id && data.meta?.client_id);
  }

  /** `GET /v2/authentication-realms/:realm-id/oidc-profiles/`. An empty array means none is configured. */
  async listOidcProfiles(realmId: string, options?: RequestOptions): Promise<OidcProfile[]> {
    return list<ListEnvelope<OidcProfile>>(
      await this.send(`v2/authentication-realms/${encodeURIComponent(realmId)}/oidc-profiles/`, options),
    ).data;
  }

  /** `POST /v2/account-members/tokens`: exchanges the sign-in code and PKCE verifier for account tokens. */
  async createAccountManagementTokens(
    { code, redirectUri, codeVerifier }: AccountManagementTokenRequest,
    options?: RequestOptions,
  ): Promise<AccountManagementTokenResponse> {
    const body = list<Json>(
      await this.send('v2/account-members/tokens', options, {
        data: {
          type: 'account_management_authentication_token',
          authentication_mechanism: 'oidc',
          oauth_authorization_code: code,
          oauth_redirect_uri: redirectUri,
          oauth_code_verifier: codeVerifier,
        },
      }),
    );
    return valid(body, body?.meta?.account_member_id);
  }

  /** `GET {catalogBaseUrl}/catalogs`: the catalogs the bearer may view. */
  async listCatalogs(query: CatalogPageQuery = {}, options?: RequestOptions): Promise<CatalogListEnvelope> {
    const path = withQuery('catalogs', appendPage(new URLSearchParams(), query));
    return list(await this.send(path, options, undefined, this.catalogBaseUrl));
  }

  /** The releases of a catalog, through its `relationships.releases.links.related` (or that address itself). */
  async listCatalogReleases(
    catalog: Catalog | string,
    options?: RequestOptions,
  ): Promise<CatalogListEnvelope<CatalogRelease>> {
    const link = typeof catalog === 'string' ? catalog : catalog?.relationships?.releases?.links?.related;
    return list(await this.send(valid(link, link), options, undefined, this.catalogBaseUrl));
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
   * GET (or, with a JSON body, POST) an address relative to `base`, with the bearer; refuses any other origin
   * than the service's own two, so a link in an answer cannot take the token elsewhere.
   */
  protected send(path: string, { signal }: RequestOptions = {}, body?: object, base = this.baseUrl): Promise<Json> {
    let url: URL;
    try {
      url = new URL(path, `${base}/`);
    } catch (cause) {
      throw invalid(`"${path}" is not an address.`, cause);
    }
    if (![this.baseUrl, this.catalogBaseUrl].some((b) => new URL(b).origin === url.origin)) {
      throw new StorefrontError('unsafe_endpoint', `Refusing to send the access token to ${url.origin}.`);
    }
    return send({
      url: url.href,
      token: this.#token,
      accountToken: this.#accountToken,
      body,
      fetch: this.#fetch,
      signal,
    }) as Promise<Json>;
  }
}

/** A JSON answer read with no trust in its shape: any property may be missing. */
type Json = { [key: string]: Json } | undefined;

function baseAddress(value: string, name: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // refused below
  }
  if (!/^https?:$/.test(url?.protocol as string)) {
    throw new StorefrontError('not_configured', `${name} must be an http(s) address, not "${value}".`);
  }
  url = url as URL;
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
