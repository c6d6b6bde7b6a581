/**
 * The reference service: the whole interface of spec/interface.md with an embedded OpenID Connect
 * identity provider, on one port. `startService()` listens first, then configures the identity
 * provider with the real port (port 0 picks a free one).
 */
import { createServer } from 'node:http';
import { createApp } from './http/app.js';
import { EmbeddedIdp } from './idp/provider.js';
import { SignIn } from './idp/sign-in.js';
import { Store } from './domain/store.js';
import { Tokens } from './domain/tokens.js';

/**
 * @typedef {{
 *   baseUrl: string,
 *   issuer: string,
 *   store: Store,
 *   tokens: Tokens,
 *   close: () => Promise<void>,
 *   reset: () => Promise<void>,
 * }} RunningService
 */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);

/**
 * Starts the service.
 * @param {{ port?: number, host?: string, dataFile?: string, redirectUris?: string[], quiet?: boolean }} [options]
 * @returns {Promise<RunningService>}
 */
export async function startService({
  port = 8787,
  host = '127.0.0.1',
  dataFile,
  redirectUris = [],
  quiet = false,
} = {}) {
  const store = new Store({ dataFile });
  const tokens = new Tokens(store);
  const log = quiet ? () => {} : (/** @type {string} */ message) => console.error(`[service] ${message}`);

  /** @type {import('./http/app.js').Service} */
  const service = /** @type {any} */ ({ store, tokens, log });
  const server = createServer(createApp(service));
  server.keepAliveTimeout = 5000;

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const hostName = LOOPBACK.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const baseUrl = `http://${hostName}:${address.port}`;
  const issuer = `${baseUrl}/idp`;

  service.baseUrl = baseUrl;
  service.issuer = issuer;
  service.idp = await EmbeddedIdp.create({ issuer, callbackUrl: `${baseUrl}/oidc/callback`, quiet });
  service.signIn = new SignIn({ store, baseUrl, issuer, redirectUris, log });

  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return {
    baseUrl,
    issuer,
    store,
    tokens,
    async close() {
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeIdleConnections();
        for (const s of sockets) s.destroy();
      });
    },
    async reset() {
      store.reset();
      service.signIn.reset();
      service.idp.reset();
    },
  };
}
