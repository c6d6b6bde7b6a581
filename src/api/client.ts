/**
 * The typed client of the service's endpoints. One instance holds the two base addresses (accounts and
 * catalogs), the bearer token and the `fetch` to use; every method returns the API's own resources.
 */
import { StorefrontError, isAbortError } from './errors.js';
import {
  type FetchLike,
  type RequestOptions,
  type TokenSource,
  checkAborted,
  isRecord,
  sendRequest,
} from './http.js';
import {
  type ListQuery,
  type MemberFilterAttribute,
  type MembershipFilterAttribute,
  appendPage,
  toSearchParams,
} from './query.js';
import type {
  AccessTokenResponse,
  AccountAuthenticationSettings,
  AccountManagementTokenResponse,
  AccountMember,
  AccountMembership,
  Catalog,
  CatalogListEnvelope,
  CatalogRelease,
  ListEnvelope,
  MembershipListEnvelope,
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

/** A page of some list: its records and the address of the next page (`null` or absent at the end). */
export interface Page<T> {
  data: T[];
  links?: { next?: string | null };
}

export class StorefrontClient {
  readonly baseUrl: string;
  readonly catalogBaseUrl: string;
  readonly #token: TokenSource | undefined;
  readonly #fetch: FetchLike | undefined;

  constructor(options: StorefrontClientOptions) {
    this.baseUrl = normalizeBaseUrl(options?.baseUrl, 'baseUrl');
    this.catalogBaseUrl =
      options.catalogBaseUrl === undefined || options.catalogBaseUrl === ''
        ? this.baseUrl
        : normalizeBaseUrl(options.catalogBaseUrl, 'catalogBaseUrl');
    this.#token = options.accessToken;
    this.#fetch = options.fetch;
  }

  /** A client with the same addresses and `fetch`, sending another bearer token. */
  withToken(token: TokenSource): StorefrontClient {
    return new StorefrontClient({
      baseUrl: this.baseUrl,
      catalogBaseUrl: this.catalogBaseUrl,
      accessToken: token,
      fetch: this.#fetch,
    });
  }

  /** `POST /oauth/access_token` with the implicit grant: the token a storefront page uses. Sends no bearer. */
  async requestImplicitToken(clientId: string, options: RequestOptions = {}): Promise<AccessTokenResponse> {
    const form = new URLSearchParams({ grant_type: 'implicit', client_id: clientId });
    const body = await this.#send('POST', this.#url('/oauth/access_token'), options, { form, bearer: false });
    if (!isRecord(body) || typeof body.access_token !== 'string' || body.access_token === '') {
      throw invalid('The token answer has no access_token.');
    }
    return body as unknown as AccessTokenResponse;
  }

  /** `GET /v2/settings/account-authentication`: the settings (`data`), with the realm id and client id. */
  async getAccountAuthenticationSettings(options: RequestOptions = {}): Promise<AccountAuthenticationSettings> {
    const body = await this.#send('GET', this.#url('/v2/settings/account-authentication'), options);
    const data = isRecord(body) ? body.data : undefined;
    const realm = path(data, 'relationships', 'authentication_realm', 'data', 'id');
    const clientId = path(data, 'meta', 'client_id');
    if (typeof realm !== 'string' || typeof clientId !== 'string') {
      throw invalid('The account authentication settings lack the realm id or the client id.');
    }
    return data as AccountAuthenticationSettings;
  }

  /** `GET /v2/authentication-realms/:realm-id/oidc-profiles/`. An empty array means none is configured. */
  async listOidcProfiles(realmId: string, options: RequestOptions = {}): Promise<OidcProfile[]> {
    const url = this.#url(`/v2/authentication-realms/${segment(realmId)}/oidc-profiles/`);
    return dataArray<OidcProfile>(await this.#send('GET', url, options));
  }

  /**
   * `GET /v2/accounts/:id/account-memberships/unassigned-account-members`: every store member without a
   * membership in the account. When the answer is paged (`links.next`), the following pages are fetched too.
   */
  async listUnassignedMembers(accountId: string, options: RequestOptions = {}): Promise<AccountMember[]> {
    const url = this.#url(`/v2/accounts/${segment(accountId)}/account-memberships/unassigned-account-members`);
    let body = await this.#send('GET', url, options);
    const members = [...dataArray<AccountMember>(body)];
    const seen = new Set<string>([url]);
    for (;;) {
      const next = path(body, 'links', 'next');
      if (typeof next !== 'string' || next === '') return members;
      const nextUrl = this.#link(next, this.baseUrl);
      if (seen.has(nextUrl)) throw invalid('The list links back to a page it already gave.');
      seen.add(nextUrl);
      body = await this.#send('GET', nextUrl, options);
      members.push(...dataArray<AccountMember>(body));
    }
  }

  /** `POST /v2/accounts/:id/account-memberships`: makes an unassigned member a member of the account. */
  async createMembership(
    accountId: string,
    accountMemberId: string,
    options: RequestOptions = {},
  ): Promise<AccountMembership> {
    const url = this.#url(`/v2/accounts/${segment(accountId)}/account-memberships`);
    const json = { data: { type: 'account_membership', account_member_id: accountMemberId } };
    return dataObject<AccountMembership>(await this.#send('POST', url, options, { json }));
  }

  /** `GET /v2/accounts/:accountID/account-memberships` with filter (`account_member_id`), sort, page, include. */
  async listMemberships(
    accountId: string,
    query: ListQuery<MembershipFilterAttribute> = {},
    options: RequestOptions = {},
  ): Promise<MembershipListEnvelope> {
    const url = this.#url(`/v2/accounts/${segment(accountId)}/account-memberships`, toSearchParams(query));
    return listEnvelope<MembershipListEnvelope>(await this.#send('GET', url, options));
  }

  /** `GET /v2/account-members` with filter (`email`, `name`), sort and page. */
  async listMembers(
    query: ListQuery<MemberFilterAttribute> = {},
    options: RequestOptions = {},
  ): Promise<ListEnvelope<AccountMember>> {
    const url = this.#url('/v2/account-members', toSearchParams(query));
    return listEnvelope<ListEnvelope<AccountMember>>(await this.#send('GET', url, options));
  }

  /** `POST /v2/account-members/tokens`: exchanges the sign-in code and PKCE verifier for account tokens. */
  async createAccountManagementTokens(
    request: AccountManagementTokenRequest,
    options: RequestOptions = {},
  ): Promise<AccountManagementTokenResponse> {
    const json = {
      data: {
        type: 'account_management_authentication_token',
        authentication_mechanism: 'oidc',
        oauth_authorization_code: request.code,
        oauth_redirect_uri: request.redirectUri,
        oauth_code_verifier: request.codeVerifier,
      },
    };
    const body = await this.#send('POST', this.#url('/v2/account-members/tokens'), options, { json });
    dataArray(body);
    if (typeof path(body, 'meta', 'account_member_id') !== 'string') {
      throw invalid('The token answer has no meta.account_member_id.');
    }
    return body as AccountManagementTokenResponse;
  }

  /** `GET {catalogBaseUrl}/catalogs`: the catalogs the bearer may view. */
  async listCatalogs(query: CatalogPageQuery = {}, options: RequestOptions = {}): Promise<CatalogListEnvelope> {
    const url = this.#url('/catalogs', appendPage(new URLSearchParams(), query), this.catalogBaseUrl);
    return listEnvelope<CatalogListEnvelope>(await this.#send('GET', url, options));
  }

  /** The releases of a catalog, through its `relationships.releases.links.related` (or that address itself). */
  async listCatalogReleases(
    catalog: Catalog | string,
    options: RequestOptions = {},
  ): Promise<CatalogListEnvelope<CatalogRelease>> {
    const link = typeof catalog === 'string' ? catalog : path(catalog, 'relationships', 'releases', 'links', 'related');
    if (typeof link !== 'string' || link === '') {
      throw invalid('The catalog has no releases link.');
    }
    return listEnvelope<CatalogListEnvelope<CatalogRelease>>(
      await this.#send('GET', this.#link(link, this.catalogBaseUrl), options),
    );
  }

  /**
   * `GET` an address the API gave (`links.next`, `links.self`, ...). Relative addresses resolve against
   * `baseUrl`; the bearer is only sent to the origins of `baseUrl` and `catalogBaseUrl`.
   */
  async getLink<T>(url: string, options: RequestOptions = {}): Promise<T> {
    return (await this.#send('GET', this.#link(url, this.baseUrl), options)) as T;
  }

  /**
   * Every page of a list: yields the `data` of the page `first` fetches, then follows `links.next` until it is
   * null. When `signal` aborts, the iteration ends (without an error).
   */
  async *pages<T>(
    first: (options: RequestOptions) => Promise<Page<T>>,
    options: RequestOptions = {},
  ): AsyncIterableIterator<T[]> {
    const { signal } = options;
    const seen = new Set<string>();
    try {
      checkAborted(signal);
      let page: Page<T> = await first({ signal });
      for (;;) {
        checkAborted(signal);
        yield dataArray<T>(page);
        checkAborted(signal);
        const next = page.links?.next;
        if (typeof next !== 'string' || next === '') return;
        const url = this.#link(next, this.baseUrl);
        if (seen.has(url)) throw invalid('The list links back to a page it already gave.');
        seen.add(url);
        page = await this.getLink<Page<T>>(url, { signal });
      }
    } catch (error) {
      if (signal?.aborted && isAbortError(error)) return;
      throw error;
    }
  }

  #send(
    method: 'GET' | 'POST',
    url: string,
    options: RequestOptions,
    extra: { json?: unknown; form?: URLSearchParams; bearer?: boolean } = {},
  ): Promise<unknown> {
    return sendRequest(
      { fetch: this.#fetch ?? ((input, init) => globalThis.fetch(input, init)), token: this.#token },
      { method, url, signal: options?.signal, ...extra },
    );
  }

  #url(pathname: string, params?: URLSearchParams, base: string = this.baseUrl): string {
    const query = params?.toString();
    return `${base}${pathname}${query ? `?${query}` : ''}`;
  }

  #link(link: string, base: string): string {
    let url: URL;
    try {
      url = new URL(link, `${base}/`);
    } catch (cause) {
      throw invalid(`"${link}" is not an address.`, cause);
    }
    const allowed = [new URL(this.baseUrl).origin, new URL(this.catalogBaseUrl).origin];
    if (!allowed.includes(url.origin)) {
      throw new StorefrontError(
        'unsafe_endpoint',
        `Refusing to send the access token to ${url.origin}, which is not the service's address.`,
      );
    }
    return url.href;
  }
}

function normalizeBaseUrl(value: unknown, name: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' && value !== '' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new StorefrontError('not_configured', `${name} must be an http(s) address, not "${String(value)}".`);
  }
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}

function segment(id: string): string {
  if (typeof id !== 'string' || id === '') {
    throw new StorefrontError('invalid_query', 'An identifier is missing.');
  }
  return encodeURIComponent(id);
}

function invalid(message: string, cause?: unknown): StorefrontError {
  return new StorefrontError('invalid_response', message, cause === undefined ? {} : { cause });
}

function path(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

function dataArray<T>(body: unknown): T[] {
  const data = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data)) throw invalid('The answer has no data list.');
  return data as T[];
}

function dataObject<T>(body: unknown): T {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data)) throw invalid('The answer has no data object.');
  return data as T;
}

function listEnvelope<E>(body: unknown): E {
  dataArray(body);
  return body as E;
}
