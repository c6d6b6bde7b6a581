/**
 * "The store's identity provider": an oidc-provider instance of its own, on its own port, that an OIDC
 * profile of the reference service points at through its discovery document, as a store points the service
 * at the provider it really uses. Its login form has `login` and `password`; no consent screen.
 */
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';

/** The reference service's sign-in leg comes back to `/oidc/callback` of a loopback address. */
const SERVICE_CALLBACK = /^http:\/\/(localhost|127\.0\.0\.1):\d+\/oidc\/callback$/;

/**
 * @typedef {{ password: string, name: string }} StoreIdpUser
 * @param {{ users: Record<string, StoreIdpUser>, client: { client_id: string, client_secret: string },
 *   authMethods?: string[] }} options `users` by email; `authMethods`: the client authentication methods the
 *   token endpoint supports (the first is the client's)
 */
export async function startStoreIdp({ users, client, authMethods = ['client_secret_basic'] }) {
  const { default: Provider } = await quietly(() => import('oidc-provider'));
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const issuer = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        ...client,
        // the service's port is known only once it runs: redirectUriAllowed below decides
        redirect_uris: ['http://localhost/oidc/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: authMethods[0],
      },
    ],
    clientAuthMethods: authMethods,
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'store-idp' }] },
    cookies: { keys: ['store-idp-cookie-key'] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    adapter: MapAdapter,
    ttl: { AccessToken: 600, AuthorizationCode: 120, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const { clientId } = ctx.oidc.client;
      const existing = ctx.oidc.session.grantIdFor(clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      ctx.oidc.session.grantIdFor(clientId, grant.jti);
      return grant;
    },
    async findAccount(_ctx, sub) {
      const user = users[sub];
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: sub, email_verified: true, name: user.name }) };
    },
  });
  provider.Client.prototype.redirectUriAllowed = (uri) => SERVICE_CALLBACK.test(uri);
  const handle = provider.callback();

  server.on('request', async (req, res) => {
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!interaction) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const login = form.get('login') ?? '';
        if (users[login]?.password === form.get('password')) {
          await provider.interactionFinished(req, res, { login: { accountId: login } });
          return;
        }
      }
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><title>Shop ID</title><form method="post" action="/interaction/${details.uid}/login">
<input name="login" type="email"><input name="password" type="password"><button type="submit">Sign in</button></form>`);
    } catch (error) {
      res.statusCode = 400;
      res.end(String(error));
    }
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/** What the provider keeps (sessions, interactions, grants, codes), in memory, for this test's life. */
class MapAdapter {
  /** @type {Map<string, any>} */
  static items = new Map();

  /** @param {string} model */
  constructor(model) {
    this.model = model;
  }

  /** @param {string} id */
  key(id) {
    return `${this.model}:${id}`;
  }

  /** @param {string} id @param {any} payload */
  async upsert(id, payload) {
    MapAdapter.items.set(this.key(id), payload);
    if (payload.uid) MapAdapter.items.set(`uid:${payload.uid}`, id);
  }

  /** @param {string} id */
  async find(id) {
    return MapAdapter.items.get(this.key(id));
  }

  /** @param {string} uid */
  async findByUid(uid) {
    return this.find(MapAdapter.items.get(`uid:${uid}`));
  }

  /** @param {string} userCode */
  async findByUserCode(userCode) {
    return this.find(userCode);
  }

  /** @param {string} id */
  async consume(id) {
    const payload = await this.find(id);
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  /** @param {string} id */
  async destroy(id) {
    MapAdapter.items.delete(this.key(id));
  }

  /** @param {string} grantId */
  async revokeByGrantId(grantId) {
    for (const [key, payload] of MapAdapter.items) if (payload?.grantId === grantId) MapAdapter.items.delete(key);
  }
}

/** @param {import('node:http').IncomingMessage} req */
async function readBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/**
 * Runs `load` without oidc-provider's warning about this Node version (it runs fine on Node 20).
 * @template T
 * @param {() => Promise<T>} load
 */
async function quietly(load) {
  const warn = console.warn;
  console.warn = (...args) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}
