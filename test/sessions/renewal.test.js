// "Stay signed in" with the store's server keeping the session: a sign-in with `prompt=none` through the profile
// the shopper signed in with, back to the page and the account; where the identity provider's session has ended,
// its login form, and the same page after it.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { ACCOUNTS, MEMBERS } from '../support/fixtures.js';
import { CookieJar, signInAtIdentityProvider } from '../support/idp-login.js';
import { startTestService } from '../support/test-service.js';
import { continuesTo, storeOn } from '../support/store-browser.js';

const { service, base } = await startTestService();

beforeEach(() => service.reset());

/** Ada signed in through the store's server, acting for Harvard. */
async function adaForHarvard() {
  const store = storeOn(base);
  await store.browser.signIn('ada@example.com');
  assert.equal((await store.browser.choose(ACCOUNTS.harvard.id)).status, 200);
  return store;
}

/** What the page asks when the shopper presses "Stay signed in" on /orders (see ServerSession.signIn). */
const RENEW = '/storefront/sign-in?profile=&return_to=%2Forders&prompt=none';

describe('renewing a session the store server keeps', () => {
  it('signs in again without the login form while the identity provider session lives, same page and account', async () => {
    const { browser, recorder } = await adaForHarvard();
    const before = await browser.session();
    const harvardToken = recorder.byAccount.get(ACCOUNTS.harvard.id);

    const start = await browser.request(RENEW);
    assert.equal(start.status, 302);
    const authorization = new URL(/** @type {string} */ (start.headers.get('location')));
    assert.equal(authorization.searchParams.get('prompt'), 'none');
    let loginForm = false;
    const back = await signInAtIdentityProvider(authorization.href, 'ada@example.com', 'password', {
      jar: browser.idpJar,
      onLoginForm: () => (loginForm = true),
    });
    assert.equal(loginForm, false, 'no login form');
    const callback = await browser.request(back);
    assert.equal(await continuesTo(callback), '/orders');

    const after = await browser.session();
    assert.equal(after.member.id, MEMBERS.ada.id);
    assert.equal(after.selectedAccountId, ACCOUNTS.harvard.id, 'the same account');
    assert.ok(Date.parse(after.expires) >= Date.parse(before.expires));
    assert.notEqual(recorder.byAccount.get(ACCOUNTS.harvard.id), harvardToken, 'new tokens');
  });

  it("shows the identity provider's login form where its session has ended, and then the same page", async () => {
    const { browser } = await adaForHarvard();
    // the identity provider's session is gone (its cookies cleared, or ended elsewhere)
    browser.idpJar = new CookieJar();
    const start = await browser.request(RENEW);
    const silent = await signInAtIdentityProvider(
      /** @type {string} */ (start.headers.get('location')),
      'ada@example.com',
      'password',
      { jar: browser.idpJar },
    );
    assert.equal(new URL(silent).searchParams.get('error'), 'login_required');
    const answered = await browser.request(silent);
    const again = await continuesTo(answered);
    assert.match(again, /^\/storefront\/sign-in\?profile=[\w-]+&return_to=%2Forders$/);

    const restart = await browser.request(again);
    const authorization = new URL(/** @type {string} */ (restart.headers.get('location')));
    assert.equal(authorization.searchParams.get('prompt'), null);
    let loginForm = false;
    const back = await signInAtIdentityProvider(authorization.href, 'ada@example.com', 'password', {
      jar: browser.idpJar,
      onLoginForm: () => (loginForm = true),
    });
    assert.equal(loginForm, true, 'the login form');
    assert.equal(await continuesTo(await browser.request(back)), '/orders');
    assert.equal((await browser.session()).selectedAccountId, ACCOUNTS.harvard.id);
  });
});
