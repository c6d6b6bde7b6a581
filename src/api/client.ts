/**
 * The shopper's endpoints every page with a shopper's element calls, one function each over a Connection: the
 * implicit token, and the sign-in settings and profiles. Every function returns the API's own resources. The
 * catalogs are catalogs.ts, which only a catalog list calls; the code exchange, which only a sign-in's return
 * calls, is account-tokens.ts.
 */
import { type Connection, list, request, valid } from './connection.js';
import type { RequestOptions } from './http.js';
import type { AccessTokenResponse, AccountAuthenticationSettings, ListEnvelope, OidcProfile } from './types.js';

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
