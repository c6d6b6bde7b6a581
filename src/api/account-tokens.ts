/**
 * The code exchange of a sign-in, `POST /v2/account-members/tokens`: a module of its own, as only the sign-in
 * flow calls it, so it goes with that flow wherever a bundler puts it.
 */
import { type Connection, type Json, list, request, valid } from './connection.js';
import type { RequestOptions } from './http.js';
import type { Account, AccountManagementTokenResponse, AccountMember } from './types.js';

export interface AccountManagementTokenRequest {
  /** The `code` the redirect brought back. */
  code: string;
  /** The redirect URI the authorization request named. */
  redirectUri: string;
  /** The PKCE code verifier of this sign-in. */
  codeVerifier: string;
}

/** `POST /v2/account-members/tokens`: exchanges the sign-in code and PKCE verifier for account tokens. */
export async function createAccountManagementTokens(
  connection: Connection,
  { code, redirectUri, codeVerifier }: AccountManagementTokenRequest,
  options?: RequestOptions,
): Promise<AccountManagementTokenResponse> {
  const body = list<Json>(
    await request(connection, 'v2/account-members/tokens', {
      ...options,
      body: {
        data: {
          type: 'account_management_authentication_token',
          authentication_mechanism: 'oidc',
          oauth_authorization_code: code,
          oauth_redirect_uri: redirectUri,
          oauth_code_verifier: codeVerifier,
        },
      },
    }),
  );
  return valid(body, body?.meta?.account_member_id);
}

/**
 * `GET /v2/account-members/:id` with the member's own account token (the connection's `accountToken`) beside the
 * store's bearer: the vendor's permission table lets a member read their own record.
 */
export async function getOwnAccountMember(
  connection: Connection,
  accountMemberId: string,
  options?: RequestOptions,
): Promise<AccountMember> {
  const data = (await request(connection, `v2/account-members/${encodeURIComponent(accountMemberId)}`, options))?.data;
  return valid(data, (data?.id as unknown) === accountMemberId);
}

/**
 * `GET /v2/accounts/:id` with that account's own token (the connection's `accountToken`) beside the store's bearer:
 * the vendor's permission table lets an account token read its account, `parent_id` included.
 */
export async function getOwnAccount(
  connection: Connection,
  accountId: string,
  options?: RequestOptions,
): Promise<Account> {
  const data = (await request(connection, `v2/accounts/${encodeURIComponent(accountId)}`, options))?.data;
  return valid(data, (data?.id as unknown) === accountId);
}
