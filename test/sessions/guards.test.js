// What the session handler refuses: cookies that are not its own (tampered, truncated, sealed with a key no longer
// listed, expired), calls from pages of other origins, and proxy calls outside its allowlist; and what the proxy
// passes on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSessionHandler } from '../../dist/server/index.js';
import { ACCOUNTS } from '../support/fixtures.js';
import { startService } from '../../server/index.js';
import { accessToken, api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';
import { STORE_ORIGIN, storeOn } from '../support/store-browser.js';

const { base } = await startTestService();
const OLD_KEY = 'o'.repeat(32);
const NEW_KEY = 'n'.repeat(40);

/** @param {Parameters<typeof storeOn>[1]} [options] */
const store = (options = {}) => storeOn(base, { keys: [OLD_KEY], ...options });

/** A browser signed in as Ada with Harvard chosen. */
async function signedIn(options = {}) {
  const shop = store(options);
  await shop.browser.signIn('ada@example.com');
  await shop.browser.choose(ACCOUNTS.harvard.id);
  return shop;
}

/** @param {import('../support/store-browser.js').StoreBrowser} browser */
const sessionCookie = (browser) =>
  /** @type {string} */ (browser.jar.byHost.get('localhost:3000')?.get('__Host-storefront-session'));

/** @param {import('../support/store-browser.js').StoreBrowser} browser @param {string} value */
function setSessionCookie(browser, value) {
  const { byHost } = browser.jar;
  if (!byHost.has('localhost:3000')) byHost.set('localhost:3000', new Map());
  byHost.get('localhost:3000')?.set('__Host-storefront-session', value);
}

describe('cookies the handler did not seal, or no longer accepts', () => {
  it('reads a tampered, truncated, foreign or expired cookie as signed out, never a 500', async () => {
    const { browser } = await signedIn();
    const good = sessionCookie(browser);
    const flip = (/** @type {string} */ s, /** @type {number} */ i) =>
      s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const foreign = await signedIn({ keys: ['f'.repeat(32)] });
    const variants = {
      'tampered': flip(good, Math.floor(good.length * 0.7)),
      'truncated': good.slice(0, -10),
      'another key': sessionCookie(foreign.browser),
      'not a seal': 'eyJhbGciOiJub25lIn0.e30.',
      'empty': '',
    };
    const removed = (/** @type {Response} */ answer) =>
      answer.headers.getSetCookie().some((c) => /^__Host-storefront-session=; .*Max-Age=0$/.test(c));
    for (const [name, value] of Object.entries(variants)) {
      setSessionCookie(browser, value);
      const answer = await browser.request('/storefront/session');
      assert.equal(answer.status, 200, name);
      assert.deepEqual(await answer.json(), { signedIn: false }, name);
      assert.ok(removed(answer) || !value, `${name}: a cookie that names no session goes`);

      // a page that still thinks it is signed in learns from the proxy that the session is over
      setSessionCookie(browser, value);
      const proxied = await browser.request('/storefront/api/catalogs');
      assert.equal(proxied.status, value ? 401 : 200, name);
      if (value) assert.ok(removed(proxied), name);
      assert.equal((await browser.request('/storefront/api/catalogs')).status, 200, `${name}: then a guest`);
    }
  });

  it('reads a session whose tokens have expired as signed out, its cookie and its seal alike', async (t) => {
    const { browser } = await signedIn();
    const { expires } = await browser.session();
    t.mock.timers.enable({ apis: ['Date'], now: Date.parse(expires) + 1000 });
    const answer = await browser.request('/storefront/session');
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { signedIn: false });
    assert.equal((await browser.request('/storefront/account', { method: 'POST', body: {} })).status, 401);
  });

  it('opens a cookie sealed with a rotated-out key while that key is listed, and not after', async () => {
    const { browser } = await signedIn({ keys: [OLD_KEY] });
    const rotated = store({ keys: [NEW_KEY, OLD_KEY] });
    const dropped = store({ keys: [NEW_KEY] });
    const cookie = sessionCookie(browser);
    setSessionCookie(rotated.browser, cookie);
    setSessionCookie(dropped.browser, cookie);
    assert.equal((await rotated.browser.session()).selectedAccountId, ACCOUNTS.harvard.id);
    assert.equal((await dropped.browser.session()).signedIn, false);
    // a change made after rotation is sealed with the new key: the old key alone no longer opens it
    await rotated.browser.choose(ACCOUNTS.analytical.id);
    const resealed = sessionCookie(rotated.browser);
    setSessionCookie(browser, resealed);
    assert.equal((await browser.session()).signedIn, false);
    setSessionCookie(dropped.browser, resealed);
    assert.equal((await dropped.browser.session()).selectedAccountId, ACCOUNTS.analytical.id);
  });

  it('refuses keys shorter than 32 bytes, and none', () => {
    assert.throws(() => createSessionHandler({ baseUrl: base, clientId: 'storefront', keys: [] }), /at least one key/);
    assert.throws(
      () => createSessionHandler({ baseUrl: base, clientId: 'storefront', keys: [OLD_KEY, 'short'] }),
      /at least 32 bytes/,
    );
  });
});

describe('calls from pages of other origins', () => {
  const evil = { 'origin': 'https://evil.test', 'sec-fetch-site': 'cross-site' };
  const cases = [
    ['POST account', '/storefront/account', 'POST', { accountId: ACCOUNTS.analytical.id }],
    ['POST sign-out', '/storefront/sign-out', 'POST', {}],
    ['the proxy', '/storefront/api/catalogs', 'GET', undefined],
  ];
  for (const [name, path, method, body] of cases) {
    it(`refuses ${name} with 403, with and without cookies`, async () => {
      const { browser } = await signedIn();
      const stranger = store().browser;
      for (const [who, headers] of [
        ['a form of another site (no header)', evil],
        ['a script of another site (header and Origin)', { ...evil, 'storefront-request': '1' }],
        [
          'a same-site page of another origin',
          { 'origin': 'https://blog.localhost:3000', 'sec-fetch-site': 'same-site', 'storefront-request': '1' },
        ],
        ['a request without the header', {}],
      ]) {
        for (const shopper of [browser, stranger]) {
          const answer = await shopper.request(path, { method, body, headers, own: false });
          assert.equal(answer.status, 403, `${name} from ${who}`);
          assert.equal((await answer.json()).errors[0].status, '403');
        }
      }
      assert.equal((await browser.session()).selectedAccountId, ACCOUNTS.harvard.id, 'nothing changed');
    });
  }
});

describe('the API proxy', () => {
  it('lists the chosen account catalogs as the API does, its links through the proxy', async () => {
    const { browser, recorder } = await signedIn();
    const proxied = await browser.request('/storefront/api/catalogs');
    assert.equal(proxied.status, 200);
    assert.equal(proxied.headers.get('cache-control'), 'private, no-store');
    assert.equal(proxied.headers.get('set-cookie'), null);
    const body = await proxied.json();
    const direct = await api(`${base}/catalogs`, {
      token: await accessToken(base, 'implicit'),
      headers: { 'EP-Account-Management-Authentication-Token': recorder.byAccount.get(ACCOUNTS.harvard.id) },
    });
    assert.deepEqual(
      body.data.map((/** @type {any} */ c) => c.id),
      direct.body.data.map((/** @type {any} */ c) => c.id),
    );
    assert.ok(body.links.self.startsWith(`${STORE_ORIGIN}/storefront/api/`));
    assert.ok(!JSON.stringify(body).includes(base), 'no address of the API is left');
  });

  it('refuses methods and paths outside the allowlist with 403, without calling the API', async () => {
    const { browser, recorder } = await signedIn();
    for (const [method, path] of [
      ['POST', '/storefront/api/catalogs'],
      ['DELETE', '/storefront/api/catalogs/x'],
      ['GET', '/storefront/api/v2/account-members'],
      ['GET', '/storefront/api/v2/accounts/x/account-memberships'],
      ['GET', '/storefront/api/catalogs/%2e%2e/v2/account-members'],
      ['GET', '/storefront/api/catalogs/..%2Fv2%2Faccount-members'],
      ['GET', '/storefront/api/catalogs/x%5C..%5Cv2'],
      ['GET', '/storefront/api//catalogs'],
      ['GET', '/storefront/api/oauth/access_token'],
    ]) {
      const before = recorder.calls.length;
      const answer = await browser.request(path, { method, body: method === 'GET' ? undefined : {} });
      assert.equal(answer.status, 403, `${method} ${path}`);
      assert.equal(recorder.calls.length, before, `${method} ${path} reached the API`);
    }
  });

  it('passes another allowlist on, as the store sets it', async () => {
    const { browser } = await signedIn({ allow: ['GET /v2/settings/account-authentication'] });
    assert.equal((await browser.request('/storefront/api/v2/settings/account-authentication')).status, 200);
    assert.equal((await browser.request('/storefront/api/catalogs')).status, 403);
  });

  it('ends the session when the API refuses the account token', async () => {
    // a service that signed the tokens, stopped, and one on the same address with another signing key
    const first = await startService({ port: 0, quiet: true });
    const { port, baseUrl } = first;
    const { browser } = await signedIn({ baseUrl });
    assert.equal((await browser.request('/storefront/api/catalogs')).status, 200);
    await first.close();
    const second = await startService({ port, quiet: true });
    try {
      const refused = await browser.request('/storefront/api/catalogs');
      assert.equal(refused.status, 401);
      assert.ok(refused.headers.getSetCookie().some((c) => /^__Host-storefront-session=; .*Max-Age=0$/.test(c)));
      assert.equal((await browser.session()).signedIn, false);
    } finally {
      await second.close();
    }
  });
});
