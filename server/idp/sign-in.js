/**
 * The service's sign-in leg, between the storefront (its OAuth client) and the identity provider of an
 * OIDC profile (where the service is the relying party, with oauth4webapi).
 *
 *   GET /oidc/authorize?profile_id=…&client_id&redirect_uri&response_type=code&scope&state
 *       &code_challenge&code_challenge_method=S256[&display&prompt&ui_locales]
 *     checks client_id and redirect_uri first (refused with a 400 page or envelope, never redirected),
 *     then the rest (errors go back to redirect_uri as OAuth does), keeps the client's values server-side
 *     and sends the browser to the identity provider with the service's own state and PKCE.
 *   GET /oidc/callback
 *     exchanges the identity provider's code (client_secret_basic), validates the ID token, reads email
 *     (falling back to UserInfo), finds or creates the member by email, and redirects to the client's
 *     redirect_uri with a one-time code of the service and the client's state.
 *   The code is redeemed by POST /v2/account-members/tokens ({@link SignIn#redeemCode}).
 */
import { createHash, randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { badRequest, methodNotAllowed, toEnvelope } from '../http/errors.js';
import { escapeHtml, page, redirect, sendHtml, sendJson } from '../http/util.js';

const TRANSACTION_TTL_MS = 10 * 60_000;
export const CODE_TTL_MS = 5 * 60_000;
const MAX_PENDING = 10_000;
const WELL_KNOWN = '/.well-known/openid-configuration';
const VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE_RE = /^[A-Za-z0-9\-_]{43}$/;

/**
 * @typedef {{ profileId: string, clientState: string, redirectUri: string, codeChallenge: string,
 *   verifier: string, expires: number }} Transaction
 * @typedef {{ memberId: string, redirectUri: string, codeChallenge: string, expires: number }} IssuedCode
 */

/**
 * A loopback host name as `URL#hostname` spells it; only these may be reached over plain http.
 * @param {string} hostname
 */
export const isLoopback = (hostname) => ['localhost', '127.0.0.1', '[::1]'].includes(hostname);

/** A client's redirect_uri the fixture store accepts: any http://localhost:<port>/… or http://127.0.0.1:<port>/… */
/** @param {string} value */
function isLocalRedirect(value) {
  try {
    const u = new URL(value);
    return (
      u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1') && !u.hash && !u.username
    );
  } catch {
    return false;
  }
}

/** Error of the authorization request that is sent back to the client's redirect_uri. */
class AuthorizeError extends Error {
  /** @param {string} error @param {string} description */
  constructor(error, description) {
    super(description);
    this.error = error;
  }
}

export class SignIn {
  /**
   * @param {{ store: import('../domain/store.js').Store, baseUrl: string, issuer: string, redirectUris: string[],
   *   log: (m: string) => void }} options
   */
  constructor({ store, baseUrl, issuer, redirectUris, log }) {
    this.store = store;
    this.baseUrl = baseUrl;
    this.issuer = issuer;
    this.redirectUris = redirectUris;
    this.log = log;
    this.callbackUrl = `${baseUrl}/oidc/callback`;
    /** @type {Map<string, Transaction>} keyed by the state sent to the identity provider */
    this.transactions = new Map();
    /** @type {Map<string, IssuedCode>} */
    this.codes = new Map();
    /** @type {Map<string, Promise<oauth.AuthorizationServer>>} */
    this.discovered = new Map();
  }

  reset() {
    this.transactions.clear();
    this.codes.clear();
  }

  /** @param {string} uri */
  isRegisteredRedirect(uri) {
    if (isLocalRedirect(uri)) return true;
    return this.redirectUris.includes(uri) || this.store.data.redirect_uris.includes(uri);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async handle(req, res) {
    const url = new URL(req.url ?? '/', this.baseUrl);
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const { status, headers, body } = toEnvelope(methodNotAllowed(['GET', 'HEAD']));
        sendJson(res, status, body, headers);
        return;
      }
      if (url.pathname === '/oidc/authorize') await this.#authorize(req, res, url);
      else if (url.pathname === '/oidc/callback') await this.#callback(req, res, url);
      else refuse(req, res, 404, 'Not Found', `No resource at ${url.pathname}`);
    } catch (error) {
      this.log(`sign-in error: ${/** @type {Error} */ (error)?.stack ?? error}`);
      refuse(req, res, 500, 'Internal Server Error', 'The request could not be processed');
    }
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} url
   */
  async #authorize(req, res, url) {
    const q = url.searchParams;
    for (const name of ['client_id', 'redirect_uri']) {
      if (q.getAll(name).length > 1) return refuse(req, res, 400, 'Bad Request', `The parameter ${name} is repeated`);
    }
    const clientId = q.get('client_id');
    const expectedClient = this.store.settings.client_id;
    if (!clientId) return refuse(req, res, 400, 'Bad Request', 'The client_id parameter is missing');
    if (clientId !== expectedClient) {
      return refuse(req, res, 400, 'Bad Request', `The client_id "${clientId}" is not a client of this store`);
    }
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) return refuse(req, res, 400, 'Bad Request', 'The redirect_uri parameter is missing');
    if (!this.isRegisteredRedirect(redirectUri)) {
      return refuse(
        req,
        res,
        400,
        'Bad Request',
        `The redirect_uri "${redirectUri}" is not registered for this store. Register it with --redirect-uri.`,
      );
    }
    const clientState = q.get('state') ?? undefined;
    try {
      for (const [name] of q) {
        if (q.getAll(name).length > 1) throw new AuthorizeError('invalid_request', `The parameter ${name} is repeated`);
      }
      const profile = this.store.profile(q.get('profile_id') ?? '');
      if (!profile)
        throw new AuthorizeError('invalid_request', 'The profile_id does not name an OIDC profile of this store');
      if (q.get('response_type') !== 'code') {
        throw new AuthorizeError('unsupported_response_type', 'response_type must be code');
      }
      const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
      if (!scopes.includes('openid')) throw new AuthorizeError('invalid_scope', 'scope must include openid');
      if (q.get('code_challenge_method') !== 'S256') {
        throw new AuthorizeError('invalid_request', 'code_challenge_method must be S256');
      }
      const codeChallenge = q.get('code_challenge') ?? '';
      if (!CHALLENGE_RE.test(codeChallenge)) {
        throw new AuthorizeError(
          'invalid_request',
          'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters)',
        );
      }
      if (!clientState) throw new AuthorizeError('invalid_request', 'state is required');

      let as;
      try {
        as = await this.#discover(profile);
      } catch (error) {
        this.log(`discovery failed for profile ${profile.id}: ${error}`);
        throw new AuthorizeError('temporarily_unavailable', 'The identity provider could not be reached');
      }
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      this.#prune();
      this.transactions.set(state, {
        profileId: profile.id,
        clientState,
        redirectUri,
        codeChallenge,
        verifier,
        expires: Date.now() + TRANSACTION_TTL_MS,
      });
      const target = new URL(/** @type {string} */ (as.authorization_endpoint));
      target.searchParams.set('client_id', profile.client_id);
      target.searchParams.set('redirect_uri', this.callbackUrl);
      target.searchParams.set('response_type', 'code');
      target.searchParams.set('scope', 'openid email profile');
      target.searchParams.set('state', state);
      target.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
      target.searchParams.set('code_challenge_method', 'S256');
      for (const name of ['display', 'prompt', 'ui_locales', 'login_hint']) {
        const value = q.get(name);
        if (value) target.searchParams.set(name, value);
      }
      redirect(res, target.href);
    } catch (error) {
      if (!(error instanceof AuthorizeError)) throw error;
      redirect(
        res,
        backToClient(redirectUri, { error: error.error, error_description: error.message, state: clientState }),
      );
    }
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} url
   */
  async #callback(req, res, url) {
    const state = url.searchParams.get('state') ?? '';
    const tx = this.transactions.get(state);
    if (!tx || tx.expires < Date.now()) {
      this.transactions.delete(state);
      return refuse(
        req,
        res,
        400,
        'Bad Request',
        'This sign-in is unknown or has expired. Go back to the store and sign in again.',
      );
    }
    this.transactions.delete(state);
    const back = (/** @type {Record<string, string | undefined>} */ params) =>
      redirect(res, backToClient(tx.redirectUri, { ...params, state: tx.clientState }));
    const profile = this.store.profile(tx.profileId);
    if (!profile) return back({ error: 'server_error', error_description: 'The OIDC profile no longer exists' });

    const as = await this.#discover(profile);
    /** @type {oauth.Client} */
    const client = { client_id: profile.client_id };
    /** @type {URLSearchParams} */
    let params;
    try {
      params = oauth.validateAuthResponse(as, client, url.searchParams, state);
    } catch (error) {
      if (error instanceof oauth.AuthorizationResponseError) {
        return back({ error: error.error, error_description: error.error_description });
      }
      return back({
        error: 'server_error',
        error_description: 'The identity provider answered with an invalid response',
      });
    }
    let email;
    let name;
    /** `email_verified` as the ID token and, when it was asked, UserInfo state it */
    const verified = [];
    try {
      const options = this.#options(as);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic(profile.client_secret),
        params,
        this.callbackUrl,
        tx.verifier,
        options,
      );
      const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: oauth.expectNoNonce,
        requireIdToken: true,
      });
      const claims = /** @type {oauth.IDToken} */ (oauth.getValidatedIdTokenClaims(result));
      email = claims.email;
      name = claims.name;
      verified.push(claims.email_verified);
      if (typeof email !== 'string' && as.userinfo_endpoint) {
        const info = await oauth.processUserInfoResponse(
          as,
          client,
          claims.sub,
          await oauth.userInfoRequest(as, client, result.access_token, options),
        );
        email = info.email;
        name = name ?? info.name;
        verified.push(info.email_verified);
      }
    } catch (error) {
      this.log(`code exchange failed: ${error}`);
      return back({ error: 'server_error', error_description: "The identity provider's answer could not be verified" });
    }
    if (typeof email !== 'string' || !email.includes('@')) {
      return back({ error: 'access_denied', error_description: 'The identity provider returned no email address' });
    }
    // members are found by email: an address the identity provider has not verified proves nothing
    if (verified.includes(false)) {
      return back({
        error: 'access_denied',
        error_description:
          'The identity provider has not verified this email address (email_verified is false), so it cannot be used to sign in',
      });
    }
    const member =
      this.store.memberByEmail(email) ??
      this.store.createMember({
        email,
        name: typeof name === 'string' && name.trim() ? name.trim() : email.split('@')[0],
      });
    const code = randomBytes(32).toString('base64url');
    this.codes.set(code, {
      memberId: member.id,
      redirectUri: tx.redirectUri,
      codeChallenge: tx.codeChallenge,
      expires: Date.now() + CODE_TTL_MS,
    });
    return back({ code });
  }

  /**
   * Redeems a one-time code of the service: single use, unexpired, same redirect_uri, S256 verifier.
   * @param {string} code
   * @param {string} redirectUri
   * @param {string} verifier
   * @returns {string} the account member id
   */
  redeemCode(code, redirectUri, verifier) {
    const issued = this.codes.get(code);
    // single use: the code is spent by any attempt, right or wrong
    this.codes.delete(code);
    if (!issued) throw badRequest('The authorization code is unknown or was already used');
    if (issued.expires < Date.now()) throw badRequest('The authorization code has expired');
    if (issued.redirectUri !== redirectUri) {
      throw badRequest('oauth_redirect_uri differs from the redirect_uri of the authorization request');
    }
    if (!VERIFIER_RE.test(verifier)) {
      throw badRequest('oauth_code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636)');
    }
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (challenge !== issued.codeChallenge) throw badRequest('oauth_code_verifier does not match the code_challenge');
    return issued.memberId;
  }

  /** @param {import('../domain/store.js').ProfileRecord} profile */
  #discover(profile) {
    const discoveryUrl = profile.embedded
      ? `${this.issuer}${WELL_KNOWN}`
      : /** @type {string} */ (profile.discovery_url);
    let pending = this.discovered.get(discoveryUrl);
    if (!pending) {
      const issuer = new URL(
        discoveryUrl.endsWith(WELL_KNOWN) ? discoveryUrl.slice(0, -WELL_KNOWN.length) : discoveryUrl,
      );
      pending = (async () => {
        const response = await oauth.discoveryRequest(issuer, {
          algorithm: 'oidc',
          [oauth.allowInsecureRequests]: isLoopback(issuer.hostname),
        });
        return oauth.processDiscoveryResponse(issuer, response);
      })();
      pending.catch(() => this.discovered.delete(discoveryUrl));
      this.discovered.set(discoveryUrl, pending);
    }
    return pending;
  }

  /** @param {oauth.AuthorizationServer} as */
  #options(as) {
    return { [oauth.allowInsecureRequests]: isLoopback(new URL(as.issuer).hostname) };
  }

  #prune() {
    const now = Date.now();
    for (const [k, v] of this.transactions) if (v.expires < now) this.transactions.delete(k);
    for (const [k, v] of this.codes) if (v.expires < now) this.codes.delete(k);
    while (this.transactions.size >= MAX_PENDING)
      this.transactions.delete(/** @type {string} */ (this.transactions.keys().next().value));
  }
}

/**
 * @param {string} redirectUri
 * @param {Record<string, string | undefined>} params
 */
function backToClient(redirectUri, params) {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return u.href;
}

/**
 * Refuses a request that may not be redirected: a small HTML page for a browser, the error envelope otherwise.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} title
 * @param {string} detail
 */
function refuse(req, res, status, title, detail) {
  if (String(req.headers.accept ?? '').includes('text/html')) {
    sendHtml(res, status, page(title, `<h1>Sign-in refused</h1><p>${escapeHtml(detail)}</p>`));
  } else {
    sendJson(res, status, { errors: [{ title, status: String(status), detail }] });
  }
}
