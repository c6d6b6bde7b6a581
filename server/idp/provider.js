/**
 * The embedded OpenID Connect identity provider (node `oidc-provider`), mounted under `/idp` on the
 * service's own port. It has one client, the service itself (client_secret_basic), PKCE S256 required,
 * scopes openid email profile, `email` in the ID token, no consent screen, and its own login form
 * (fields `login` and `password`, button "Sign in"), served through the service's route table.
 * RP-initiated logout (`end_session_endpoint`, `/idp/session/end`): a store page sends the shopper here with
 * the profile's `client_id` and a `post_logout_redirect_uri`, the identity provider asks to confirm, ends its
 * session and sends the browser back to that page when the store accepts it as a redirect URI.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { envelopeText, HttpError } from '../http/errors.js';
import { escapeHtml, page, PAGE_HEADERS, readCookie, readForm, sendHtml } from '../http/util.js';
import { sameSecret } from '../domain/secret.js';
import { IdpMemoryStorage } from './adapter.js';
import { DEVICE_PROOF_COOKIE, DeviceProofs } from './device-proof.js';

const MOUNT = '/idp';

/** @type {typeof import('oidc-provider') | undefined} */
let providerModule;

/** Loads oidc-provider once, without its warning about the Node version (it runs fine on Node 20). */
async function loadProvider() {
  if (!providerModule) {
    const warn = console.warn;
    console.warn = (...args) => {
      if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
    };
    try {
      providerModule = await import('oidc-provider');
    } finally {
      console.warn = warn;
    }
  }
  return providerModule.default;
}

/**
 * The line under the login form that names the people one can sign in as: this is a store's test double.
 * @param {import('../domain/store.js').IdpUserRecord[]} users
 */
function usersHint(users) {
  if (users.length === 0) return '';
  const passwords = new Set(users.map((u) => u.password));
  const listed =
    passwords.size === 1
      ? `${users.map((u) => escapeHtml(u.email)).join(', ')}; password: ${escapeHtml(users[0].password)}`
      : users.map((u) => `${escapeHtml(u.email)} (${escapeHtml(u.password)})`).join(', ');
  return `<p><small>Test users: ${listed}</small></p>`;
}

/**
 * @param {{ uid: string, brand: string, users: import('../domain/store.js').IdpUserRecord[], login?: string,
 *   error?: string }} args `brand`: the identity provider's name on its pages
 */
function loginPage({ uid, brand, users, login = '', error }) {
  const action = `${MOUNT}/interaction/${encodeURIComponent(uid)}/login`;
  return page(
    `Sign in - ${brand}`,
    `<h1>${escapeHtml(brand)}</h1>
<p>Sign in to continue to the store.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="login">Email</label>
<input id="login" name="login" type="email" autocomplete="username" required autofocus value="${escapeHtml(login)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
</form>
${usersHint(users)}`,
  );
}

/**
 * Answers with one of the identity provider's own pages, sent as the service's pages are.
 * @param {import('oidc-provider').KoaContextWithOIDC} ctx
 * @param {string} html
 */
function showPage(ctx, html) {
  ctx.type = 'html';
  for (const [name, value] of Object.entries(PAGE_HEADERS)) ctx.set(name, value);
  ctx.body = html;
}

/**
 * The page that asks whether to end the identity provider's session too (a logout request that carries no
 * ID token could come from any site, so the person confirms). `form` is oidc-provider's form, with its
 * anti-forgery field; the buttons submit it.
 * @param {string} form
 * @param {string} brand the identity provider's name
 */
function logoutPage(form, brand) {
  const name = escapeHtml(brand);
  return page(
    `Sign out - ${brand}`,
    `<h1>${name}</h1>
<p>You signed out of the store. Sign out of ${name} in this browser too? The next sign-in will then ask
for your password.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out of ${name}</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

/**
 * @typedef {{ entries: number, entriesPerAddress: number, entriesPerBrowser: number }} IdpLimits what the identity
 *   provider keeps: sessions, interactions, grants and codes in total, per client address and per browser
 * @typedef {import('./adapter.js').Owners} Owners
 */

/** The cookie naming the browser at the identity provider (only sent to it). */
export const IDP_BROWSER_COOKIE = 'storefront_idp_browser';
/**
 * The endpoints only the service itself calls, authenticated with the identity provider's client secret (the code
 * exchange, UserInfo); what they keep belongs to the service rather than to an address.
 */
const BACK_CHANNEL = new Set([`${MOUNT}/token`, `${MOUNT}/me`]);
const SERVICE_OWNER = 'the service';
/** How long a browser id lasts at the identity provider: as long as its session. */
const SESSION_SECONDS = 8 * 3600;

/**
 * An error of oidc-provider while reading or finishing an interaction means the sign-in is gone
 * (expired, finished, or the cookie does not match): the person is told to start again.
 * @param {unknown} error
 * @returns {never}
 */
function asPageError(error) {
  if (error instanceof HttpError) throw error;
  throw new HttpError(400, 'This sign-in has expired or is unknown. Go back to the store and start again.');
}

/**
 * The clients of the store's embedded profiles, each once: the service signs in through them.
 * @param {import('../domain/store.js').Store} store
 */
function embeddedClients(store) {
  const profiles = store.data.profiles.filter((p) => p.embedded);
  return [...new Map(profiles.map((p) => [p.client_id, p])).values()];
}

export class EmbeddedIdp {
  /**
   * @param {{ store: import('../domain/store.js').Store, baseUrl: string, issuer: string, callbackUrl: string,
   *   limits: IdpLimits, loginLimiter: import('../http/rate-limit.js').RateLimiter,
   *   browserIds: import('./browser-id.js').BrowserIds, isStorePage: (uri: string) => boolean,
   *   showTestUsers?: boolean }} options
   *   `store`: its users, and its clients (those of the store's embedded OIDC profiles); `isStorePage`: whether
   *   the store accepts an address as a redirect URI (also where a sign-out may return); `showTestUsers`: the login
   *   page lists the users and their passwords
   */
  static async create({
    store,
    baseUrl,
    issuer,
    callbackUrl,
    limits,
    loginLimiter,
    browserIds,
    isStorePage,
    showTestUsers = false,
  }) {
    const Provider = await loadProvider();
    const brand = store.data.profiles.find((p) => p.embedded)?.name ?? 'Identity provider';
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'reference-idp' };
    /** @type {AsyncLocalStorage<Owners>} the client address and browser of the request being handled */
    const requests = new AsyncLocalStorage();
    const storage = new IdpMemoryStorage({
      max: limits.entries,
      perAddress: limits.entriesPerAddress,
      perBrowser: limits.entriesPerBrowser,
      owners: () => requests.getStore() ?? { address: '' },
    });
    const provider = new Provider(issuer, {
      adapter: (/** @type {string} */ model) => new (storage.adapterFor(model))(),
      clients: embeddedClients(store).map(({ client_id, client_secret }) => ({
        client_id,
        client_secret,
        client_name: 'Storefront reference service',
        redirect_uris: [callbackUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      })),
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      pkce: { required: () => true },
      scopes: ['openid', 'email', 'profile'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: false,
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: {
          enabled: true,
          async logoutSource(ctx, form) {
            showPage(ctx, logoutPage(form, brand));
          },
          // where a sign-out without a page to return to ends
          async postLogoutSuccessSource(ctx) {
            const heading = `<h1>${escapeHtml(brand)}</h1><p>You are signed out.</p>`;
            showPage(ctx, page(`Signed out - ${brand}`, heading));
          },
        },
      },
      responseTypes: ['code'],
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 120,
        IdToken: 600,
        // as long as the service's own sign-in transaction lives; an older login form could not finish anyway
        Interaction: 600,
        Session: SESSION_SECONDS,
        Grant: SESSION_SECONDS,
      },
      interactions: { url: (_ctx, interaction) => `${MOUNT}/interaction/${interaction.uid}` },
      clientBasedCORS: () => true,
      /** No consent screen: the only client is the service itself, so its grant is made automatically. */
      async loadExistingGrant(ctx) {
        const { client, session } = ctx.oidc;
        if (!client || !session) return undefined;
        const clientId = client.clientId;
        const existing = ctx.oidc.result?.consent?.grantId || session.grantIdFor(clientId);
        if (existing) return ctx.oidc.provider.Grant.find(existing);
        if (!session.accountId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId, accountId: session.accountId });
        grant.addOIDCScope('openid email profile');
        grant.addOIDCClaims(['email', 'email_verified', 'name']);
        await grant.save();
        session.grantIdFor(clientId, grant.jti);
        return grant;
      },
      async findAccount(_ctx, sub) {
        const user = store.data.idp_users.find((u) => u.sub === sub);
        if (!user) return undefined;
        return {
          accountId: sub,
          async claims() {
            return { sub, email: user.email, email_verified: user.email_verified !== false, name: user.name };
          },
        };
      },
      async renderError(ctx, out) {
        showPage(
          ctx,
          page(
            'Sign-in error',
            `<h1>Sign-in error</h1><p>${escapeHtml(String(out.error))}</p>` +
              `<p>${escapeHtml(String(out.error_description ?? ''))}</p>`,
          ),
        );
      },
    });
    // A store page may ask to come back after a sign-out where the store lets a sign-in come back (any loopback
    // page, and the registered redirect URIs), rather than only at a fixed list of the client's
    provider.Client.prototype.postLogoutRedirectUriAllowed = isStorePage;
    // oidc-provider writes its absolute links from the request's host and scheme: the service sets both
    // from its configured base URL on every request it hands over, never from what the client sent
    provider.proxy = true;
    // an address oidc-provider has no endpoint at gets the service's 404 envelope, not a bare "Not Found"
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.type = 'application/json';
        ctx.body = envelopeText(404, `No resource at ${ctx.path === '/' ? MOUNT : `${MOUNT}${ctx.path}`}`);
      }
    });
    return new EmbeddedIdp({
      provider,
      storage,
      requests,
      base: new URL(baseUrl),
      loginLimiter,
      browserIds,
      store,
      brand,
      showTestUsers,
    });
  }

  /**
   * @param {{ provider: import('oidc-provider').default, storage: IdpMemoryStorage,
   *   requests: AsyncLocalStorage<Owners>, base: URL, loginLimiter: import('../http/rate-limit.js').RateLimiter,
   *   browserIds: import('./browser-id.js').BrowserIds, store: import('../domain/store.js').Store, brand: string,
   *   showTestUsers: boolean }} parts `requests`: where the storage learns the client address and browser of the
   *   request being handled
   */
  constructor({ provider, storage, requests, base, loginLimiter, browserIds, store, brand, showTestUsers }) {
    this.provider = provider;
    this.store = store;
    this.brand = brand;
    this.showTestUsers = showTestUsers;
    this.storage = storage;
    this.requests = requests;
    this.base = base;
    this.loginLimiter = loginLimiter;
    this.browserIds = browserIds;
    this.deviceProofs = new DeviceProofs(() => store.signingSecret());
    this.callback = provider.callback();
  }

  /** Forgets every session, interaction and grant (a browser's old session cookie then points nowhere). */
  reset() {
    this.storage.clear();
  }

  /** Frees expired sessions, interactions, grants and codes. */
  sweep() {
    return this.storage.sweep();
  }

  /**
   * Hands a request under `/idp` to oidc-provider.
   * @param {import('node:http').IncomingMessage & { originalUrl?: string }} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} client the client's address
   */
  async handle(req, res, client) {
    const original = req.url ?? '/';
    const target = new URL(original, this.base);
    /** @type {Owners} */
    const owners = { address: client };
    if (BACK_CHANNEL.has(target.pathname)) {
      // what the service's own calls keep (its access tokens) is not counted against any client's address
      owners.address = SERVICE_OWNER;
    } else if (target.pathname === `${MOUNT}/auth`) {
      // a sign-in starts here and keeps a login form: only for a browser with its cookie (see ./browser-id.js)
      const browser = this.browserIds.ofRequest(req, res, {
        name: IDP_BROWSER_COOKIE,
        path: `${MOUNT}/`,
        maxAgeSeconds: SESSION_SECONDS,
        secure: this.base.protocol === 'https:',
        target,
      });
      if (!browser) return;
      owners.browser = browser;
      this.storage.admit(owners);
    } else {
      const browser = this.#browserOf(req);
      if (browser) owners.browser = browser;
    }
    req.originalUrl = original;
    req.url = original.slice(MOUNT.length) || '/';
    this.#asConfigured(req);
    await this.requests.run(owners, () => this.callback(req, res));
  }

  /**
   * The browser of a request at the identity provider, when it carries a cookie the service made.
   * @param {import('node:http').IncomingMessage} req
   */
  #browserOf(req) {
    const value = readCookie(req, IDP_BROWSER_COOKIE);
    return this.browserIds.made(value) ? value : undefined;
  }

  /**
   * The owners of what a request at the identity provider makes: its client address and browser.
   * @param {import('../http/app.js').Ctx} ctx
   * @returns {Owners}
   */
  #ownersOf(ctx) {
    const browser = this.#browserOf(ctx.req);
    return browser ? { address: ctx.client, browser } : { address: ctx.client };
  }

  /**
   * Makes a request say the configured base URL's host and scheme (oidc-provider trusts these headers,
   * see `proxy` above), whatever the client sent.
   * @param {import('node:http').IncomingMessage} req
   */
  #asConfigured(req) {
    req.headers.host = this.base.host;
    req.headers['x-forwarded-host'] = this.base.host;
    req.headers['x-forwarded-proto'] = this.base.protocol.slice(0, -1);
    delete req.headers['x-forwarded-for'];
  }

  /**
   * GET /idp/interaction/:uid: the login form, or, for any other prompt, the grant made without a screen.
   * @param {import('../http/app.js').Ctx} ctx
   */
  showInteraction(ctx) {
    this.#asConfigured(ctx.req);
    return this.requests.run(this.#ownersOf(ctx), () => this.#show(ctx.req, ctx.res)).catch(asPageError);
  }

  /**
   * POST /idp/interaction/:uid/login: the login form's answer (rate limited per browser and email, per email and
   * per client address; see ../http/rate-limit.js).
   * @param {import('../http/app.js').Ctx} ctx
   */
  submitLogin(ctx) {
    this.#asConfigured(ctx.req);
    return this.requests.run(this.#ownersOf(ctx), () => this.#login(ctx)).catch(asPageError);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async #show(req, res) {
    const details = await this.provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const login = /** @type {string | undefined} */ (details.params.login_hint) ?? '';
      sendHtml(res, 200, this.#loginPage({ uid: details.uid, login }));
      return;
    }
    // Any other prompt (consent): grant what was asked, without a screen.
    const accountId = details.session?.accountId;
    const clientId = /** @type {string | undefined} */ (details.params.client_id);
    const grant = details.grantId
      ? await this.provider.Grant.find(details.grantId)
      : accountId && clientId && new this.provider.Grant({ accountId, clientId });
    if (!grant) throw new Error('The interaction has neither a grant nor a signed-in account');
    grant.addOIDCScope('openid email profile');
    grant.addOIDCClaims(['email', 'email_verified', 'name']);
    const grantId = await grant.save();
    await this.provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /** @param {{ uid: string, login: string, error?: string }} args */
  #loginPage(args) {
    return loginPage({ ...args, brand: this.brand, users: this.showTestUsers ? this.store.data.idp_users : [] });
  }

  /** @param {import('../http/app.js').Ctx} ctx */
  async #login({ req, res, client }) {
    const details = await this.provider.interactionDetails(req, res);
    const form = await readForm(req);
    if (form.get('cancel')) {
      await this.provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const login = form.get('login') ?? '';
    const email = login.trim().toLowerCase();
    const proofs = readCookie(req, DEVICE_PROOF_COOKIE);
    const proof = this.deviceProofs.proofOf(proofs, email);
    // a browser that signed in as this login before is known by its proof; any other by its browser id, or, when
    // it sends none, by its address
    const who = proof ?? this.#browserOf(req) ?? `address ${client}`;
    const attempt = { who, thing: email, address: client, trusted: proof !== undefined };
    await this.loginLimiter.attempt(attempt);
    const user = this.store.idpUser(login);
    if (!user || !sameSecret(form.get('password'), user.password)) {
      this.loginLimiter.failed(attempt);
      sendHtml(res, 200, this.#loginPage({ uid: details.uid, login, error: 'Wrong email or password.' }));
      return;
    }
    res.appendHeader(
      'Set-Cookie',
      this.deviceProofs.cookieAfterSignIn(proofs, email, {
        path: `${MOUNT}/`,
        secure: this.base.protocol === 'https:',
      }),
    );
    await this.provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.sub } },
      { mergeWithLastSubmission: false },
    );
  }
}
