// Sessions kept in Redis: two store servers, each on its own node-redis client, share one real redis-server, and
// a shopper's browser goes to each in turn. Against the reference service and its identity provider's login form:
// a member of 40 accounts (more than a cookie holds), what Redis keeps (sealed), Redis going down and coming back,
// and two members kept apart.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createClient } from 'redis';
import { createSessionHandler } from '../../dist/server/index.js';
import { redisSessionStore } from '../../dist/server/redis.js';
import {
  assertBeaSignedIn,
  ACCOUNTS,
  ACCOUNT_COUNT,
  BEA,
  CLIENT_ID,
  EIGHTH,
  SAM,
  SAM_WORKSHOP,
  manyAccountsFixtures,
} from '../support/many-accounts.js';
import { startRedisServer } from '../support/redis-server.js';
import {
  STORE_ORIGIN,
  StoreBrowser,
  assertUnavailable,
  continuesTo,
  recordingFetch,
} from '../support/store-browser.js';
import { startTestService } from '../support/test-service.js';

const KEY = 'r'.repeat(32);
const KEYS = 'storefront:session:*';

const { service, base } = await startTestService({ fixtures: manyAccountsFixtures() });

/** What node-redis reported (Redis going away, reconnects refused): kept, so it neither prints nor ends the run. */
const redisErrors = /** @type {Error[]} */ ([]);

/** @param {string} url */
async function connectClient(url) {
  const client = createClient({ url, disableOfflineQueue: true });
  // an 'error' event without a listener would end the process when Redis goes away
  client.on('error', (/** @type {Error} */ error) => redisErrors.push(error));
  await client.connect();
  return client;
}

/** @type {import('../support/redis-server.js').RedisServer} */
let redis;
/** One client per store server. @type {Array<Awaited<ReturnType<typeof connectClient>>>} */
const clients = [];

// without a redis-server every test fails here, saying why (never skipped)
before(async () => {
  redis = await startRedisServer();
  clients.push(await connectClient(redis.url), await connectClient(redis.url));
});

after(async () => {
  for (const client of clients) if (client.isOpen) await client.close();
  await redis?.stop();
});

/** @typedef {(typeof clients)[number]} Client */

/** Resolves once `client` is connected and ready (node-redis reconnects by itself). @param {Client} client */
function untilReady(client) {
  return client.isReady ? undefined : new Promise((resolve) => client.once('ready', resolve));
}

/** Resolves once `client` has noticed that Redis went away. @param {Client} client */
function untilDown(client) {
  return client.isReady ? new Promise((resolve) => client.once('error', resolve)) : undefined;
}

beforeEach(async () => {
  // a test that failed while Redis was down leaves it down: the next starts with it up, and empty
  if (!redis.running) await redis.start();
  await Promise.all(clients.map(untilReady));
  await clients[0].flushAll();
  await service.reset();
});

/**
 * Two store servers, each with its own client of the one Redis, and browsers whose requests go to each in turn.
 */
function storeServers() {
  const recorder = recordingFetch();
  const [a, b] = clients.map((client) =>
    createSessionHandler({
      baseUrl: base,
      clientId: CLIENT_ID,
      keys: [KEY],
      fetch: recorder.fetch,
      store: redisSessionStore(client),
    }),
  );
  const browser = () => {
    let i = 0;
    return new StoreBrowser({ handle: (/** @type {Request} */ r) => (i++ % 2 ? a : b).handle(r) });
  };
  return { a, b, recorder, browser };
}

/** Signs `member` in through the store's server, from `/account`. @param {StoreBrowser} browser */
function signIn(browser, /** @type {typeof BEA} */ member, returnTo = '/account') {
  return browser.signIn(member.email, { password: member.password, returnTo });
}

/** The browser's cookies for the store, as it sends them. @param {StoreBrowser} browser */
const cookiesOf = (browser) => browser.jar.header(new URL(STORE_ORIGIN));

/**
 * The session one store server reads for these cookies.
 * @param {{ handle(request: Request): Promise<Response> }} handler
 * @param {string} cookie
 */
async function sessionAt(handler, cookie) {
  const response = await handler.handle(new Request(`${STORE_ORIGIN}/storefront/session`, { headers: { cookie } }));
  assert.equal(response.status, 200);
  return response.json();
}

/** The names of the catalogs the browser's chosen account sees, through the proxy. @param {StoreBrowser} browser */
async function catalogNames(browser) {
  const response = await browser.request('/storefront/api/catalogs');
  assert.equal(response.status, 200);
  const { data } = await response.json();
  return data.map((/** @type {{ attributes: { name: string } }} */ catalog) => catalog.attributes.name).sort();
}

/** @param {Response} response */
const sessionCookieOf = (response) =>
  response.headers.getSetCookie().find((cookie) => /^__Host-storefront-session=[^;]/.test(cookie));

describe('sessions in Redis, shared by two store servers', () => {
  it('signs a member of 40 accounts in, lets her choose and browse, and signs her out everywhere', async () => {
    const { a, b, browser } = storeServers();
    const bea = browser();
    const { callback } = await signIn(bea, BEA);
    assert.equal(await continuesTo(callback), '/account');
    const cookie = /** @type {string} */ (sessionCookieOf(callback));
    assert.ok(cookie, 'a session cookie is set');
    assert.ok(cookie.length < 1000, `the cookie only names the session (${cookie.length} bytes)`);

    const view = await bea.session();
    assertBeaSignedIn(view);
    // each server reads the one session
    assert.deepEqual(await sessionAt(a, cookiesOf(bea)), view);
    assert.deepEqual(await sessionAt(b, cookiesOf(bea)), view);

    const chosen = await bea.choose(EIGHTH.id);
    assert.equal(chosen.status, 200);
    assert.equal((await chosen.json()).selectedAccountId, EIGHTH.id);
    assert.equal((await sessionAt(a, cookiesOf(bea))).selectedAccountId, EIGHTH.id);
    assert.equal((await sessionAt(b, cookiesOf(bea))).selectedAccountId, EIGHTH.id);

    // through either server, with the eighth account's token: its own catalog beside the store-wide one
    assert.deepEqual(await catalogNames(bea), ['Account 08 prices', 'Everyone']);
    assert.deepEqual(await catalogNames(bea), ['Account 08 prices', 'Everyone']);
    assert.equal((await clients[0].keys(KEYS)).length, 1);

    const signedIn = cookiesOf(bea);
    const out = await bea.request('/storefront/sign-out', { method: 'POST', body: { everywhere: true } });
    assert.equal(out.status, 200);
    const body = await out.json();
    assert.equal(body.signedIn, false);
    assert.ok(String(body.endSessionUrl).startsWith(`${service.issuer}/session/end`), 'ends the IdP session too');

    assert.deepEqual(await clients[1].keys(KEYS), [], 'the session is gone from Redis');
    // the cookie she held reads signed out on both servers, as does her browser on each
    assert.deepEqual(await sessionAt(a, signedIn), { signedIn: false });
    assert.deepEqual(await sessionAt(b, signedIn), { signedIn: false });
    assert.deepEqual(await bea.session(), { signedIn: false });
    assert.deepEqual(await bea.session(), { signedIn: false });
  });

  it('keeps in Redis only sealed values: no account token, member or account in them', async () => {
    const { recorder, browser } = storeServers();
    const bea = browser();
    await signIn(bea, BEA);
    assert.equal((await bea.choose(ACCOUNTS[2].id)).status, 200);
    const view = await bea.session();
    assert.equal(recorder.tokens.length, ACCOUNT_COUNT);

    const keys = await clients[0].keys(KEYS);
    assert.equal(keys.length, 1);
    const [key] = keys;
    const value = /** @type {string} */ (await clients[1].get(key));
    // a compact JWE with the key itself (dir): header, no encrypted key, iv, ciphertext, tag
    assert.match(value, /^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const stored = `${key}\n${value}`;
    for (const token of recorder.tokens) {
      assert.ok(!stored.includes(token), 'no account token in Redis');
      for (const part of token.split('.')) assert.ok(!stored.includes(part), 'not even a part of one');
    }
    for (const plain of [BEA.id, BEA.email, BEA.name, ACCOUNTS[2].id, ACCOUNTS[2].name]) {
      assert.ok(!stored.includes(plain), `${plain} is not readable in Redis`);
    }
    // the browser's cookie names the session sealed: the key's id is not in it
    assert.ok(!cookiesOf(bea).includes(key.slice(KEYS.length - 1)));
    // Redis lets the value go when the session ends (its earliest token expiry)
    const ttl = await clients[0].ttl(key);
    const left = (Date.parse(view.expires) - Date.now()) / 1000;
    assert.ok(ttl > 0 && Math.abs(ttl - left) < 60, `TTL ${ttl} s, the session ends in ${left} s`);
  });

  it('refuses a member of 40 accounts with the cookie store: not_configured, and no cookie', async (t) => {
    const logged = t.mock.method(console, 'error', () => {});
    const handler = createSessionHandler({ baseUrl: base, clientId: CLIENT_ID, keys: [KEY] });
    const bea = new StoreBrowser(handler);
    const { callback } = await signIn(bea, BEA, '/account?tab=orders');
    assert.equal(await continuesTo(callback), '/account?tab=orders&storefront-error=not_configured');
    assert.equal(sessionCookieOf(callback), undefined, 'no session cookie: it would not fit in 4 kB');
    assert.deepEqual(await bea.session(), { signedIn: false });
    assert.equal(logged.mock.callCount(), 1);
    assert.match(String(logged.mock.calls[0].arguments[0]), /40 accounts .* session store \(see redisSessionStore\)/);
    assert.deepEqual(await clients[0].keys(KEYS), []);

    // a member of two accounts fits in the cookie
    const sam = new StoreBrowser(handler);
    await signIn(sam, SAM);
    assert.equal((await sam.session()).member.id, SAM.id);
  });

  it('answers 503 while Redis is down, and signs in again once it is back', async (t) => {
    const logged = t.mock.method(console, 'error', () => {});
    const { browser } = storeServers();
    const bea = browser();
    await signIn(bea, BEA);
    assert.equal((await bea.choose(EIGHTH.id)).status, 200);
    assert.equal((await bea.session()).signedIn, true);

    await redis.stop();
    await Promise.all(clients.map(untilDown));
    assert.equal(redis.running, false);

    for (let server = 0; server < 2; server++) {
      await assertUnavailable(await bea.request('/storefront/session'));
      await assertUnavailable(await bea.choose(ACCOUNTS[0].id));
      await assertUnavailable(await bea.request('/storefront/api/catalogs'));
    }

    // a sign-in finished while Redis is down goes back to its page with network_error, and no session
    const sam = browser();
    const { callback } = await signIn(sam, SAM, '/shop');
    assert.equal(await continuesTo(callback), '/shop?storefront-error=network_error');
    assert.equal(sessionCookieOf(callback), undefined);
    assert.equal(logged.mock.callCount(), 1);
    assert.match(String(logged.mock.calls[0].arguments[0]), /session store could not be reached/);

    await redis.start();
    await Promise.all(clients.map(untilReady));
    // Redis came back empty (nothing saved): the session from before is gone, and reads signed out on each server
    assert.deepEqual(await bea.session(), { signedIn: false });
    assert.deepEqual(await bea.session(), { signedIn: false });

    const again = await signIn(sam, SAM, '/shop');
    assert.equal(await continuesTo(again.callback), '/shop');
    for (let server = 0; server < 2; server++) {
      const view = await sam.session();
      assert.equal(view.signedIn, true);
      assert.equal(view.member.id, SAM.id);
    }
    assert.equal((await clients[1].keys(KEYS)).length, 1);
  });

  it('keeps two members apart: each browser reads only its own session', async () => {
    const { browser } = storeServers();
    const bea = browser();
    const sam = browser();
    await signIn(bea, BEA);
    await signIn(sam, SAM);
    assert.equal((await bea.choose(EIGHTH.id)).status, 200);
    assert.equal((await sam.choose(SAM_WORKSHOP.id)).status, 200);
    // an account of the other member's is not his to choose
    assert.equal((await sam.choose(EIGHTH.id)).status, 404);

    for (let round = 0; round < 2; round++) {
      const [hers, his] = await Promise.all([bea.session(), sam.session()]);
      assert.equal(hers.member.id, BEA.id);
      assert.equal(hers.accounts.length, ACCOUNT_COUNT);
      assert.equal(hers.selectedAccountId, EIGHTH.id);
      assert.equal(his.member.id, SAM.id);
      assert.deepEqual(
        his.accounts.map((/** @type {{ accountId: string }} */ account) => account.accountId).sort(),
        [ACCOUNTS[0].id, SAM_WORKSHOP.id].sort(),
      );
      assert.equal(his.selectedAccountId, SAM_WORKSHOP.id);
      const [herCatalogs, hisCatalogs] = await Promise.all([catalogNames(bea), catalogNames(sam)]);
      assert.deepEqual(herCatalogs, ['Account 08 prices', 'Everyone']);
      assert.deepEqual(hisCatalogs, ['Everyone']);
    }
    assert.equal((await clients[0].keys(KEYS)).length, 2);

    // his signing out leaves hers
    assert.equal((await sam.request('/storefront/sign-out', { method: 'POST', body: {} })).status, 200);
    assert.deepEqual(await sam.session(), { signedIn: false });
    assert.equal((await bea.session()).member.id, BEA.id);
    assert.equal((await clients[0].keys(KEYS)).length, 1);
  });
});
