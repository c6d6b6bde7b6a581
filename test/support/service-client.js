/**
 * Helpers for tests that talk to the reference service over HTTP: tokens, JSON requests, PKCE values
 * and a whole sign-in through the identity provider's login form.
 */
import { createHash, randomBytes } from 'node:crypto';
import { signInAtIdentityProvider } from './idp-login.js';

/**
 * @param {string} baseUrl
 * @param {'implicit' | 'operator'} kind
 * @returns {Promise<string>}
 */
export async function accessToken(baseUrl, kind) {
  /** @type {Record<string, string>} */
  const form =
    kind === 'implicit'
      ? { grant_type: 'implicit', client_id: 'storefront' }
      : { grant_type: 'client_credentials', client_id: 'admin', client_secret: 'admin-secret' };
  const response = await fetch(`${baseUrl}/oauth/access_token`, { method: 'POST', body: new URLSearchParams(form) });
  if (!response.ok) throw new Error(`token request failed: ${response.status}`);
  return (await response.json()).access_token;
}

/**
 * A JSON request; returns status, headers and parsed body (null when empty).
 * @param {string} url
 * @param {{ method?: string, token?: string, body?: unknown, rawBody?: string, headers?: Record<string, string> }} [options]
 */
export async function api(url, { method = 'GET', token, body, rawBody, headers = {} } = {}) {
  /** @type {Record<string, string>} */
  const h = { accept: 'application/json', ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if ((body !== undefined || rawBody !== undefined) && !h['content-type']) h['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers: h,
    body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  /** @type {any} */
  let json = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
  }
  return { status: response.status, headers: response.headers, body: json };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/**
 * The authorization address a storefront would build from the first profile of the realm.
 * @param {string} baseUrl
 * @param {{ redirectUri?: string, state?: string, challenge?: string, extra?: Record<string, string> }} [options]
 */
export async function authorizationUrl(
  baseUrl,
  {
    redirectUri = 'http://localhost:5173/callback',
    state = randomBytes(16).toString('base64url'),
    challenge,
    extra = {},
  } = {},
) {
  const token = await accessToken(baseUrl, 'implicit');
  const settings = (await api(`${baseUrl}/v2/settings/account-authentication`, { token })).body.data;
  const realm = settings.relationships.authentication_realm.data.id;
  const profiles = (await api(`${baseUrl}/v2/authentication-realms/${realm}/oidc-profiles/`, { token })).body.data;
  const url = new URL(profiles[0].links['authorization-endpoint']);
  const params = {
    scope: 'openid email',
    response_type: 'code',
    client_id: settings.meta.client_id,
    redirect_uri: redirectUri,
    state,
    code_challenge_method: 'S256',
    code_challenge: challenge ?? pkce().challenge,
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { url: url.href, state, redirectUri, token };
}

/**
 * Signs a person in and exchanges the code; returns the token response and the values used.
 * @param {string} baseUrl
 * @param {string} login
 * @param {{ redirectUri?: string, password?: string }} [options]
 */
export async function signIn(baseUrl, login, { password = 'password', ...options } = {}) {
  const { verifier, challenge } = pkce();
  const { url, state, redirectUri, token } = await authorizationUrl(baseUrl, { challenge, ...options });
  const back = new URL(await signInAtIdentityProvider(url, login, password));
  if (back.searchParams.get('state') !== state) throw new Error('state mismatch');
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.href}`);
  const exchange = await exchangeCode(baseUrl, token, { code, redirectUri, verifier });
  return { ...exchange, code, verifier, redirectUri, implicitToken: token };
}

/**
 * @param {string} baseUrl
 * @param {string} token
 * @param {{ code: string, redirectUri: string, verifier: string }} values
 */
export function exchangeCode(baseUrl, token, { code, redirectUri, verifier }) {
  return api(`${baseUrl}/v2/account-members/tokens`, {
    method: 'POST',
    token,
    body: {
      data: {
        type: 'account_management_authentication_token',
        authentication_mechanism: 'oidc',
        oauth_authorization_code: code,
        oauth_redirect_uri: redirectUri,
        oauth_code_verifier: verifier,
      },
    },
  });
}
