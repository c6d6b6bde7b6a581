/**
 * Tokens the service hands out, all JWTs signed (HS256) with one secret of the store:
 * - `implicit`: storefront access token (grant_type=implicit),
 * - `operator`: client-credentials access token,
 * - `account`: account management authentication token of one member for one account.
 * The secret is random per store and persisted with `--data`, so tokens survive a restart then.
 * A token holds only while what granted it does: an account token while its member still belongs to the account,
 * an operator token while its client has the secret it was granted with, any access token while its client exists.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const ACCOUNT_TOKEN_TTL_SECONDS = 24 * 3600;
const ISSUER = 'storefront-elements-reference-service';
/** Tokens whose signature was checked that are kept, so that a client's next requests need not check it again. */
const VERIFIED_KEPT = 1024;

/**
 * @typedef {{ kind: 'implicit' | 'operator', clientId: string }
 *   | { kind: 'account', accountId: string, accountMemberId: string }} TokenSubject
 */

export class Tokens {
  /**
   * Tokens checked lately, with what they name and when they expire (unix seconds): a signature is checked in
   * the thread pool and back, a large share of what a request of a busy operator costs. Only tokens that passed
   * are kept, under the secret that signed them.
   * @type {Map<string, { subject: TokenSubject, exp: number, secretMark?: string }>}
   */
  #verified = new Map();
  /** the signing secret the kept tokens were checked with */
  #verifiedWith = '';

  /**
   * @param {import('./store.js').Store} store
   * @param {{ accountTokenTtlSeconds?: number }} [options] how long account tokens last (`--token-ttl`); default
   *   the store's setting (`account_management_authentication_token_timeout_secs`), else a day
   */
  constructor(store, { accountTokenTtlSeconds } = {}) {
    this.store = store;
    this.ttlOption = accountTokenTtlSeconds;
    if (!store.signingSecret()) store.setSigningSecret(randomBytes(32).toString('base64url'));
  }

  /** How long an account management token lasts, in seconds. */
  get accountTokenTtlSeconds() {
    return this.ttlOption ?? this.store.settings.token_timeout_secs ?? ACCOUNT_TOKEN_TTL_SECONDS;
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
    const claims =
      kind === 'operator' ? { kind, sec: secretMark(this.store.client(clientId)?.client_secret) } : { kind };
    const accessToken = await this.#sign(claims, clientId, expires);
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
    const exp = expiresAt ?? Math.floor(Date.now() / 1000) + this.accountTokenTtlSeconds;
    const token = await this.#sign({ kind: 'account', account_id: accountId }, accountMemberId, exp);
    return { token, expires: new Date(exp * 1000).toISOString() };
  }

  /**
   * Verifies a bearer token; null when it is forged, expired or not ours.
   * @param {string} token
   * @returns {Promise<TokenSubject | null>}
   */
  async verify(token) {
    const secret = this.store.signingSecret() ?? '';
    if (secret !== this.#verifiedWith) {
      this.#verified.clear();
      this.#verifiedWith = secret;
    }
    // expired as jose says: `exp` at or before the current second
    const now = Math.floor(Date.now() / 1000);
    const known = this.#verified.get(token);
    if (known && known.exp > now) return this.#stillGranted(known) ? known.subject : null;
    this.#verified.delete(token);
    const subject = await this.#check(token);
    if (subject && this.store.signingSecret() === secret) {
      Object.freeze(subject.subject);
      this.#verified.set(token, subject);
      if (this.#verified.size > VERIFIED_KEPT)
        this.#verified.delete(/** @type {string} */ (this.#verified.keys().next().value));
    }
    return subject && this.#stillGranted(subject) ? subject.subject : null;
  }

  /**
   * Whether what granted a token still holds (checked at every use: a membership removed, a client removed or
   * given a new secret ends the tokens it granted at once).
   * @param {{ subject: TokenSubject, secretMark?: string }} verified
   */
  #stillGranted({ subject, secretMark: mark }) {
    if (subject.kind === 'account') return this.store.isMemberOf(subject.accountId, subject.accountMemberId);
    const client = this.store.client(subject.clientId);
    return !!client && (subject.kind === 'implicit' || mark === secretMark(client.client_secret));
  }

  /**
   * @param {string} token
   * @returns {Promise<{ subject: TokenSubject, exp: number, secretMark?: string } | null>}
   */
  async #check(token) {
    try {
      const { payload } = await jwtVerify(token, this.#key, { issuer: ISSUER, algorithms: ['HS256'] });
      const exp = payload.exp ?? Infinity;
      if ((payload.kind === 'implicit' || payload.kind === 'operator') && typeof payload.sub === 'string') {
        const mark = typeof payload.sec === 'string' ? payload.sec : undefined;
        return { subject: { kind: payload.kind, clientId: payload.sub }, exp, secretMark: mark };
      }
      if (payload.kind === 'account' && typeof payload.account_id === 'string' && typeof payload.sub === 'string') {
        return { subject: { kind: 'account', accountId: payload.account_id, accountMemberId: payload.sub }, exp };
      }
      return null;
    } catch {
      return null;
    }
  }
}

/**
 * What an operator token carries of its client's secret: enough to tell that the secret changed, nothing to learn
 * it from (the first 16 characters of its SHA-256).
 * @param {string | undefined} secret
 */
function secretMark(secret) {
  return createHash('sha256')
    .update(secret ?? '')
    .digest('base64url')
    .slice(0, 16);
}
