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
 *
 * A pending sign-in belongs to the browser that started it (an id the service made, in an HttpOnly cookie: see
 * ./browser-id.js): only that browser can finish it. A request without that cookie starts nothing: it gets the
 * cookie and comes back. Pending sign-ins are bounded per browser, per client address and in total, fairly
 * ({@link ExpiringTable}): a browser over its bound gives up its own oldest; an address at its bound takes no
 * sign-in of a browser new there (429) rather than push out another browser's; a full table takes from the
 * address holding the most. So no client, also at the same address, pushes out a browser's own sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { ExpiringTable } from './expiring-table.js';
import { isLoopback } from '../domain/loopback.js';
import { IdTokenError, acceptedEmail, emailVerified, keptName, remoteKeySet, verifyIdToken } from './id-token.js';
import { IdentityProviderError, checkedDiscovery } from './requirements.js';
import { badRequest, HttpError, quoted, tooManyRequests } from '../http/errors.js';
import { readCookie, redirect } from '../http/util.js';

export const TRANSACTION_TTL_MS = 10 * 60_000;
export const CODE_TTL_MS = 5 * 60_000;
const WELL_KNOWN = '/.well-known/openid-configuration';
const VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE_RE = /^[A-Za-z0-9\-_]{43}$/;
/** The cookie naming the browser a pending sign-in belongs to (only sent to the sign-in leg). */
export const BROWSER_COOKIE = 'storefront_signin';
/** Parameters of the authorization request passed on to the identity provider as they are. */
const FORWARDED = ['display', 'prompt', 'ui_locales', 'login_hint'];

/**
 * @typedef {{ profileId: string, clientState: string, redirectUri: string, codeChallenge: string,
 *   verifier: string }} Transaction
 * @typedef {{ memberId: string, redirectUri: string, codeChallenge: string }} IssuedCode
 * @typedef {{ pending: number, perBrowser: number, perAddress: number, outboundTimeoutMs: number }} SignInLimits
 *   pending sign-ins (and unredeemed codes) in total, per browser and per client address; how long a call
 *   to an identity provider (discovery, code exchange, UserInfo) may take
 */

/**
 * A client's redirect_uri the fixture store accepts: any http://localhost:<port>/… or http://127.0.0.1:<port>/…
 * @param {string} value
 */
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

/** @param {string} detail */
const refused = (detail) => new HttpError(400, detail);

export class SignIn {
  /**
   * @param {{ store: import('../domain/store.js').Store, baseUrl: string, issuer: string,
   *   redirectUris: string[], browserIds: import('./browser-id.js').BrowserIds, limits: SignInLimits,
   *   log: (m: string) => void }} options
   */
  constructor({ store, baseUrl, issuer, redirectUris, browserIds, limits, log }) {
    this.store = store;
    this.browserIds = browserIds;
    this.baseUrl = baseUrl;
    this.issuer = issuer;
    this.redirectUris = redirectUris;
    this.limits = limits;
    this.log = log;
    this.callbackUrl = `${baseUrl}/oidc/callback`;
    /** @type {ExpiringTable<Transaction>} keyed by the state sent to the identity provider */
    this.transactions = new ExpiringTable({
      max: limits.pending,
      // the bound per address is kept in {@link authorize}: a browser new at a full address is refused there
      perOwner: { browser: limits.perBrowser },
      ownFirst: 'browser',
    });
    /** @type {ExpiringTable<IssuedCode>} */
    this.codes = new ExpiringTable({ max: limits.pending, perOwner: { address: limits.perAddress } });
    /** @type {Map<string, Promise<oauth.AuthorizationServer>>} discovered identity providers (never failures) */
    this.discovered = new Map();
    /** @type {Map<string, ReturnType<typeof remoteKeySet>>} the JWKS of each provider, by its address */
    this.keySets = new Map();
  }

  reset() {
    this.transactions.clear();
    this.codes.clear();
    this.discovered.clear();
    this.keySets.clear();
  }

  /** Frees expired transactions and codes. */
  sweep() {
    return this.transactions.sweep() + this.codes.sweep();
  }

  /** @param {string} uri */
  isRegisteredRedirect(uri) {
    if (isLocalRedirect(uri)) return true;
    return this.redirectUris.includes(uri) || this.store.data.redirect_uris.includes(uri);
  }

  /**
   * GET /oidc/authorize
   * @param {import('../http/app.js').Ctx} ctx
   */
  async authorize({ req, res, url, client }) {
    const q = url.searchParams;
    for (const name of ['client_id', 'redirect_uri']) {
      if (q.getAll(name).length > 1) throw refused(`The parameter ${name} is repeated`);
    }
    const clientId = q.get('client_id');
    if (!clientId) throw refused('The client_id parameter is missing');
    if (clientId !== this.store.settings.client_id) {
      throw refused(`The client_id ${quoted(clientId)} is not a client of this store`);
    }
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) throw refused('The redirect_uri parameter is missing');
    if (!this.isRegisteredRedirect(redirectUri)) {
      throw refused(
        `The redirect_uri ${quoted(redirectUri)} is not registered for this store. Register it with --redirect-uri.`,
      );
    }
    const browser = this.browserIds.ofRequest(req, res, {
      name: BROWSER_COOKIE,
      path: '/oidc/',
      maxAgeSeconds: TRANSACTION_TTL_MS / 1000,
      secure: this.baseUrl.startsWith('https:'),
      target: url,
    });
    // a first visit: sent back with the cookie
    if (!browser) return;
    const clientState = q.get('state') ?? undefined;
    try {
      for (const [name] of q) {
        if (q.getAll(name).length > 1) throw new AuthorizeError('invalid_request', `The parameter ${name} is repeated`);
      }
      const profile = this.store.profile(q.get('profile_id') ?? '');
      if (!profile) {
        throw new AuthorizeError('invalid_request', 'The profile_id does not name an OIDC profile of this store');
      }
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

      const as = await this.#discoverOrExplain(profile);
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const owners = { address: client, browser };
      const until = this.transactions.fullFor(owners, this.limits.perAddress);
      if (until > Date.now())
        throw tooManyRequests(`${this.limits.perAddress} sign-ins pending from this address`, until);
      this.transactions.set(
        state,
        { profileId: profile.id, clientState, redirectUri, codeChallenge, verifier },
        Date.now() + TRANSACTION_TTL_MS,
        owners,
      );
      const target = new URL(/** @type {string} */ (as.authorization_endpoint));
      target.searchParams.set('client_id', profile.client_id);
      target.searchParams.set('redirect_uri', this.callbackUrl);
      target.searchParams.set('response_type', 'code');
      target.searchParams.set('scope', 'openid email profile');
      target.searchParams.set('state', state);
      target.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
      target.searchParams.set('code_challenge_method', 'S256');
      for (const name of FORWARDED) {
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
   * GET /oidc/callback
   * @param {import('../http/app.js').Ctx} ctx
   */
  async callback({ req, res, url, client }) {
    const state = url.searchParams.get('state') ?? '';
    const tx = this.transactions.get(state);
    if (!tx) throw refused('This sign-in is unknown or has expired. Go back to the store and sign in again.');
    // only the browser that started a sign-in may finish it; another one leaves it pending for its owner
    if (this.transactions.ownersOf(state)?.browser !== readCookie(req, BROWSER_COOKIE)) {
      throw refused(
        'This sign-in was started in another browser (or this browser did not keep its cookie). ' +
          'Go back to the store and sign in again.',
      );
    }
    this.transactions.delete(state);
    const back = (/** @type {Record<string, string | undefined>} */ params) =>
      redirect(res, backToClient(tx.redirectUri, { ...params, state: tx.clientState }));
    const profile = this.store.profile(tx.profileId);
    if (!profile) return back({ error: 'server_error', error_description: 'The OIDC profile no longer exists' });

    /** @type {oauth.AuthorizationServer} */
    let as;
    try {
      as = await this.#discoverOrExplain(profile);
    } catch (error) {
      if (!(error instanceof AuthorizeError)) throw error;
      return back({ error: error.error, error_description: error.message });
    }
    /** @type {oauth.Client} */
    const idpClient = { client_id: profile.client_id };
    /** @type {URLSearchParams} */
    let params;
    try {
      params = oauth.validateAuthResponse(as, idpClient, url.searchParams, state);
    } catch (error) {
      if (error instanceof oauth.AuthorizationResponseError) {
        return back({ error: error.error, error_description: error.error_description });
      }
      return back({
        error: 'server_error',
        error_description: 'The identity provider answered with an invalid response',
      });
    }
    /** @type {unknown} */
    let email;
    /** @type {unknown} */
    let name;
    /** `email_verified` as the ID token and, when it was asked, UserInfo state it */
    const verified = [];
    try {
      const options = this.#options(as);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        idpClient,
        oauth.ClientSecretBasic(profile.client_secret),
        params,
        this.callbackUrl,
        tx.verifier,
        options,
      );
      const result = await oauth.processAuthorizationCodeResponse(as, idpClient, response, {
        expectedNonce: oauth.expectNoNonce,
        requireIdToken: true,
      });
      oauth.getValidatedIdTokenClaims(result);
      const claims = await verifyIdToken(
        /** @type {string} */ (result.id_token),
        as,
        profile.client_id ?? '',
        this.#keySetOf(as),
      );
      email = claims.email;
      name = claims.name;
      verified.push(claims.email_verified);
      if (typeof email !== 'string' && as.userinfo_endpoint) {
        const info = await oauth.processUserInfoResponse(
          as,
          idpClient,
          claims.sub,
          await oauth.userInfoRequest(as, idpClient, result.access_token, options),
        );
        email = info.email;
        name = name ?? info.name;
        verified.push(info.email_verified);
      }
    } catch (error) {
      if (error instanceof IdTokenError) {
        this.log(
          `the identity provider of the OIDC profile ${quoted(profile.name ?? profile.id)} sent an ID token ` +
            `the service does not believe: ${error.message}`,
        );
        return back({
          error: 'server_error',
          error_description: "The identity provider's answer could not be verified",
        });
      }
      if (refusesCredentials(error)) {
        this.log(
          `the identity provider of the OIDC profile ${quoted(profile.name ?? profile.id)} refused its client ` +
            `credentials (client_id ${quoted(profile.client_id)}, sent as client_secret_basic): check the profile's ` +
            'client_id and client_secret',
        );
        return back({
          error: 'server_error',
          error_description: "The store's sign-in is not set up right: its identity provider refused its credentials",
        });
      }
      this.log(`code exchange failed: ${error}`);
      if (isTimeout(error)) {
        return back({
          error: 'temporarily_unavailable',
          error_description: `The identity provider did not answer within ${this.limits.outboundTimeoutMs} ms`,
        });
      }
      return back({ error: 'server_error', error_description: "The identity provider's answer could not be verified" });
    }
    const address = acceptedEmail(email);
    if (!address) {
      return back({
        error: 'access_denied',
        error_description: 'The identity provider returned no email address the store can take',
      });
    }
    // members are found by email: an address the identity provider has not verified proves nothing, unless the
    // store's profile says it trusts the provider's addresses as they are
    if (!emailVerified(verified) && profile.allow_unverified_email !== true) {
      return back({
        error: 'access_denied',
        error_description:
          'The identity provider has not verified this email address (email_verified is not true), ' +
          'so it cannot be used to sign in',
      });
    }
    const member =
      this.store.memberByEmail(address) ??
      (await this.store.createMember({ email: address, name: keptName(name, address) }));
    const code = randomBytes(32).toString('base64url');
    this.codes.set(
      code,
      { memberId: member.id, redirectUri: tx.redirectUri, codeChallenge: tx.codeChallenge },
      Date.now() + CODE_TTL_MS,
      { address: client },
    );
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
    if (!issued) throw badRequest('The authorization code is unknown or was already used (or has expired)');
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

  /**
   * The identity provider's metadata, or an AuthorizeError saying it could not be reached.
   * @param {import('../domain/store.js').ProfileRecord} profile
   */
  async #discoverOrExplain(profile) {
    try {
      return await this.#discover(profile);
    } catch (error) {
      this.log(`discovery failed for profile ${profile.id}: ${error}`);
      if (error instanceof IdentityProviderError) {
        throw new AuthorizeError(
          'server_error',
          "The store's identity provider no longer meets the service's requirements",
        );
      }
      throw new AuthorizeError(
        'temporarily_unavailable',
        isTimeout(error)
          ? `The identity provider did not answer within ${this.limits.outboundTimeoutMs} ms`
          : 'The identity provider could not be reached',
      );
    }
  }

  /**
   * The JWKS of a provider, kept with its discovery (forgotten with it on a reset).
   * @param {oauth.AuthorizationServer} as
   */
  #keySetOf(as) {
    if (!as.jwks_uri) throw new IdTokenError('the identity provider publishes no jwks_uri to check ID tokens with');
    let keySet = this.keySets.get(as.jwks_uri);
    if (!keySet) this.keySets.set(as.jwks_uri, (keySet = remoteKeySet(as.jwks_uri, this.limits.outboundTimeoutMs)));
    return keySet;
  }

  /**
   * Discovery, shared by concurrent sign-ins and kept once it worked; a failure is forgotten at once, so
   * the next sign-in asks again.
   * @param {import('../domain/store.js').ProfileRecord} profile
   */
  #discover(profile) {
    const discoveryUrl = profile.embedded
      ? `${this.issuer}${WELL_KNOWN}`
      : /** @type {string} */ (profile.discovery_url);
    let pending = this.discovered.get(discoveryUrl);
    if (!pending) {
      pending = checkedDiscovery(profile, discoveryUrl, this.limits.outboundTimeoutMs);
      pending.catch(() => this.discovered.delete(discoveryUrl));
      this.discovered.set(discoveryUrl, pending);
    }
    return pending;
  }

  /** @param {oauth.AuthorizationServer} as */
  #options(as) {
    return {
      // a new signal for each call: each outbound request has the whole time
      signal: () => AbortSignal.timeout(this.limits.outboundTimeoutMs),
      [oauth.allowInsecureRequests]: isLoopback(new URL(as.issuer).hostname),
    };
  }
}

/**
 * An outbound call that ran out of time (AbortSignal.timeout), however the library wrapped it.
 * @param {unknown} error
 */
function isTimeout(error) {
  for (let e = error; e instanceof Error; e = /** @type {Error} */ (e).cause) {
    if (e.name === 'TimeoutError') return true;
  }
  return false;
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
 * Whether the identity provider's token endpoint refused the client's credentials: a 401 with a challenge, or the
 * `invalid_client` error (RFC 6749 5.2), as a wrong `client_secret` gets.
 * @param {unknown} error
 */
function refusesCredentials(error) {
  return (
    error instanceof oauth.WWWAuthenticateChallengeError ||
    (error instanceof oauth.ResponseBodyError && error.error === 'invalid_client')
  );
}
