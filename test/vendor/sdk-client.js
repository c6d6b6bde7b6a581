/**
 * The vendor's official SDK (`@elasticpath/js-sdk`) pointed at the reference service, configured the way a
 * store's back end would configure it for the real API: only `host` and `protocol` change. The SDK adds the
 * path prefix itself (`/v2`, or `/pcm` for catalogs) and authenticates on its own (implicit grant without a
 * secret, client credentials with one). No address is rewritten.
 *
 * In Node the SDK's default storage writes a `./localStorage` folder (node-localstorage), so the clients keep
 * their credentials in memory instead; its fetch (cross-fetch) works as it is.
 */
import { gateway, MemoryStorageFactory } from '@elasticpath/js-sdk';
import { pkce } from '../support/service-client.js';
import { signInAtIdentityProvider } from '../support/idp-login.js';

export const ACCOUNT_TOKEN_HEADER = 'EP-Account-Management-Authentication-Token';
export const STOREFRONT = { clientId: 'storefront' };
export const OPERATOR = { clientId: 'admin', clientSecret: 'admin-secret' };

/**
 * @param {string} base the service's base URL, as a store would give its API address
 * @param {{ clientId: string, clientSecret?: string, headers?: Record<string, string>, fetchMaxAttempts?: number }} client
 * @returns {any} the SDK instance (its TypeScript types do not cover every method's extra arguments)
 */
export function sdkClient(base, { clientId, clientSecret, headers, fetchMaxAttempts }) {
  const url = new URL(base);
  return gateway(
    /** @type {any} */ ({
      client_id: clientId,
      client_secret: clientSecret,
      host: url.host,
      protocol: url.protocol.replace(/:$/, ''),
      storage: new MemoryStorageFactory(),
      disableCart: true,
      headers,
      fetchMaxAttempts,
    }),
  );
}

/**
 * A storefront client whose every request also carries an account management token in the vendor's header;
 * the SDK's account calls have no header argument, so the token goes in its `headers` option.
 * @param {string} base
 * @param {string} accountToken
 * @param {{ fetchMaxAttempts?: number }} [options]
 */
export function accountClient(base, accountToken, options = {}) {
  return connectedClient(base, { ...STOREFRONT, ...options, headers: { [ACCOUNT_TOKEN_HEADER]: accountToken } });
}

/**
 * An SDK client that has its access token already (the SDK logs a line on each request made before it has one).
 * @param {string} base
 * @param {Parameters<typeof sdkClient>[1]} client
 */
export async function connectedClient(base, client) {
  const sdk = sdkClient(base, client);
  await sdk.Authenticate();
  return sdk;
}

/**
 * The page a list link points at.
 * @param {string | null} link
 */
export function pageOf(link) {
  if (link === null) return null;
  const params = new URL(link).searchParams;
  return { offset: Number(params.get('page[offset]')), limit: Number(params.get('page[limit]')) };
}

/**
 * An SDK call that must fail; resolves to the error envelope the SDK rejects with.
 * @param {Promise<unknown>} call
 * @returns {Promise<{ errors: Array<{ title: string, status: string, detail?: string }> }>}
 */
export async function failureOf(call) {
  try {
    await call;
  } catch (error) {
    return /** @type {any} */ (error);
  }
  throw new Error('the call succeeded');
}

/**
 * A member's sign-in as a storefront does it with the SDK: settings and profiles through the SDK, the
 * authorization address from the profile's link, the login form of the identity provider, then the code
 * exchange through `AccountMembers.GenerateAccountToken`.
 * @param {any} storefront an SDK client of the storefront
 * @param {string} login
 * @param {string} [redirectUri]
 */
export async function signInWithSdk(storefront, login, redirectUri = 'http://localhost:5173/callback') {
  const settings = (await storefront.AccountAuthenticationSettings.Get()).data;
  const realm = settings.relationships.authentication_realm.data.id;
  const [profile] = (await storefront.OidcProfile.All(realm)).data;
  const { verifier, challenge } = pkce();
  const state = crypto.randomUUID();
  const start = new URL(profile.links['authorization-endpoint']);
  for (const [k, v] of Object.entries({
    scope: 'openid email',
    response_type: 'code',
    client_id: settings.meta.client_id,
    redirect_uri: redirectUri,
    state,
    code_challenge_method: 'S256',
    code_challenge: challenge,
  })) {
    start.searchParams.set(k, v);
  }
  const back = new URL(await signInAtIdentityProvider(start.href, login, 'password'));
  if (back.searchParams.get('state') !== state) throw new Error('state mismatch');
  return storefront.AccountMembers.GenerateAccountToken({
    type: 'account_management_authentication_token',
    authentication_mechanism: 'oidc',
    oauth_authorization_code: back.searchParams.get('code'),
    oauth_redirect_uri: redirectUri,
    oauth_code_verifier: verifier,
  });
}
