/**
 * Pending sign-ins belong to the browser that started them, are bounded per browser and in total without
 * letting one client push out another's, and are swept on a timer.
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { MEMBERS } from '../../server/domain/fixtures.js';
import { BROWSER_COOKIE } from '../../server/idp/sign-in.js';
import { canUseOtherLoopbackAddresses, getFrom } from '../support/from-address.js';
import { CookieJar, signInAtIdentityProvider } from '../support/idp-login.js';
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
  it('sets an HttpOnly, SameSite=Lax cookie limited to the sign-in leg', async () => {
    const { base } = await startTestService();
    const { url } = await authorizationUrl(base);
    const response = await fetch(url, { redirect: 'manual' });
    assert.equal(response.status, 302);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${BROWSER_COOKIE}=`));
    assert.ok(cookie, 'a browser cookie is set');
    assert.match(cookie, /; Path=\/oidc\/;/);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
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
      const start = new URL((await authorizationUrl(base)).url);
      const response = await fetch(start, { redirect: 'manual', headers: { cookie: jar.header(start) } });
      assert.equal(response.status, 302);
      jar.store(start, response);
    }
    assert.equal(service.stats().pendingSignIns, 3);
  });
});

describe('flooding /oidc/authorize', { skip: !canUseOtherLoopbackAddresses }, () => {
  it("from one client never pushes out another client's pending sign-in", async () => {
    const { service, base } = await startTestService({ limits: { pendingSignIns: 40 } });
    const victim = await pendingSignIn(base);
    const flood = new URL((await authorizationUrl(base)).url);
    for (let i = 0; i < 200; i++) {
      flood.searchParams.set('state', `flood-${i}`);
      assert.equal((await getFrom('127.0.0.2', flood.href)).status, 302);
    }
    assert.equal(service.stats().pendingSignIns, 40, 'the total stays bounded');
    const finished = await openCallback(victim.callback, victim.jar.header(victim.callback));
    assert.equal(finished.status, 302);
    assert.ok(new URL(/** @type {string} */ (finished.headers.get('location'))).searchParams.get('code'));
  });
});

describe('sweeping', () => {
  it('frees expired sign-ins and identity provider entries on a timer, without a lookup', async () => {
    const { service, base } = await startTestService({ limits: { sweepIntervalMs: 25 } });
    for (let i = 0; i < 5; i++) await fetch((await authorizationUrl(base)).url, { redirect: 'manual' });
    // and five login forms at the identity provider
    for (let i = 0; i < 5; i++) {
      const response = await fetch((await authorizationUrl(base)).url, { redirect: 'manual' });
      await fetch(/** @type {string} */ (response.headers.get('location')), { redirect: 'manual' });
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
