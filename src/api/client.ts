/**
 * The typed client of the shopper's endpoints: the implicit token, the sign-in settings and profiles, the account
 * tokens, the catalogs and their releases. Every method returns the API's own resources.
 */
import { type RequestOptions } from './http.js';
import { appendPage } from './query.js';
import { type Json, ServiceClient, list, valid, withQuery } from './service-client.js';
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
export { ServiceClient, type Page, type StorefrontClientOptions } from './service-client.js';

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

export class StorefrontClient extends ServiceClient {
  /** `POST /oauth/access_token` with the implicit grant: the token a storefront page uses. Sends no bearer. */
  async requestImplicitToken(clientId: string, { signal }: RequestOptions = {}): Promise<AccessTokenResponse> {
    const form = new URLSearchParams({ grant_type: 'implicit', client_id: clientId });
    const body = await this.send('oauth/access_token', { signal }, form, this.baseUrl, true);
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
}
