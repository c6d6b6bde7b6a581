/**
 * Pending sign-ins belong to the browser that started them (a cookie only the service makes), are bounded per
 * browser, per address and in total without letting any client push out a browser's own, and are swept on a timer.
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { MEMBERS } from '../support/fixtures.js';
import { BROWSER_COOKIE } from '../../server/idp/sign-in.js';
import { canUseOtherLoopbackAddresses, getFrom } from '../support/from-address.js';
import { browserGet, CookieJar, signInAtIdentityProvider } from '../support/idp-login.js';
import { authorizationUrl, exchangeCode, pkce } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const atCallback = (/** @type {URL} */ url) => url.pathname === '/oidc/callback';

/**
 * Signs Ada in at the identity provider and stops before the browser reaches the service's callback.
 * @param {string} base
 */
async function pendingSignIn(base) {
  const { verifier, challenge } = pkce();
  const { url, state, redirectUri, token } = await authorizationUrl(base, { challenge });
  const jar = new CookieJar();
  const callback = new URL(
    await signInAtIdentityProvider(url, 'ada@example.com', 'password', { jar, stopAt: atCallback }),
  );
  return { callback, jar, state, redirectUri, token, verifier };
}

/**
 * @param {URL} callback
 * @param {string} [cookie]
 */
const openCallback = (callback, cookie) =>
  fetch(callback, { redirect: 'manual', headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });

describe('a pending sign-in belongs to its browser', () => {
  it('sends a browser without its cookie back to the same address with an HttpOnly, SameSite=Lax one', async () => {
    const { service, base } = await startTestService();
    const { url } = await authorizationUrl(base);
    const response = await fetch(url, { redirect: 'manual' });
    assert.equal(response.status, 307);
    const again = new URL(/** @type {string} */ (response.headers.get('location')), url);
    assert.equal(again.pathname, '/oidc/authorize');
    assert.equal(again.searchParams.get('state'), new URL(url).searchParams.get('state'));
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${BROWSER_COOKIE}=`));
    assert.ok(cookie, 'a browser cookie is set');
    assert.match(cookie, /; Path=\/oidc\/;/);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.equal(service.stats().pendingSignIns, 0, 'nothing is kept for a request without the cookie');
    const followed = await fetch(again, { redirect: 'manual', headers: { cookie: cookie.split(';')[0] } });
    assert.equal(followed.status, 302);
    assert.equal(service.stats().pendingSignIns, 1);
  });

  it('replaces a cookie value it did not make, and tells a browser that keeps no cookie why it cannot sign in', async () => {
    const { service, base } = await startTestService();
    const { url } = await authorizationUrl(base);
    const planted = `${BROWSER_COOKIE}=${'p'.repeat(22)}.${'q'.repeat(22)}`;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: planted } });
    assert.equal(response.status, 307);
    const fresh = response.headers.getSetCookie()[0].split(';')[0];
    assert.notEqual(fresh, planted);
    assert.equal(service.stats().pendingSignIns, 0);
    const again = new URL(/** @type {string} */ (response.headers.get('location')), url);
    const noCookie = await fetch(again, { redirect: 'manual', headers: { accept: 'text/html' } });
    assert.equal(noCookie.status, 400);
    assert.match(await noCookie.text(), /did not keep the sign-in cookie/);
  });

  it('is refused to another browser (no cookie, or another one), and the browser that started it finishes it', async () => {
    const { base } = await startTestService();
    const { callback, jar, state, redirectUri, token, verifier } = await pendingSignIn(base);

    for (const cookie of [undefined, `${BROWSER_COOKIE}=${'x'.repeat(43)}`]) {
      const refused = await openCallback(callback, cookie);
      assert.equal(refused.status, 400);
      assert.match((await refused.json()).errors[0].detail, /started in another browser/);
    }

    const own = await openCallback(callback, jar.header(callback));
    assert.equal(own.status, 302);
    const back = new URL(/** @type {string} */ (own.headers.get('location')));
    assert.equal(back.searchParams.get('state'), state);
    const code = /** @type {string} */ (back.searchParams.get('code'));
    const exchange = await exchangeCode(base, token, { code, redirectUri, verifier });
    assert.equal(exchange.status, 200);
    assert.equal(exchange.body.meta.account_member_id, MEMBERS.ada.id);
  });

  it('keeps at most the newest sign-ins of one browser', async () => {
    const { service, base } = await startTestService({ limits: { pendingSignInsPerBrowser: 3 } });
    const jar = new CookieJar();
    for (let i = 0; i < 6; i++) {
      const { response } = await browserGet((await authorizationUrl(base)).url, jar);
      assert.equal(response.status, 302);
    }
    assert.equal(service.stats().pendingSignIns, 3);
  });
});

describe('flooding /oidc/authorize', { skip: !canUseOtherLoopbackAddresses }, () => {
  /**
   * A request from `address` as a browser new to the service makes it: the cookie check, then the same address
   * with the cookie it was given.
   * @param {string} address
   * @param {URL} url
   */
  async function newBrowser(address, url) {
    const check = await getFrom(address, url.href);
    assert.equal(check.status, 307);
    const cookie = /** @type {string[]} */ (check.headers['set-cookie'])[0].split(';')[0];
    return getFrom(address, new URL(/** @type {string} */ (check.headers.location), url).href, { cookie });
  }

  it("from one client never pushes out another client's pending sign-in", async () => {
    const { service, base } = await startTestService({ limits: { pendingSignIns: 40 } });
    const victim = await pendingSignIn(base);
    const flood = new URL((await authorizationUrl(base)).url);
    for (let i = 0; i < 200; i++) {
      flood.searchParams.set('state', `flood-${i}`);
      assert.equal((await getFrom('127.0.0.2', flood.href)).status, 307, 'without a cookie, nothing is kept');
    }
    assert.equal(service.stats().pendingSignIns, 1);
    // a browser new each time: the client holding the most of a full table is the one refused
    /** @type {Set<number>} */
    const statuses = new Set();
    for (let i = 0; i < 100; i++) {
      flood.searchParams.set('state', `new-browser-${i}`);
      statuses.add((await newBrowser('127.0.0.2', flood)).status);
    }
    assert.deepEqual(statuses, new Set([302, 429]));
    assert.equal(service.stats().pendingSignIns, 40, 'the total stays bounded');
    const finished = await openCallback(victim.callback, victim.jar.header(victim.callback));
    assert.equal(finished.status, 302);
    assert.ok(new URL(/** @type {string} */ (finished.headers.get('location'))).searchParams.get('code'));
  });

  it("from the same address never pushes out a browser's own sign-in: new browsers wait there", async () => {
    const { service, base } = await startTestService({ limits: { pendingSignInsPerAddress: 10 } });
    const victim = await pendingSignIn(base);
    const flood = new URL((await authorizationUrl(base)).url);
    /** @type {number[]} */
    const statuses = [];
    for (let i = 0; i < 30; i++) {
      flood.searchParams.set('state', `same-address-${i}`);
      const answer = await newBrowser('127.0.0.1', flood);
      statuses.push(answer.status);
      if (answer.status === 429) {
        assert.ok(Number(answer.headers['retry-after']) >= 1);
        assert.match(JSON.parse(answer.text).errors[0].detail, /10 sign-ins pending from this address/);
      }
    }
    assert.deepEqual(new Set(statuses), new Set([302, 429]));
    assert.ok(service.stats().pendingSignIns <= 10, JSON.stringify(service.stats()));
    // a browser that already has a sign-in there may start another (it gives up its own oldest, if any)
    assert.equal((await browserGet((await authorizationUrl(base)).url, victim.jar)).response.status, 302);
    const finished = await openCallback(victim.callback, victim.jar.header(victim.callback));
    assert.equal(finished.status, 302);
    assert.ok(new URL(/** @type {string} */ (finished.headers.get('location'))).searchParams.get('code'));
  });
});

describe('sweeping', () => {
  it('frees expired sign-ins and identity provider entries on a timer, without a lookup', async () => {
    const { service, base } = await startTestService({ limits: { sweepIntervalMs: 25 } });
    const jar = new CookieJar();
    for (let i = 0; i < 5; i++) await browserGet((await authorizationUrl(base)).url, jar);
    // and five login forms at the identity provider
    for (let i = 0; i < 5; i++) {
      const { response } = await browserGet((await authorizationUrl(base)).url, jar);
      await browserGet(/** @type {string} */ (response.headers.get('location')), jar);
    }
    const before = service.stats();
    assert.equal(before.pendingSignIns, 10);
    assert.ok(before.idpEntries >= 5, JSON.stringify(before));
    const now = Date.now();
    mock.method(Date, 'now', () => now + 11 * 60_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 150));
      assert.deepEqual(service.stats(), { pendingSignIns: 0, issuedCodes: 0, idpEntries: 0 });
    } finally {
      mock.restoreAll();
    }
  });
});
