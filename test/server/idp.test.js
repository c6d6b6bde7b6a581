/**
 * The embedded identity provider: signing in again in the same browser (prompt=login, another person),
 * bounded storage under unauthenticated load, and a login page that cannot be framed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEMBERS } from '../support/fixtures.js';
import { canUseOtherLoopbackAddresses, getFrom } from '../support/from-address.js';
import { browserGet, CookieJar, signInAtIdentityProvider } from '../support/idp-login.js';
import { authorizationUrl, exchangeCode, pkce } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

/**
 * One sign-in in the browser whose cookies are `jar`; returns the member the service signed in.
 * @param {string} base
 * @param {CookieJar} jar
 * @param {string} login
 * @param {Record<string, string>} [extra] more authorization parameters
 */
async function signInWith(base, jar, login, extra = {}) {
  const { verifier, challenge } = pkce();
  const { url, redirectUri, token } = await authorizationUrl(base, { challenge, extra });
  const back = new URL(await signInAtIdentityProvider(url, login, 'password', { jar }));
  const code = back.searchParams.get('code');
  assert.ok(code, `no code: ${back.searchParams.get('error_description') ?? back.href}`);
  const exchange = await exchangeCode(base, token, { code, redirectUri, verifier });
  assert.equal(exchange.status, 200);
  return exchange.body.meta.account_member_id;
}

describe('signing in again in the same browser', () => {
  it('asks for the password again with prompt=login, as the same or another person', async () => {
    const { base } = await startTestService();
    const jar = new CookieJar();
    assert.equal(await signInWith(base, jar, 'ada@example.com'), MEMBERS.ada.id);
    assert.equal(await signInWith(base, jar, 'ada@example.com', { prompt: 'login' }), MEMBERS.ada.id);
    // another person in the same browser: the identity provider ends the first session, revoking its grant
    assert.equal(await signInWith(base, jar, 'grace@example.com', { prompt: 'login' }), MEMBERS.grace.id);
    assert.equal(await signInWith(base, jar, 'ada@example.com', { prompt: 'login' }), MEMBERS.ada.id);
  });

  it('forwards prompt, display and ui_locales to the identity provider', async () => {
    const { service, base } = await startTestService();
    const { url } = await authorizationUrl(base, { extra: { prompt: 'login', display: 'popup', ui_locales: 'de fr' } });
    const { response } = await browserGet(url);
    const idp = new URL(/** @type {string} */ (response.headers.get('location')));
    assert.equal(`${idp.origin}${idp.pathname}`, `${service.issuer}/auth`);
    assert.equal(idp.searchParams.get('prompt'), 'login');
    assert.equal(idp.searchParams.get('display'), 'popup');
    assert.equal(idp.searchParams.get('ui_locales'), 'de fr');
  });
});

describe('the login page', () => {
  it('may not be framed, and its form lets a password manager fill it', async () => {
    const { base } = await startTestService();
    const { url } = await authorizationUrl(base);
    const jar = new CookieJar();
    let page = new URL(url);
    /** @type {Response | undefined} */
    let response;
    for (let step = 0; step < 5; step++) {
      response = await fetch(page, { redirect: 'manual', headers: { cookie: jar.header(page), accept: 'text/html' } });
      jar.store(page, response);
      if (response.status < 301 || response.status > 307) break;
      page = new URL(/** @type {string} */ (response.headers.get('location')), page);
    }
    assert.match(page.pathname, /^\/idp\/interaction\//);
    assert.equal(response?.status, 200);
    assert.match(/** @type {string} */ (response?.headers.get('content-security-policy')), /frame-ancestors 'none'/);
    assert.equal(response?.headers.get('x-frame-options'), 'DENY');
    const form = await /** @type {Response} */ (response).text();
    assert.match(form, /name="password"/);
    // a password manager fills it (WCAG 3.3.8, accessible authentication)
    assert.match(form, /<input id="login" name="login" type="email" autocomplete="username"/);
    assert.match(form, /<input id="password" name="password" type="password" autocomplete="current-password"/);
    assert.doesNotMatch(form, /autocomplete="off"/);
  });
});

describe('unauthenticated load', { skip: !canUseOtherLoopbackAddresses }, () => {
  it('keeps the stored entries bounded per browser, per client address and in total, and a waiting person keeps theirs', async () => {
    const { service, base } = await startTestService({
      limits: { idpEntriesPerBrowser: 10, idpEntriesPerAddress: 50, idpEntries: 400 },
    });
    // a person at the login form before the load starts
    const jar = new CookieJar();
    const { verifier, challenge } = pkce();
    const waiting = await authorizationUrl(base, { challenge });
    const atForm = await signInAtIdentityProvider(waiting.url, '', '', {
      jar,
      stopAt: (u) => u.pathname.startsWith('/idp/interaction/'),
    });
    const kept = service.stats().idpEntries;

    const { response: start } = await browserGet((await authorizationUrl(base)).url);
    const auth = new URL(/** @type {string} */ (start.headers.get('location')));
    // a client that keeps no cookies is sent back for one, and never costs an entry
    for (let i = 0; i < 100; i++) assert.equal((await getFrom('127.0.0.2', auth.href)).status, 307);
    assert.equal(service.stats().idpEntries, kept, 'no entry for a client without the cookie');

    // one that keeps its cookie is one browser: it pushes out only its own
    const flooder = new CookieJar();
    for (let i = 0; i < 40; i++) assert.equal((await browserGet(auth, flooder)).response.status, 303);
    assert.ok(service.stats().idpEntries <= kept + 10, JSON.stringify(service.stats()));

    // new browsers from other addresses, and from the person's own: bounded per address and in total, the person's
    // login form stays (a new browser at a full address is refused)
    /** @type {Set<number>} */
    const statuses = new Set();
    for (const address of ['127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.1']) {
      for (let i = 0; i < 60; i++) {
        const check = await getFrom(address, auth.href);
        const cookie = /** @type {string[]} */ (check.headers['set-cookie'])[0].split(';')[0];
        const again = new URL(/** @type {string} */ (check.headers.location), auth);
        statuses.add((await getFrom(address, again.href, { cookie })).status);
      }
    }
    assert.deepEqual([...statuses].sort(), [303, 429]);
    assert.ok(service.stats().idpEntries <= 4 * 50 + 10, JSON.stringify(service.stats()));

    const client = new URL(waiting.redirectUri).origin;
    const back = new URL(
      await signInAtIdentityProvider(atForm, 'grace@example.com', 'password', {
        jar,
        stopAt: (u) => u.origin === client,
      }),
    );
    const code = /** @type {string} */ (back.searchParams.get('code'));
    assert.ok(code, back.href);
    const exchange = await exchangeCode(base, waiting.token, { code, redirectUri: waiting.redirectUri, verifier });
    assert.equal(exchange.body.meta.account_member_id, MEMBERS.grace.id);
  });
});
