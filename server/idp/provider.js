/**
 * The embedded OpenID Connect identity provider (node `oidc-provider`), mounted under `/idp` on the
 * service's own port. It has one client, the service itself (client_secret_basic), PKCE S256 required,
 * scopes openid email profile, `email` in the ID token, no consent screen, and its own login form
 * (fields `login` and `password`, button "Sign in").
 */
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { HttpError } from '../http/errors.js';
import { escapeHtml, page, readForm, sendHtml } from '../http/util.js';
import { IDP_CLIENT, IDP_USERS, PASSWORD } from '../domain/fixtures.js';
import { IdpMemoryStorage } from './adapter.js';

const MOUNT = '/idp';

/** Loads oidc-provider once, without its warning about the Node version (it runs fine on Node 20). */
let providerModule;
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

/** @param {string} email */
function userByLogin(email) {
  const wanted = email.trim().toLowerCase();
  return Object.values(IDP_USERS).find((u) => u.email === wanted);
}

/**
 * @param {{ uid: string, login?: string, error?: string, clientName?: string }} args
 */
function loginPage({ uid, login = '', error }) {
  const action = `${MOUNT}/interaction/${encodeURIComponent(uid)}/login`;
  return page(
    'Sign in - Example ID',
    `<h1>Example ID</h1>
<p>Sign in to continue to the store.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="off">
<label for="login">Email</label>
<input id="login" name="login" type="email" required autofocus value="${escapeHtml(login)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
</form>
<p><small>Demo users: ${Object.values(IDP_USERS)
      .map((u) => escapeHtml(u.email))
      .join(', ')}; password: ${escapeHtml(PASSWORD)}</small></p>`,
  );
}

export class EmbeddedIdp {
  /**
   * @param {{ issuer: string, callbackUrl: string, quiet?: boolean }} options
   */
  static async create({ issuer, callbackUrl }) {
    const Provider = await loadProvider();
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'reference-idp' };
    const storage = new IdpMemoryStorage();
    const provider = new Provider(issuer, {
      adapter: (/** @type {string} */ model) => new (storage.adapterFor(model))(),
      clients: [
        {
          client_id: IDP_CLIENT.clientId,
          client_secret: IDP_CLIENT.clientSecret,
          client_name: 'Storefront reference service',
          redirect_uris: [callbackUrl],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
          id_token_signed_response_alg: 'RS256',
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      pkce: { required: () => true },
      scopes: ['openid', 'email', 'profile'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      responseTypes: ['code'],
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 120,
        IdToken: 600,
        Interaction: 1800,
        Session: 8 * 3600,
        Grant: 8 * 3600,
      },
      interactions: { url: (_ctx, interaction) => `${MOUNT}/interaction/${interaction.uid}` },
      clientBasedCORS: () => true,
      /** No consent screen: the only client is the service itself, so its grant is made automatically. */
      async loadExistingGrant(ctx) {
        const clientId = ctx.oidc.client.clientId;
        const existing = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(clientId);
        if (existing) return ctx.oidc.provider.Grant.find(existing);
        if (!ctx.oidc.session.accountId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session.accountId });
        grant.addOIDCScope('openid email profile');
        grant.addOIDCClaims(['email', 'email_verified', 'name']);
        await grant.save();
        ctx.oidc.session.grantIdFor(clientId, grant.jti);
        return grant;
      },
      async findAccount(_ctx, sub) {
        const user = Object.values(IDP_USERS).find((u) => u.sub === sub);
        if (!user) return undefined;
        return {
          accountId: sub,
          async claims() {
            return { sub, email: user.email, email_verified: user.email_verified !== false, name: user.name };
          },
        };
      },
      async renderError(ctx, out) {
        ctx.type = 'html';
        ctx.body = page(
          'Sign-in error',
          `<h1>Sign-in error</h1><p>${escapeHtml(String(out.error))}</p><p>${escapeHtml(String(out.error_description ?? ''))}</p>`,
        );
      },
    });
    return new EmbeddedIdp(provider, storage);
  }

  /**
   * @param {any} provider
   * @param {IdpMemoryStorage} storage
   */
  constructor(provider, storage) {
    this.provider = provider;
    this.storage = storage;
    this.callback = provider.callback();
  }

  /** Forgets every session, interaction and grant (a browser's old session cookie then points nowhere). */
  reset() {
    this.storage.clear();
  }

  /**
   * Handles a request under `/idp`.
   * @param {import('node:http').IncomingMessage & { originalUrl?: string }} req
   * @param {import('node:http').ServerResponse} res
   */
  async handle(req, res) {
    const original = req.url ?? '/';
    const inner = original.slice(MOUNT.length) || '/';
    const path = inner.split('?')[0];
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(path);
    if (interaction) {
      try {
        if (interaction[2] && req.method === 'POST') await this.#login(req, res);
        else if (!interaction[2] && req.method === 'GET') await this.#show(req, res);
        else throw new HttpError(405, 'Method not allowed');
      } catch (error) {
        const status = error instanceof HttpError ? error.status : 400;
        const message =
          error instanceof HttpError
            ? error.message
            : 'This sign-in has expired or is unknown. Go back to the store and start again.';
        sendHtml(res, status, page('Sign-in error', `<h1>Sign-in error</h1><p>${escapeHtml(message)}</p>`));
      }
      return;
    }
    req.originalUrl = original;
    req.url = inner;
    this.callback(req, res);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async #show(req, res) {
    const details = await this.provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      sendHtml(res, 200, loginPage({ uid: details.uid, login: details.params.login_hint ?? '' }));
      return;
    }
    // Any other prompt (consent): grant what was asked, without a screen.
    const grant = details.grantId
      ? await this.provider.Grant.find(details.grantId)
      : new this.provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    grant.addOIDCScope('openid email profile');
    grant.addOIDCClaims(['email', 'email_verified', 'name']);
    const grantId = await grant.save();
    await this.provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async #login(req, res) {
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
    const user = userByLogin(login);
    if (!user || form.get('password') !== PASSWORD) {
      sendHtml(res, 200, loginPage({ uid: details.uid, login, error: 'Wrong email or password.' }));
      return;
    }
    await this.provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.sub } },
      { mergeWithLastSubmission: false },
    );
  }
}
