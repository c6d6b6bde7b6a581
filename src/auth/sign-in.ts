/**
 * The storefront's side of the sign-in flow, without any element: the authorization request (PKCE S256, state,
 * transaction), the safety check of the sign-in address, and exchanging the code the callback brought for account
 * management tokens. Reading the callback from the address bar is callback.ts.
 */
import { createAccountManagementTokens, getOwnAccount, getOwnAccountMember } from '../api/account-tokens.js';
import { AuthorizationResponseError, validateAuthResponse } from 'oauth4webapi';
import { type Connection, parseUrl } from '../api/connection.js';
import { StorefrontError, isAbortError } from '../api/errors.js';
import type { AccountManagementTokenResponse, OidcProfile } from '../api/types.js';
import type { AccountSession, SignedInMember } from '../events.js';
import type { SignInCallback } from './callback.js';
import { createPkcePair, createState } from './pkce.js';
import { type MemberSignIn, isSignIn } from './session.js';
import {
  type SignInTransaction,
  type TransactionStoreOptions,
  consumeTransaction,
  saveTransaction,
} from './transaction.js';

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
  /** The shopper signed out since the last sign-in: the identity provider must ask for the password again. */
  loginAgain?: boolean;
  /**
   * A renewal of the session in force: `prompt=none`, so that an identity provider whose session lives signs the
   * shopper in again without a screen; the transaction remembers it (see `renewal` of the transaction).
   */
  renewal?: boolean;
  /** The page to go back to once signed in, when the redirect URI is another. */
  returnTo?: string;
  /** The account to choose again once signed in. */
  accountId?: string;
  /** The address of the page; an https page refuses plain-http sign-in addresses. Defaults to `location.href`. */
  pageUrl?: string;
}

export interface StartedSignIn {
  url: string;
  transaction: SignInTransaction;
}

/** A loopback address: plain http to it never leaves the machine. */
export const isLoopback = (url: URL): boolean => /^(localhost|127\.0\.0\.1|\[::1\]|.*\.localhost)$/.test(url.hostname);

/**
 * A sign-in (or sign-out) address of the identity provider's side as a URL, or an `unsafe_endpoint` error: only
 * http(s) without credentials is opened, and plain http only to a loopback host when the page or the redirect
 * URI is https (a downgrade would expose it).
 */
export function checkSignInEndpoint(endpoint: unknown, secureContextUrls: Array<string | undefined> = []): URL {
  const url = parseUrl(endpoint);
  const http = url?.protocol === 'http:';
  if (
    !url ||
    !(http || url.protocol === 'https:') ||
    url.username ||
    url.password ||
    (http && !isLoopback(url) && secureContextUrls.some((page) => /^https:/i.test(page!)))
  ) {
    throw new StorefrontError('unsafe_endpoint', 'The sign-in address is not safe to open.');
  }
  return url;
}

/**
 * The prompt of a sign-in: `none` for a renewal, else the page's own values, and `login` after a sign-out (`none`
 * cannot go with it).
 */
function promptFor({ prompt = '', loginAgain, renewal }: StartSignInOptions): string {
  if (renewal) return 'none';
  return loginAgain
    ? [...prompt.split(' ').filter((v) => v && v !== 'none' && v !== 'login'), 'login'].join(' ')
    : prompt;
}

/**
 * Whether an identity provider's error answer to `prompt=none` says it needs the shopper (OpenID Connect Core
 * 3.1.2.6): a renewal then signs in again with the login form.
 */
export const needsShopper = (error: string): boolean =>
  /^(login_required|interaction_required|consent_required|account_selection_required)$/.test(error);

/** The authorization request address: the endpoint with the client's parameters set (RFC 6749, RFC 7636). */
export function buildAuthorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(request.endpoint);
  for (const [name, value] of Object.entries({
    scope: 'openid email',
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge_method: 'S256',
    code_challenge: request.codeChallenge,
    display: request.display,
    prompt: request.prompt,
    ui_locales: request.uiLocales,
  })) {
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  return url.href;
}

/**
 * Prepares one sign-in: checks the profile's address, makes a fresh verifier, challenge and state, remembers the
 * transaction, and returns the address to send the browser to (or open in a popup).
 */
export async function startSignIn(options: StartSignInOptions): Promise<StartedSignIn> {
  const { profile, redirectUri } = options;
  const endpoint = checkSignInEndpoint(profile.links?.['authorization-endpoint'], [
    options.pageUrl ?? location.href,
    redirectUri,
  ]).href;
  const { codeVerifier, codeChallenge } = await createPkcePair();
  const state = createState();
  return {
    url: buildAuthorizationUrl({
      ...options,
      endpoint,
      clientId: options.authorizationClientId,
      state,
      codeChallenge,
      prompt: promptFor(options),
    }),
    transaction: saveTransaction({ ...options, state, codeVerifier, profileId: profile.id }, options),
  };
}

/** A finished sign-in, with what its start asked to happen after it. */
export interface CompletedSignIn extends MemberSignIn {
  /** The page to go back to (a same-origin address), when the sign-in started elsewhere than its redirect URI. */
  returnTo?: string;
  /** The account to choose again. */
  accountId?: string;
}

export interface CompleteSignInOptions extends TransactionStoreOptions {
  /** The connection to the service, with the store's token (implicit grant or the host's). */
  connection: Connection;
  /** The store client of the element finishing the sign-in; must be the one that started it. */
  clientId: string;
  signal?: AbortSignal;
}

/**
 * Finishes the sign-in the callback answers. The state must name a live transaction started for this store
 * (same client id, same service origin): otherwise `state_mismatch`, before anything else is believed and
 * without any request, so a forged or replayed address can neither show its text nor send a code anywhere.
 * Then an error callback becomes `idp_error`, and a code is exchanged for account management tokens; the sign-in
 * names the OIDC profile it went through.
 */
export async function completeSignIn(
  callback: SignInCallback,
  options: CompleteSignInOptions,
): Promise<CompletedSignIn> {
  // The transaction is used up in every case, so the same callback can never be redeemed twice.
  const transaction = consumeTransaction(callback.state, options);
  const { connection, clientId } = options;
  if (
    !transaction ||
    transaction.clientId !== clientId ||
    parseUrl(transaction.baseUrl)?.origin !== parseUrl(connection.baseUrl)?.origin
  ) {
    throw new StorefrontError('state_mismatch', 'No matching sign-in on this page.');
  }
  const code = authorizationCode(callback, transaction.state, connection, clientId);
  const answer = await createAccountManagementTokens(connection, { ...transaction, code }, options);
  const { accountMemberId, accounts } = toSignedInDetail(answer);
  return {
    accountMemberId,
    ...(await readWhoSignedIn(connection, accountMemberId, accounts, options)),
    profileId: transaction.profileId,
    ...(transaction.returnTo && { returnTo: transaction.returnTo }),
    ...(transaction.accountId && { accountId: transaction.accountId }),
  };
}

/**
 * The code of a callback, checked by oauth4webapi (RFC 6749 4.1.2, RFC 9207's `iss` where the answer has one): an
 * error answer is `idp_error`, its OAuth error code on `idpError(error)`; one that fails a check `state_mismatch`.
 */
function authorizationCode(callback: SignInCallback, state: string, connection: Connection, clientId: string): string {
  try {
    const params = new URLSearchParams(callback.query);
    return validateAuthResponse({ issuer: connection.baseUrl }, { client_id: clientId }, params, state).get('code')!;
  } catch (cause) {
    if (cause instanceof AuthorizationResponseError) {
      const { error, error_description: description } = cause;
      throw new StorefrontError('idp_error', description ? `${description} (${error})` : error, { cause });
    }
    throw new StorefrontError('state_mismatch', 'The sign-in answer does not match the sign-in started.', { cause });
  }
}

/** The identity provider's OAuth error code behind an `idp_error` (`access_denied`, `login_required`, …). */
export function idpError(error: unknown): string | undefined {
  const cause = error instanceof StorefrontError ? error.cause : undefined;
  return cause instanceof AuthorizationResponseError ? cause.error : undefined;
}

/**
 * What the page shows of a sign-in beyond its tokens, read with them: who signed in, and where each account sits
 * in the store's tree of accounts. Read together, so the sign-in waits for the slower of the two.
 */
export async function readWhoSignedIn(
  connection: Connection,
  accountMemberId: string,
  accounts: AccountSession[],
  options: { signal?: AbortSignal } = {},
): Promise<{ member: SignedInMember; accounts: AccountSession[] }> {
  const [member, placed] = await Promise.all([
    readSignedInMember(connection, accountMemberId, accounts[0]?.token, options),
    readAccountParents(connection, accounts, options),
  ]);
  return { member, accounts: placed };
}

/**
 * Who signed in: the member's own record, read with one of their account tokens; just the id where the store does
 * not let a member read it, or it cannot be read now (the sign-in stands all the same).
 */
export async function readSignedInMember(
  connection: Connection,
  id: string,
  accountToken: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SignedInMember> {
  if (!accountToken) return { id };
  try {
    const { name, email } = await getOwnAccountMember({ ...connection, accountToken }, id, { signal });
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    return { id, name: text(name), email: text(email) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { id };
  }
}

/** How many accounts are read at once: a tree of hundreds is read without a flood of requests. */
const PARALLEL_READS = 6;

/**
 * The accounts with the id of their parent (the vendor's `parent_id`), each read with its own token, a few at a
 * time. A member of one account has no tree to show, and nothing is read. An account that cannot be read now
 * stays without a parent (shown at the top of the tree), and the sign-in stands.
 */
export async function readAccountParents(
  connection: Connection,
  accounts: AccountSession[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<AccountSession[]> {
  const placed = [...accounts];
  if (placed.length < 2) return placed;
  let next = 0;
  const reader = async () => {
    while (next < placed.length) {
      const account = placed[next++];
      try {
        const { parent_id: parentId } = await getOwnAccount(
          { ...connection, accountToken: account.token },
          account.accountId,
          { signal },
        );
        if (typeof parentId === 'string' && parentId) placed[placed.indexOf(account)] = { ...account, parentId };
      } catch (error) {
        if (isAbortError(error)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, placed.length) }, reader));
  return placed;
}

/** The token answer as the `signed-in` detail; `invalid_response` when a token is incomplete. */
export function toSignedInDetail(answer: AccountManagementTokenResponse): MemberSignIn {
  const signIn = {
    accountMemberId: answer.meta.account_member_id,
    accounts: answer.data.map(({ account_id: accountId, account_name, token, expires }) => ({
      accountId,
      accountName: account_name ?? accountId,
      token,
      expires,
    })),
  };
  if (!isSignIn(signIn)) throw new StorefrontError('invalid_response', 'Incomplete account token.');
  return signIn;
}
