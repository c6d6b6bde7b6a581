/**
 * The sign-in on the store's server: the authorization request (PKCE S256 and state made here, kept in a short
 * sealed transaction cookie) and the callback (state checked with oauth4webapi, code exchanged with the verifier
 * at `POST /v2/account-members/tokens`). The browser sees the identity provider's addresses and its own cookies,
 * never a verifier or a token.
 */
import { type AuthorizationServer, type Client, validateAuthResponse, AuthorizationResponseError } from 'oauth4webapi';
import { createAccountManagementTokens } from '../api/account-tokens.js';
import { getAccountAuthenticationSettings, listOidcProfiles } from '../api/client.js';
import type { Connection } from '../api/connection.js';
import { StorefrontError } from '../api/errors.js';
import type { OidcProfile } from '../api/types.js';
import { createPkcePair, createState } from '../auth/pkce.js';
import {
  buildAuthorizationUrl,
  checkSignInEndpoint,
  needsShopper,
  readWhoSignedIn,
  toSignedInDetail,
} from '../auth/sign-in.js';
import { signInCookie } from './cookies.js';
import type { Sealer } from './seal.js';
import type { ServerSession } from './session-keeper.js';

/** How long a shopper may take at the identity provider. */
export const SIGN_IN_SECONDS = 10 * 60;

export interface SignInTransaction {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: string;
  profileId: string;
  /** A renewal (`prompt=none`): an identity provider that needs the shopper asks again with its login form. */
  renewal?: boolean;
}

export interface SignInRequest {
  profileId?: string;
  redirectUri: string;
  returnTo: string;
  prompt?: string;
  uiLocales?: string;
  display?: string;
  /** The shopper signed out here before: the identity provider asks for the password again. */
  loginAgain: boolean;
}

/** The store's OIDC profiles, with the client id the authorization request names. */
async function readProfiles(api: Connection): Promise<{ clientId: string; profiles: OidcProfile[] }> {
  const settings = await getAccountAuthenticationSettings(api);
  const profiles = await listOidcProfiles(api, settings.relationships.authentication_realm.data.id);
  return { clientId: settings.meta.client_id, profiles };
}

/** The profile named `id`, or the store's only one when none is named. */
export async function findProfile(api: Connection, id?: string) {
  const { clientId, profiles } = await readProfiles(api);
  const profile = id ? profiles.find((candidate) => candidate.id === id) : profiles.length === 1 && profiles[0];
  if (!profile) throw new StorefrontError('not_configured', id ? `No OIDC profile ${id}.` : 'Name the OIDC profile.');
  return { clientId, profile };
}

/** The authorization address to send the browser to, and the sealed transaction cookie's value. */
export async function startSignIn(
  api: Connection,
  sealer: Sealer,
  request: SignInRequest,
): Promise<{ url: string; state: string; transaction: string }> {
  const { clientId, profile } = await findProfile(api, request.profileId);
  const endpoint = checkSignInEndpoint(profile.links?.['authorization-endpoint'], [request.redirectUri]).href;
  const { codeVerifier, codeChallenge } = await createPkcePair();
  const state = createState();
  const prompt = request.loginAgain ? 'login' : request.prompt;
  const url = buildAuthorizationUrl({ ...request, endpoint, clientId, state, codeChallenge, prompt });
  const transaction: SignInTransaction = {
    state,
    codeVerifier,
    redirectUri: request.redirectUri,
    returnTo: request.returnTo,
    profileId: profile.id,
    ...(prompt === 'none' && { renewal: true }),
  };
  return { url, state, transaction: await sealer.seal('sign-in', transaction, Date.now() + SIGN_IN_SECONDS * 1000) };
}

/** The transaction the callback's state names, from its cookie; undefined for a forged, replayed or stale one. */
export async function readTransaction(
  sealer: Sealer,
  callback: URL,
  cookie: (name: string) => string | undefined,
): Promise<SignInTransaction | undefined> {
  const state = callback.searchParams.get('state');
  if (!state) return;
  const transaction = await sealer.open<SignInTransaction>('sign-in', cookie(signInCookie(state)));
  return transaction?.state === state ? transaction : undefined;
}

/**
 * Finishes the sign-in the callback answers: oauth4webapi checks the state (and turns an error answer into
 * `idp_error`), the code is exchanged with the verifier, and the member's name and email are read where the
 * store lets a member read them.
 */
export async function finishSignIn(
  api: Connection,
  callback: URL,
  transaction: SignInTransaction,
): Promise<ServerSession> {
  const server: AuthorizationServer = { issuer: api.baseUrl };
  const client: Client = { client_id: 'storefront-elements' };
  let code: string;
  try {
    code = validateAuthResponse(server, client, callback, transaction.state).get('code')!;
  } catch (cause) {
    if (cause instanceof AuthorizationResponseError) {
      const { error, error_description: description } = cause;
      throw new StorefrontError('idp_error', description ? `${description} (${error})` : error, { cause });
    }
    throw new StorefrontError('state_mismatch', 'The sign-in answer does not match the sign-in started.', { cause });
  }
  const answer = await createAccountManagementTokens(api, { ...transaction, code });
  const { accountMemberId, accounts: tokens } = toSignedInDetail(answer);
  const { member, accounts } = await readWhoSignedIn(api, accountMemberId, tokens);
  return {
    member,
    accounts,
    selectedAccountId: accounts.length === 1 ? accounts[0].accountId : undefined,
    profileId: transaction.profileId,
  };
}

/** Whether the sign-in failed as a renewal does where the identity provider needs the shopper: its login form then. */
export const needsLoginForm = (transaction: SignInTransaction, error: unknown): boolean => {
  const cause = (error as StorefrontError).cause;
  return !!transaction.renewal && cause instanceof AuthorizationResponseError && needsShopper(cause.error);
};
