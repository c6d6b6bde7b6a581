/**
 * The storefront's side of the sign-in flow, without any element: the authorization request (PKCE S256, state,
 * transaction), the safety check of the sign-in address, reading the callback from the address bar, and
 * exchanging the code for account management tokens.
 */
import type { StorefrontClient } from '../api/client.js';
import { StorefrontError } from '../api/errors.js';
import type { AccountManagementTokenResponse, OidcProfile } from '../api/types.js';
import type { AccountSession, SignedInDetail } from '../events.js';
import { createPkcePair, createState } from './pkce.js';
import {
  type SignInTransaction,
  type TransactionStoreOptions,
  consumeTransaction,
  saveTransaction,
} from './transaction.js';

/** The query parameters a callback brings back; all are removed from the address bar once read. */
export const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss', 'session_state'];

/** What the identity provider's redirect carried. */
export type SignInCallback =
  | { kind: 'code'; code: string; state: string }
  | { kind: 'error'; error: string; description?: string; state: string };

export interface AuthorizationRequest {
  /** The profile's `links.authorization-endpoint`; its own query parameters are kept. */
  endpoint: string;
  /** `data.meta.client_id` of the account authentication settings. */
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  display?: string;
  prompt?: string;
  uiLocales?: string;
}

export interface StartSignInOptions extends TransactionStoreOptions {
  profile: OidcProfile;
  /** `data.meta.client_id` of the settings: the client named in the authorization request. */
  authorizationClientId: string;
  /** The store client of the page (`client-id`); kept with the transaction. */
  clientId: string;
  baseUrl: string;
  redirectUri: string;
  display?: string;
  prompt?: string;
  uiLocales?: string;
  /** The address of the page; an https page refuses plain-http sign-in addresses. Defaults to `location.href`. */
  pageUrl?: string;
}

export interface StartedSignIn {
  url: string;
  transaction: SignInTransaction;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

function unsafe(message: string): StorefrontError {
  return new StorefrontError('unsafe_endpoint', message);
}

/**
 * The sign-in address as a URL, or an `unsafe_endpoint` error: only http(s) is opened, and plain http only to a
 * loopback host when the page or the redirect URI is https (a downgrade would expose the sign-in).
 */
export function checkSignInEndpoint(endpoint: unknown, secureContextUrls: Array<string | undefined> = []): URL {
  let url: URL;
  try {
    url = new URL(String(endpoint));
  } catch {
    throw unsafe(`The sign-in address "${String(endpoint)}" is not an absolute address.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw unsafe(`The sign-in address uses ${url.protocol}, which is not allowed; only https (or http) is opened.`);
  }
  if (url.username || url.password) throw unsafe('The sign-in address carries credentials, which is not allowed.');
  const secure = secureContextUrls.some((candidate) => {
    try {
      return candidate !== undefined && new URL(candidate).protocol === 'https:';
    } catch {
      return false;
    }
  });
  if (url.protocol === 'http:' && secure && !isLoopback(url.hostname)) {
    throw unsafe(`The sign-in address ${url.origin} uses plain http from a secure page.`);
  }
  return url;
}

/** The authorization request address: the endpoint with the client's parameters set (RFC 6749, RFC 7636). */
export function buildAuthorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(request.endpoint);
  const params = url.searchParams;
  params.set('scope', 'openid email');
  params.set('response_type', 'code');
  params.set('client_id', request.clientId);
  params.set('redirect_uri', request.redirectUri);
  params.set('state', request.state);
  params.set('code_challenge_method', 'S256');
  params.set('code_challenge', request.codeChallenge);
  const optional: Array<[string, string | undefined]> = [
    ['display', request.display],
    ['prompt', request.prompt],
    ['ui_locales', request.uiLocales],
  ];
  for (const [name, value] of optional) {
    if (value) params.set(name, value);
    else params.delete(name);
  }
  return url.href;
}

/**
 * Prepares one sign-in: checks the profile's address, makes a fresh verifier, challenge and state, remembers the
 * transaction, and returns the address to send the browser to.
 */
export async function startSignIn(options: StartSignInOptions): Promise<StartedSignIn> {
  const pageUrl = options.pageUrl ?? globalThis.location?.href;
  const endpoint = checkSignInEndpoint(options.profile?.links?.['authorization-endpoint'], [
    pageUrl,
    options.redirectUri,
  ]);
  const pkce = await createPkcePair();
  const state = createState();
  const url = buildAuthorizationUrl({
    endpoint: endpoint.href,
    clientId: options.authorizationClientId,
    redirectUri: options.redirectUri,
    state,
    codeChallenge: pkce.codeChallenge,
    display: options.display,
    prompt: options.prompt,
    uiLocales: options.uiLocales,
  });
  const transaction = saveTransaction(
    {
      state,
      codeVerifier: pkce.codeVerifier,
      redirectUri: options.redirectUri,
      profileId: options.profile.id,
      clientId: options.clientId,
      baseUrl: options.baseUrl,
    },
    { storage: options.storage, now: options.now },
  );
  return { url, transaction };
}

/** The callback in an address: `code`+`state`, or `error`+`state`; undefined for any other address. */
export function readCallback(address: string | URL): SignInCallback | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  const params = url.searchParams;
  const state = params.get('state');
  if (!state) return undefined;
  const error = params.get('error');
  if (error) return { kind: 'error', error, description: params.get('error_description') ?? undefined, state };
  const code = params.get('code');
  if (code) return { kind: 'code', code, state };
  return undefined;
}

/** The address without the callback's parameters; other parameters and the hash stay. */
export function withoutCallbackParams(address: string | URL): string {
  const url = new URL(address);
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
  return url.href;
}

/** The page address without query and hash: the default redirect URI. */
export function defaultRedirectUri(address: string = globalThis.location.href): string {
  const url = new URL(address);
  url.search = '';
  url.hash = '';
  return url.href;
}

let takenCallbackHref: string | undefined;

/**
 * Takes the callback out of the address bar, once per page load: the parameters are removed at once (so a
 * reload never replays them) and a second element asking on the same page gets nothing.
 */
export function takeCallbackFromLocation(): SignInCallback | undefined {
  const href = globalThis.location?.href;
  if (!href) return undefined;
  const callback = readCallback(href);
  if (!callback) return undefined;
  try {
    history.replaceState(history.state, '', withoutCallbackParams(href));
  } catch {
    // A sandboxed page may refuse; the guard below still keeps it single-use on this page.
  }
  if (takenCallbackHref === href) return undefined;
  takenCallbackHref = href;
  return callback;
}

/** Lets a test load a callback address again as a reload would (a new page load forgets what it took). */
export function forgetTakenCallbackForTesting(): void {
  takenCallbackHref = undefined;
}

export interface CompleteSignInOptions extends TransactionStoreOptions {
  /** A client of the service with the store's token (implicit grant or the host's). */
  client: StorefrontClient;
  signal?: AbortSignal;
}

/**
 * Finishes the sign-in the callback answers: an `idp_error` for an error, a `state_mismatch` for a state with no
 * live transaction (unknown, expired or already used; no token is requested then), else the token exchange.
 */
export async function completeSignIn(
  callback: SignInCallback,
  options: CompleteSignInOptions,
): Promise<SignedInDetail> {
  // The transaction is used up in every case, so the same callback can never be redeemed twice.
  const transaction = consumeTransaction(callback.state, { storage: options.storage, now: options.now });
  if (callback.kind === 'error') {
    const description = callback.description ? `${callback.description} (${callback.error})` : callback.error;
    throw new StorefrontError('idp_error', description);
  }
  if (!transaction) {
    throw new StorefrontError(
      'state_mismatch',
      'The sign-in answer does not match a sign-in started on this page (unknown, expired or already used).',
    );
  }
  const answer = await options.client.createAccountManagementTokens(
    { code: callback.code, redirectUri: transaction.redirectUri, codeVerifier: transaction.codeVerifier },
    { signal: options.signal },
  );
  return toSignedInDetail(answer);
}

/** The token answer as the `signed-in` detail; `invalid_response` when a token is incomplete. */
export function toSignedInDetail(answer: AccountManagementTokenResponse): SignedInDetail {
  const accounts: AccountSession[] = answer.data.map((item) => {
    const fields = item as unknown as Record<string, unknown>;
    const { account_id, account_name, token, expires } = fields;
    if (
      typeof account_id !== 'string' ||
      typeof token !== 'string' ||
      token === '' ||
      typeof expires !== 'string' ||
      Number.isNaN(Date.parse(expires))
    ) {
      throw new StorefrontError('invalid_response', 'The token answer has an incomplete account token.');
    }
    return {
      accountId: account_id,
      accountName: typeof account_name === 'string' ? account_name : account_id,
      token,
      expires,
    };
  });
  return { accountMemberId: answer.meta.account_member_id, accounts };
}
