/**
 * Tokens the service hands out, all JWTs signed (HS256) with one secret of the store:
 * - `implicit`: storefront access token (grant_type=implicit),
 * - `operator`: client-credentials access token,
 * - `account`: account management authentication token of one member for one account.
 * The secret is random per store and persisted with `--data`, so tokens survive a restart then.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const ACCOUNT_TOKEN_TTL_SECONDS = 24 * 3600;
const ISSUER = 'storefront-elements-reference-service';

/**
 * @typedef {{ kind: 'implicit' | 'operator', clientId: string }
 *   | { kind: 'account', accountId: string, accountMemberId: string }} TokenSubject
 */

export class Tokens {
  /** @param {import('./store.js').Store} store */
  constructor(store) {
    this.store = store;
    if (!store.signingSecret()) store.setSigningSecret(randomBytes(32).toString('base64url'));
  }

  get #key() {
    return Buffer.from(/** @type {string} */ (this.store.signingSecret()), 'base64url');
  }

  /**
   * @param {Record<string, unknown>} claims
   * @param {string} subject
   * @param {number} expiresAt unix seconds
   */
  async #sign(claims, subject, expiresAt) {
    return (
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(subject)
        .setIssuedAt()
        // a fresh token is never the same string as one issued before in the same second
        .setJti(randomUUID())
        .setExpirationTime(expiresAt)
        .sign(this.#key)
    );
  }

  /**
   * Access token of a store client (`POST /oauth/access_token`).
   * @param {'implicit' | 'client_credentials'} grant
   * @param {string} clientId
   */
  async accessToken(grant, clientId) {
    const expires = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
    const kind = grant === 'implicit' ? 'implicit' : 'operator';
    const accessToken = await this.#sign({ kind }, clientId, expires);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires,
      identifier: grant,
    };
  }

  /**
   * Account management authentication token.
   * @param {string} accountMemberId
   * @param {string} accountId
   * @param {{ expiresAt?: number }} [options] unix seconds; tests pass a past instant to get an expired token
   */
  async accountToken(accountMemberId, accountId, { expiresAt } = {}) {
    const exp = expiresAt ?? Math.floor(Date.now() / 1000) + ACCOUNT_TOKEN_TTL_SECONDS;
    const token = await this.#sign({ kind: 'account', account_id: accountId }, accountMemberId, exp);
    return { token, expires: new Date(exp * 1000).toISOString() };
  }

  /**
   * Verifies a bearer token; null when it is forged, expired or not ours.
   * @param {string} token
   * @returns {Promise<TokenSubject | null>}
   */
  async verify(token) {
    try {
      const { payload } = await jwtVerify(token, this.#key, { issuer: ISSUER, algorithms: ['HS256'] });
      if ((payload.kind === 'implicit' || payload.kind === 'operator') && typeof payload.sub === 'string') {
        return { kind: payload.kind, clientId: payload.sub };
      }
      if (payload.kind === 'account' && typeof payload.account_id === 'string' && typeof payload.sub === 'string') {
        return { kind: 'account', accountId: payload.account_id, accountMemberId: payload.sub };
      }
      return null;
    } catch {
      return null;
    }
  }
}
