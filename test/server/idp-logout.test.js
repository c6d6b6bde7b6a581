/**
 * RP-initiated logout at the embedded identity provider: a store page ends the identity provider's session of
 * the browser (`end_session_endpoint` with the profile's client id) and is sent back to itself when the store
 * accepts it as a redirect URI; the next sign-in in that browser shows the login form again.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IDP_CLIENT } from '../support/fixtures.js';
import { CookieJar, endSessionAtIdentityProvider, signInAtIdentityProvider } from '../support/idp-login.js';
import { authorizationUrl } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

/**
 * Signs in with the browser whose cookies are `jar`; returns whether the identity provider showed its login form.
 * @param {string} base @param {CookieJar} jar
 */
async function signInShowsForm(base, jar) {
  let shown = false;
  const { url } = await authorizationUrl(base);
  const back = new URL(
    await signInAtIdentityProvider(url, 'ada@example.com', 'password', { jar, onLoginForm: () => (shown = true) }),
  );
  assert.ok(back.searchParams.get('code'), back.href);
  return shown;
}

/**
 * Asks the identity provider to end the session of `jar` and come back to `page`, as a store page does; answers its
 * confirmation page with `choice`.
 * @param {string} issuer @param {CookieJar} jar @param {string} page @param {'logout' | 'stay'} [choice]
 */
async function endSession(issuer, jar, page, choice = 'logout') {
  const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  const url = new URL(discovery.end_session_endpoint);
  url.searchParams.set('client_id', IDP_CLIENT.clientId);
  url.searchParams.set('post_logout_redirect_uri', page);
  url.searchParams.set('state', 'abc');
  const ended = await endSessionAtIdentityProvider(url.href, jar, choice);
  if (ended.html.includes('op.logoutForm')) {
    assert.match(ended.html, /Sign out of Example ID/);
    assert.match(ended.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  }
  return ended;
}

describe('RP-initiated logout', () => {
  it('is advertised, asks to confirm, ends the session and sends the browser back to the page', async () => {
    const { service, base } = await startTestService();
    const jar = new CookieJar();
    assert.equal(await signInShowsForm(base, jar), true);
    assert.equal(await signInShowsForm(base, jar), false, 'the session lives on without a logout');

    const { response, html } = await endSession(service.issuer, jar, 'http://localhost:5173/shop?page=2');
    assert.match(html, /Sign out of Example ID/);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), 'http://localhost:5173/shop?page=2&state=abc');
    assert.equal(await signInShowsForm(base, jar), true, 'the next sign-in asks for the password');
  });

  it('sends the browser back to a registered page of the store, any loopback page, and nowhere else', async () => {
    const { service, base } = await startTestService({ redirectUris: ['https://shop.test/account'] });
    for (const page of ['https://shop.test/account', 'http://127.0.0.1:9/back']) {
      const jar = new CookieJar();
      await signInShowsForm(base, jar);
      const { response } = await endSession(service.issuer, jar, page);
      assert.equal(response.headers.get('location'), `${page}?state=abc`, page);
    }
    for (const page of ['https://evil.example/', 'https://shop.test/other']) {
      const jar = new CookieJar();
      await signInShowsForm(base, jar);
      const { response, html } = await endSession(service.issuer, jar, page);
      assert.equal(response.status, 400, page);
      assert.match(html, /post_logout_redirect_uri not registered/);
      assert.equal(await signInShowsForm(base, jar), false, 'a refused request ends nothing');
    }
  });

  it('"Stay signed in" keeps the session and still returns to the page', async () => {
    const { service, base } = await startTestService();
    const jar = new CookieJar();
    await signInShowsForm(base, jar);
    const { response } = await endSession(service.issuer, jar, 'http://localhost:5173/', 'stay');
    assert.equal(response.headers.get('location'), 'http://localhost:5173/?state=abc');
    assert.equal(await signInShowsForm(base, jar), false);
  });
});
