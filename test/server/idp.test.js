/**
 * The embedded identity provider: signing in again in the same browser (prompt=login, another person),
 * bounded storage under unauthenticated load, and a login page that cannot be framed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEMBERS } from '../../server/domain/fixtures.js';
import { canUseOtherLoopbackAddresses, getFrom } from '../support/from-address.js';
import { CookieJar, signInAtIdentityProvider } from '../support/idp-login.js';
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
    const response = await fetch(url, { redirect: 'manual' });
    const idp = new URL(/** @type {string} */ (response.headers.get('location')));
    assert.equal(`${idp.origin}${idp.pathname}`, `${service.issuer}/auth`);
    assert.equal(idp.searchParams.get('prompt'), 'login');
    assert.equal(idp.searchParams.get('display'), 'popup');
    assert.equal(idp.searchParams.get('ui_locales'), 'de fr');
  });
});

describe('the login page', () => {
  it('may not be framed', async () => {
    const { base } = await startTestService();
    const { url } = await authorizationUrl(base);
    const jar = new CookieJar();
    let page = new URL(url);
    /** @type {Response | undefined} */
    let response;
    for (let step = 0; step < 5; step++) {
      response = await fetch(page, { redirect: 'manual', headers: { cookie: jar.header(page), accept: 'text/html' } });
      jar.store(page, response);
      if (response.status !== 302 && response.status !== 303) break;
      page = new URL(/** @type {string} */ (response.headers.get('location')), page);
    }
    assert.match(page.pathname, /^\/idp\/interaction\//);
    assert.equal(response?.status, 200);
    assert.match(/** @type {string} */ (response?.headers.get('content-security-policy')), /frame-ancestors 'none'/);
    assert.equal(response?.headers.get('x-frame-options'), 'DENY');
    assert.match(await /** @type {Response} */ (response).text(), /name="password"/);
  });
});

describe('unauthenticated load', { skip: !canUseOtherLoopbackAddresses }, () => {
  it('keeps the stored entries bounded per client address and in total, and a waiting person keeps theirs', async () => {
    const { service, base } = await startTestService({ limits: { idpEntriesPerAddress: 50, idpEntries: 120 } });
    // a person at the login form before the load starts
    const jar = new CookieJar();
    const { verifier, challenge } = pkce();
    const waiting = await authorizationUrl(base, { challenge });
    const atForm = await signInAtIdentityProvider(waiting.url, '', '', {
      jar,
      stopAt: (u) => u.pathname.startsWith('/idp/interaction/'),
    });

    const start = await fetch((await authorizationUrl(base)).url, { redirect: 'manual' });
    const auth = /** @type {string} */ (start.headers.get('location'));
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      for (let i = 0; i < 150; i++) assert.equal((await getFrom(address, auth)).status, 303);
    }
    assert.ok(service.stats().idpEntries <= 120, JSON.stringify(service.stats()));

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
