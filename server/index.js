/**
 * The reference service: the whole interface of spec/interface.md with an embedded OpenID Connect
 * identity provider, on one port. It answers nothing until all of it is ready: with a known port (or
 * `baseUrl`) it listens only once the store and identity provider are set up; with port 0 (a free port,
 * which the identity provider's issuer must name) it listens first and answers 503 with Retry-After for
 * the moment until it is ready.
 */
import { availableParallelism } from 'node:os';
import { createApp } from './http/app.js';
import { RateLimiter } from './http/rate-limit.js';
import { createHttpServer } from './http/server.js';
import { trustedProxies } from './http/util.js';
import { BrowserIds } from './idp/browser-id.js';
import { EmbeddedIdp } from './idp/provider.js';
import { checkIdentityProviders, IdentityProviderError } from './idp/requirements.js';
import { SignIn } from './idp/sign-in.js';
import { fixturesProblems } from './domain/fixtures-checks.js';
import { FixturesError, readFixtures, storeDataOf } from './domain/fixtures-file.js';
import { defaultStoreData, Store } from './domain/store.js';
import { Tokens } from './domain/tokens.js';
import { MemberLists } from './readers/member-lists.js';

export { FixturesError, IdentityProviderError };

/**
 * @typedef {import('./types.js').ServiceOptions} ServiceOptions
 * @typedef {import('./types.js').Limits} Limits
 * @typedef {import('./types.js').RunningService & { store: Store, tokens: Tokens }} RunningService what the
 *   package declares, and the store and tokens for this repository's tests
 */

/** @type {Readonly<Limits>} */
export const DEFAULT_LIMITS = Object.freeze({
  // sign-ins started and not yet finished (each lives 10 minutes)
  pendingSignIns: 10_000,
  pendingSignInsPerBrowser: 16,
  pendingSignInsPerAddress: 1_000,
  // the identity provider's sessions, login forms, grants and codes
  idpEntries: 20_000,
  idpEntriesPerAddress: 1_000,
  idpEntriesPerBrowser: 64,
  // per client address and client id, and minute: every token request, and failed ones (unknown client, wrong
  // secret); the store's public client asking for an implicit token is not counted (every page asks for one)
  tokenGrant: { attempts: 600, failures: 20, windowMs: 60_000 },
  // failed token requests for one client id from every address, per minute
  tokenGrantPerClient: { failures: 100 },
  // per browser and email, and minute: every login, and wrong passwords
  login: { attempts: 60, failures: 10, windowMs: 60_000 },
  // wrong passwords for one email from browsers without a proof of signing in as it before, per minute
  loginPerEmail: { failures: 30 },
  // wrong passwords from one client address across emails (one password tried on many), per minute
  loginPerAddress: { failures: 50 },
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  outboundTimeoutMs: 5_000,
  sweepIntervalMs: 60_000,
});

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);

/**
 * The address links are written with when no base URL is configured: `http://localhost:<port>` for a
 * loopback or wildcard bind, else the bound host.
 * @param {string} host
 * @param {number} port
 */
export function defaultBaseUrl(host, port) {
  const hostName = LOOPBACK.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${hostName}:${port}`;
}

/**
 * A configured base URL as the service uses it (`https://api.shop.example`), or an Error saying what is
 * wrong with it: http(s), no credentials, no path, query or fragment (the service's paths start at `/`).
 * @param {string} value
 * @returns {string}
 */
export function checkBaseUrl(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`The base URL "${value}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`The base URL "${value}" must start with http:// or https://`);
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new Error(`The base URL "${value}" must be a scheme, host and port only (no path, query or credentials)`);
  }
  return url.origin;
}

/**
 * The threads that answer the members lists by default: one per core, two to four. On two cores one thread was
 * no faster than the service's own (fifty clients' p99 681 ms at a million members); two answered them in 424 ms.
 */
const defaultListThreads = () => Math.min(4, Math.max(2, availableParallelism()));

/**
 * Starts the service.
 * @param {ServiceOptions} [options]
 * @returns {Promise<RunningService>}
 */
export async function startService({
  port = 8787,
  host = '127.0.0.1',
  baseUrl: configuredBaseUrl,
  fixtures,
  dataFile,
  syncWrites = false,
  redirectUris = [],
  trustProxy = [],
  repair = false,
  tokenTtl,
  quiet = false,
  showTestUsers = fixtures === undefined,
  limits: limitOptions = {},
  listThreads = defaultListThreads(),
  onListening,
} = {}) {
  const limits = { ...DEFAULT_LIMITS, ...limitOptions };
  const log = quiet ? () => {} : (/** @type {string} */ message) => console.error(`[service] ${message}`);
  const knownBaseUrl = configuredBaseUrl
    ? checkBaseUrl(configuredBaseUrl)
    : port !== 0
      ? defaultBaseUrl(host, port)
      : undefined;

  const proxies = trustedProxies(trustProxy);
  const seed = seedOf(fixtures);
  await checkIdentityProviders(seed.profiles, limits.outboundTimeoutMs);
  const store = await Store.open({
    dataFile,
    fixtures: seed,
    sync: syncWrites,
    repair,
    // what a repair drops is always said
    log: repair ? (message) => console.error(`[service] ${message}`) : log,
  });
  const tokens = new Tokens(store, { accountTokenTtlSeconds: tokenTtl });
  const memberLists = new MemberLists(store, { file: dataFile, threads: listThreads, log });
  const rateLimits = {
    tokenGrant: new RateLimiter(
      { own: limits.tokenGrant, perThing: limits.tokenGrantPerClient },
      { attempts: 'token requests', thing: 'this client_id', who: 'this address' },
    ),
    login: new RateLimiter(
      { own: limits.login, perThing: limits.loginPerEmail, perAddress: limits.loginPerAddress },
      { attempts: 'sign-in attempts', thing: 'this email', who: 'this browser' },
    ),
  };
  const browserIds = new BrowserIds();
  /** @type {import('./http/app.js').Service} */
  const service = /** @type {any} */ ({
    store,
    memberLists,
    tokens,
    log,
    rateLimits,
    trustedProxies: proxies,
    ready: false,
  });
  const server = createHttpServer(createApp(service), limits);
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  /** @param {string} baseUrl */
  const prepare = async (baseUrl) => {
    const issuer = `${baseUrl}/idp`;
    service.baseUrl = baseUrl;
    service.issuer = issuer;
    service.idp = await EmbeddedIdp.create({
      store,
      baseUrl,
      issuer,
      callbackUrl: `${baseUrl}/oidc/callback`,
      limits: {
        entries: limits.idpEntries,
        entriesPerAddress: limits.idpEntriesPerAddress,
        entriesPerBrowser: limits.idpEntriesPerBrowser,
      },
      loginLimiter: rateLimits.login,
      showTestUsers,
      browserIds,
      isStorePage: (uri) => service.signIn.isRegisteredRedirect(uri),
    });
    service.signIn = new SignIn({
      store,
      baseUrl,
      issuer,
      redirectUris,
      browserIds,
      log,
      limits: {
        pending: limits.pendingSignIns,
        perBrowser: limits.pendingSignInsPerBrowser,
        perAddress: limits.pendingSignInsPerAddress,
        outboundTimeoutMs: limits.outboundTimeoutMs,
      },
    });
  };

  let boundPort = port;
  try {
    if (knownBaseUrl) await prepare(knownBaseUrl);
    await listen(server, port, host);
    boundPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
    await onListening?.(knownBaseUrl ?? defaultBaseUrl(host, boundPort));
    if (!knownBaseUrl) await prepare(defaultBaseUrl(host, boundPort));
  } catch (error) {
    if (server.listening) server.close();
    for (const socket of sockets) socket.destroy();
    await memberLists.close();
    await store.close();
    throw error;
  }
  service.ready = true;

  const sweeper = setInterval(() => {
    service.signIn.sweep();
    service.idp.sweep();
    rateLimits.tokenGrant.sweep();
    rateLimits.login.sweep();
  }, limits.sweepIntervalMs);
  sweeper.unref();

  return {
    baseUrl: service.baseUrl,
    issuer: service.issuer,
    port: boundPort,
    store,
    tokens,
    async close() {
      clearInterval(sweeper);
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeIdleConnections();
        for (const s of sockets) s.destroy();
      });
      await memberLists.close();
      await store.close();
    },
    stats() {
      return {
        pendingSignIns: service.signIn.transactions.size,
        issuedCodes: service.signIn.codes.size,
        idpEntries: service.idp.storage.items.size,
      };
    },
    async reset() {
      await store.reset();
      service.signIn.reset();
      service.idp.reset();
      rateLimits.tokenGrant.clear();
      rateLimits.login.clear();
    },
  };
}

/**
 * The store's seed: the default fixtures, a fixtures file, or fixtures given as an object.
 * @param {ServiceOptions['fixtures']} fixtures
 * @returns {import('./domain/store.js').StoreData}
 * @throws {FixturesError} naming every problem of the fixtures
 */
function seedOf(fixtures) {
  if (fixtures === undefined) return defaultStoreData();
  if (typeof fixtures === 'string' || fixtures instanceof URL) return storeDataOf(readFixtures(fixtures));
  const problems = fixturesProblems(fixtures);
  if (problems.length) throw new FixturesError('The fixtures given to startService()', problems);
  return storeDataOf(fixtures);
}

/**
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} host
 */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
}
