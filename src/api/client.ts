/**
 * The shopper's endpoints every page may call, one function each over a Connection: the implicit token, the
 * sign-in settings and profiles, the catalogs and their releases. Every function returns the API's own resources.
 * The code exchange, which only a sign-in's return calls, is account-tokens.ts.
 */
import { type Connection, list, request, valid, withQuery } from './connection.js';
import type { RequestOptions } from './http.js';
import { appendPage } from './query.js';
import type {
  AccessTokenResponse,
  AccountAuthenticationSettings,
  Catalog,
  CatalogListEnvelope,
  CatalogRelease,
  ListEnvelope,
  OidcProfile,
} from './types.js';

export interface CatalogPageQuery {
  limit?: number;
  offset?: number;
}

/** `POST /oauth/access_token` with the implicit grant: the token a storefront page uses. Sends no bearer. */
export async function requestImplicitToken(
  connection: Connection,
  clientId: string,
  { signal }: RequestOptions = {},
): Promise<AccessTokenResponse> {
  const form = new URLSearchParams({ grant_type: 'implicit', client_id: clientId });
  const body = await request(connection, 'oauth/access_token', { signal, body: form, anonymous: true });
  return valid(body, body?.access_token);
}

/** `GET /v2/settings/account-authentication`: the settings (`data`), with the realm id and client id. */
export async function getAccountAuthenticationSettings(
  connection: Connection,
  options?: RequestOptions,
): Promise<AccountAuthenticationSettings> {
  const data = (await request(connection, 'v2/settings/account-authentication', options))?.data;
  return valid(data, data?.relationships?.authentication_realm?.data?.id && data.meta?.client_id);
}

/** `GET /v2/authentication-realms/:realm-id/oidc-profiles/`. An empty array means none is configured. */
export async function listOidcProfiles(
  connection: Connection,
  realmId: string,
  options?: RequestOptions,
): Promise<OidcProfile[]> {
  const path = `v2/authentication-realms/${encodeURIComponent(realmId)}/oidc-profiles/`;
  return list<ListEnvelope<OidcProfile>>(await request(connection, path, options)).data;
}

/** `GET {catalogBaseUrl}/catalogs`: the catalogs the bearer may view. */
export async function listCatalogs(
  connection: Connection,
  query: CatalogPageQuery = {},
  options?: RequestOptions,
): Promise<CatalogListEnvelope> {
  const path = withQuery('catalogs', appendPage(new URLSearchParams(), query));
  return list(await request(connection, path, { ...options, base: connection.catalogBaseUrl }));
}

/** The releases of a catalog, through its `relationships.releases.links.related` (or that address itself). */
export async function listCatalogReleases(
  connection: Connection,
  catalog: Catalog | string,
  options?: RequestOptions,
): Promise<CatalogListEnvelope<CatalogRelease>> {
  const link = typeof catalog === 'string' ? catalog : catalog?.relationships?.releases?.links?.related;
  return list(await request(connection, valid(link, link), { ...options, base: connection.catalogBaseUrl }));
}
