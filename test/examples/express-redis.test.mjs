// examples/express with its sessions in Redis (REDIS_URL), as a store runs it behind a load balancer: two processes
// of the example share one real redis-server behind one address, a round-robin proxy written here that sends each
// request to the other process. A member of 40 accounts (more than a cookie holds) signs in through the identity
// provider's login form, chooses an account, browses its catalogs and signs out everywhere, each step answered by
// either process. With Redis stopped, both answer 503 (never 500) and keep running; once it is back, a sign-in works.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Agent, createServer, request as forward } from 'node:http';
import { after, before, test } from 'node:test';
import { startService } from '../../server/index.js';
import {
  assertBeaSignedIn,
  ACCOUNT_COUNT,
  BEA,
  EIGHTH,
  EIGHTH_CATALOG,
  SAM,
  SAM_WORKSHOP,
  manyAccountsFixtures,
} from '../support/many-accounts.js';
import { startRedisServer } from '../support/redis-server.js';
import { StoreBrowser, assertUnavailable, continuesTo } from '../support/store-browser.js';
import { cleanUp, freePort, installExample, serve } from './harness.mjs';

/** The longest Redis may take to be read again by both processes after it restarts (a bound, not a wait). */
const BACK_WITHIN_MS = 30_000;

/**
 * A reverse proxy on one loopback port that sends each request to the next of `ports` in turn, passing the method,
 * the path, the headers and the body on unchanged, and the answer's status, headers (every Set-Cookie) and body
 * back unchanged. `log` says which process answered what.
 * @param {number[]} ports
 */
async function roundRobin(ports) {
  const agent = new Agent({ keepAlive: true });
  /** @type {Array<{ backend: number, method: string, path: string, status: number }>} */
  const log = [];
  let next = 0;
  const server = createServer((request, response) => {
    const backend = next++ % ports.length;
    const outgoing = forward(
      {
        host: '127.0.0.1',
        port: ports[backend],
        method: request.method,
        path: request.url,
        headers: request.rawHeaders,
        agent,
      },
      (answer) => {
        log.push({
          backend,
          method: String(request.method),
          path: String(request.url),
          status: Number(answer.statusCode),
        });
        response.writeHead(Number(answer.statusCode), answer.statusMessage, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    outgoing.on('error', (error) => {
      log.push({ backend, method: String(request.method), path: String(request.url), status: 502 });
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`the proxy could not reach the store's process ${backend}: ${error.message}`);
    });
    request.pipe(outgoing);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    port,
    log,
    /** How many answers each process gave. */
    answered: () => ports.map((_, backend) => log.filter((entry) => entry.backend === backend).length),
    async close() {
      server.closeAllConnections();
      server.close();
      agent.destroy();
      await once(server, 'close');
    },
  };
}

/** @type {Awaited<ReturnType<typeof startService>>} */
let service;
/** @type {import('../support/redis-server.js').RedisServer} */
let redis;
/** @type {Awaited<ReturnType<typeof roundRobin>>} */
let proxy;
/** The store's address, the proxy's: `localhost`, where the session's Secure (`__Host-`) cookies are kept. */
let front = '';
/** The two processes' own ports, and what each wrote. */
const ports = /** @type {number[]} */ ([]);
const outputs = /** @type {Array<() => string>} */ ([]);

after(async () => {
  await cleanUp();
  await redis?.stop();
  await proxy?.close();
  await service?.close();
});

before(async () => {
  const dir = installExample('express');
  service = await startService({ port: 0, host: '127.0.0.1', quiet: true, fixtures: manyAccountsFixtures() });
  redis = await startRedisServer();
  ports.push(await freePort(), await freePort());
  proxy = await roundRobin(ports);
  front = `http://localhost:${proxy.port}`;
  const env = {
    STOREFRONT_BASE_URL: service.baseUrl,
    SESSION_KEYS: randomBytes(48).toString('base64url'),
    REDIS_URL: redis.url,
    ORIGIN: front,
  };
  for (const port of ports) {
    const { output } = await serve(dir, 'node', ['server.mjs'], `http://localhost:${port}/`, {
      ...env,
      PORT: String(port),
    });
    outputs.push(output);
  }
});

/** A shopper's browser on the store's one address: each of its requests crosses the proxy's HTTP. */
const browser = () => new StoreBrowser({ handle: (request) => fetch(request, { redirect: 'manual' }) }, front);

/** Which processes answered the last `count` requests, sorted. */
const lastBackends = (count) =>
  proxy.log
    .slice(-count)
    .map((entry) => entry.backend)
    .sort();

/** The names of the catalogs the chosen account sees, through the store's proxy. @param {StoreBrowser} shopper */
async function catalogNames(shopper) {
  const response = await shopper.request('/storefront/api/catalogs');
  assert.equal(response.status, 200);
  const { data } = await response.json();
  return data.map((/** @type {{ attributes: { name: string } }} */ catalog) => catalog.attributes.name).sort();
}

test('two processes of the Express store share sessions in Redis behind one address', async (t) => {
  const bea = browser();

  await t.test('the member of 40 accounts signs in through the identity provider', async () => {
    const { start, authorizationUrl, callback } = await bea.signIn(BEA.email, {
      password: BEA.password,
      returnTo: '/',
    });
    assert.equal(start.status, 302);
    // the callback's address is the store's public one (ORIGIN), whichever process made it
    assert.equal(new URL(authorizationUrl).searchParams.get('redirect_uri'), `${front}/storefront/callback`);
    assert.equal(callback.status, 200);
    assert.equal(await continuesTo(callback), '/');
    // several Set-Cookie headers came through the proxy: the session's, the spent sign-in's, the signed-out note's
    const cookies = callback.headers.getSetCookie();
    assert.ok(cookies.length >= 2, cookies.join('\n'));
    assert.ok(cookies.some((cookie) => /^__Host-storefront-session=[^;]/.test(cookie)));
    assert.ok(cookies.some((cookie) => /^__Host-storefront-sign-in-[^=]+=;/.test(cookie)));
    const cookie = bea.jar.header(new URL(front));
    assert.match(cookie, /__Host-storefront-session=/);
    assert.doesNotMatch(cookie, /__Host-storefront-sign-in-/, 'the sign-in transaction is spent');
    assert.ok(cookie.length < 1000, `the cookie only names the session in Redis (${cookie.length} bytes)`);
  });

  await t.test('either process reads her session: 40 accounts, none chosen yet', async () => {
    for (let round = 0; round < 2; round++) {
      const view = await bea.session();
      assertBeaSignedIn(view);
    }
    assert.deepEqual(lastBackends(2), [0, 1]);
  });

  await t.test('she chooses the eighth account, and its own catalog shows through either process', async () => {
    const chosen = await bea.choose(EIGHTH.id);
    assert.equal(chosen.status, 200);
    assert.equal((await chosen.json()).selectedAccountId, EIGHTH.id);
    for (let round = 0; round < 2; round++) {
      assert.deepEqual(await catalogNames(bea), [EIGHTH_CATALOG, 'Everyone']);
    }
    assert.deepEqual(lastBackends(2), [0, 1]);
    // the store's own page, rendered by either process from the session in Redis
    for (let round = 0; round < 2; round++) {
      const page = await bea.request('/');
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(
        html,
        new RegExp(`<span id="shopping-for" data-account-id="${EIGHTH.id}">Shopping for ${EIGHTH.name}<`),
      );
      assert.match(html, new RegExp(`<li>${EIGHTH_CATALOG}</li>`));
    }
    assert.deepEqual(lastBackends(2), [0, 1]);
  });

  await t.test('she signs out everywhere, and reads signed out on both processes', async () => {
    const out = await bea.request('/storefront/sign-out', { method: 'POST', body: { everywhere: true } });
    assert.equal(out.status, 200);
    const body = await out.json();
    assert.equal(body.signedIn, false);
    assert.ok(String(body.endSessionUrl).startsWith(`${service.issuer}/session/end`), body.endSessionUrl);
    assert.doesNotMatch(bea.jar.header(new URL(front)), /__Host-storefront-session=/);
    for (let round = 0; round < 2; round++) assert.deepEqual(await bea.session(), { signedIn: false });
    assert.deepEqual(lastBackends(2), [0, 1]);
    const [first, second] = proxy.answered();
    assert.ok(first > 0 && second > 0, `the processes answered ${first} and ${second} requests`);
  });

  // signed in while Redis is up, with a cookie that names a session in it
  const sam = browser();

  await t.test('with Redis stopped, both processes answer 503 with the error envelope, and keep running', async () => {
    await sam.signIn(SAM.email, { password: SAM.password, returnTo: '/' });
    assert.equal((await sam.session()).member.id, SAM.id);

    await redis.stop();
    assert.equal(redis.running, false);
    for (let round = 0; round < 2; round++) await assertUnavailable(await sam.request('/storefront/session'));
    assert.deepEqual(lastBackends(2), [0, 1]);
    for (let round = 0; round < 2; round++) await assertUnavailable(await sam.choose(SAM_WORKSHOP.id));
    assert.deepEqual(lastBackends(2), [0, 1]);
    // the store's page: for a signed-in shopper it says the session cannot be read (503, never a guest's page);
    // for a guest, whose browser names no session, it renders as ever
    for (let round = 0; round < 2; round++) {
      const page = await sam.request('/');
      assert.equal(page.status, 503);
      assert.match(await page.text(), /cannot read your session right now/);
    }
    assert.deepEqual(lastBackends(2), [0, 1]);
    const guest = browser();
    for (let round = 0; round < 2; round++) {
      const page = await guest.request('/');
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<span id="member">Browsing as a guest<\/span>/);
    }
    assert.deepEqual(lastBackends(2), [0, 1]);
    // each process still listens on its own port (it has not exited), and none failed with a 500
    for (const port of ports) assert.equal((await fetch(`http://localhost:${port}/`)).status, 200);
    assert.deepEqual(
      proxy.log.filter((entry) => entry.status >= 500 && entry.status !== 503),
      [],
    );
    for (const output of outputs) assert.doesNotMatch(output(), /session handler failed|Internal Server Error/);
  });

  await t.test('once Redis is back, a new sign-in works and reads signed in on both processes', async () => {
    await redis.start();
    // both processes' clients reconnect by themselves: polled until each reads the session route again
    const deadline = Date.now() + BACK_WITHIN_MS;
    let answers = [];
    for (;;) {
      answers = [];
      for (let round = 0; round < 2; round++) {
        const response = await sam.request('/storefront/session');
        answers.push({ status: response.status, view: await response.json() });
      }
      if (answers.every((answer) => answer.status === 200)) break;
      assert.ok(
        Date.now() < deadline,
        `Redis is not read again within ${BACK_WITHIN_MS} ms: ${JSON.stringify(answers)}`,
      );
      await new Promise((done) => setTimeout(done, 100)); // polling reconnecting clients, not a test's wait
    }
    assert.deepEqual(lastBackends(2), [0, 1]);
    // Redis came back empty (it keeps nothing on disk): the session from before reads signed out
    assert.deepEqual(
      answers.map((answer) => answer.view),
      [{ signedIn: false }, { signedIn: false }],
    );

    const { callback } = await bea.signIn(BEA.email, { password: BEA.password, returnTo: '/' });
    assert.equal(await continuesTo(callback), '/');
    for (let round = 0; round < 2; round++) {
      const view = await bea.session();
      assert.equal(view.signedIn, true);
      assert.equal(view.member.id, BEA.id);
      assert.equal(view.accounts.length, ACCOUNT_COUNT);
    }
    assert.deepEqual(lastBackends(2), [0, 1]);
    assert.deepEqual(
      proxy.log.filter((entry) => entry.status >= 500 && entry.status !== 503),
      [],
    );
  });
});
