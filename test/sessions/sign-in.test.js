// The session handler against the reference service and its identity provider: signing in through the store's
// server, what the browser is given (cookies, never a token), choosing an account, signing out.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { ACCOUNTS, MEMBERS } from '../support/fixtures.js';
import { SHOP_FIXTURES, ids } from '../support/shop-fixtures.js';
import { startTestService } from '../support/test-service.js';
import { STORE_ORIGIN, continuesTo, storeOn } from '../support/store-browser.js';

const { service, base } = await startTestService();

/** @param {Parameters<typeof storeOn>[1]} [options] */
const store = (options = {}) => storeOn(base, options);

beforeEach(() => service.reset());

describe('signing in through the store server', () => {
  it('starts with PKCE S256 and a fresh state, kept in a short Lax transaction cookie', async () => {
    const { browser } = store();
    const first = await browser.request('/storefront/sign-in?return_to=/account');
    const second = await browser.request('/storefront/sign-in?return_to=/account');
    assert.equal(first.status, 302);
    const url = new URL(/** @type {string} */ (first.headers.get('location')));
    const other = new URL(/** @type {string} */ (second.headers.get('location')));
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.match(/** @type {string} */ (url.searchParams.get('code_challenge')), /^[\w-]{43}$/);
    assert.equal(url.searchParams.get('redirect_uri'), `${STORE_ORIGIN}/storefront/callback`);
    assert.notEqual(url.searchParams.get('state'), other.searchParams.get('state'));
    assert.equal(url.searchParams.get('scope'), 'openid email');
    const [cookie] = first.headers.getSetCookie();
    assert.match(
      cookie,
      /^__Host-storefront-sign-in-[\w-]{16}=[\w.-]+; Path=\/; Secure; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );
    assert.ok(
      !cookie.includes(/** @type {string} */ (url.searchParams.get('state'))),
      'the state is not readable in it',
    );
  });

  it('signs Ada in: a Strict session cookie, the page it started from, the session without a token', async () => {
    const { browser, recorder } = store();
    const { callback } = await browser.signIn('ada@example.com', { returnTo: '/account?tab=1' });
    assert.equal(callback.status, 200);
    assert.equal(callback.headers.get('referrer-policy'), 'no-referrer');
    const cookies = callback.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('__Host-storefront-session='));
    assert.match(
      /** @type {string} */ (session),
      /^__Host-storefront-session=[\w.-]+; Path=\/; Secure; HttpOnly; SameSite=Strict; Max-Age=\d+$/,
    );
    assert.ok(
      cookies.some((c) => /^__Host-storefront-sign-in-[\w-]+=; .*Max-Age=0$/.test(c)),
      'the transaction is spent',
    );
    assert.equal(await continuesTo(callback), '/account?tab=1');

    const view = await browser.session();
    assert.equal(view.signedIn, true);
    assert.deepEqual(view.member, { id: MEMBERS.ada.id, name: 'Ada Lovelace', email: 'ada@example.com' });
    assert.deepEqual(view.accounts.map((/** @type {any} */ a) => a.accountName).sort(), [
      ACCOUNTS.analytical.name,
      ACCOUNTS.harvard.name,
    ]);
    assert.equal(view.selectedAccountId, undefined);
    assert.ok(Date.parse(view.expires) > Date.now());

    assert.equal(recorder.tokens.length, 2);
    const readable = [JSON.stringify(view), ...cookies, JSON.stringify([...callback.headers])].join('\n');
    for (const token of recorder.tokens) {
      assert.ok(!readable.includes(token), 'no token in the session, a cookie or a header');
      for (const part of token.split('.')) assert.ok(!readable.includes(part), 'not even a part of one');
    }
  });

  it('chooses an account the member has, and refuses one she has not', async () => {
    const { browser } = store();
    await browser.signIn('ada@example.com');
    const chosen = await browser.choose(ACCOUNTS.harvard.id);
    assert.equal(chosen.status, 200);
    assert.equal((await chosen.json()).selectedAccountId, ACCOUNTS.harvard.id);
    assert.equal((await browser.session()).selectedAccountId, ACCOUNTS.harvard.id);
    const foreign = await browser.choose(ACCOUNTS.empty.id);
    assert.equal(foreign.status, 404);
    assert.equal((await foreign.json()).errors[0].status, '404');
    assert.equal((await browser.session()).selectedAccountId, ACCOUNTS.harvard.id);
  });

  it('chooses the only account of a member with one, and names her', async () => {
    const { browser } = store();
    await browser.signIn('grace@example.com');
    const view = await browser.session();
    assert.equal(view.selectedAccountId, ACCOUNTS.harvard.id);
    assert.deepEqual(view.member, { id: MEMBERS.grace.id, name: 'Grace Hopper', email: 'grace@example.com' });
  });

  it("names a member of a store's own fixtures", async () => {
    const shop = await startTestService({ fixtures: SHOP_FIXTURES });
    const { browser } = storeOn(shop.base, { clientId: 'shop' });
    await browser.signIn('kim@shop.test', { password: 'kim-secret' });
    assert.deepEqual((await browser.session()).member, { id: ids.kim, name: 'Kim North', email: 'kim@shop.test' });
  });

  it('chooses on the next sign-in the account the member chose last in this browser, and for no one else', async () => {
    const { browser } = store();
    await browser.signIn('ada@example.com');
    const chosen = await browser.choose(ACCOUNTS.analytical.id);
    const note = chosen.headers.getSetCookie().find((c) => c.startsWith('__Host-storefront-last-account='));
    assert.match(
      /** @type {string} */ (note),
      /^__Host-storefront-last-account=[\w.-]+; Path=\/; Secure; HttpOnly; SameSite=Strict; Max-Age=\d+$/,
    );
    assert.ok(!note?.includes(ACCOUNTS.analytical.id), 'sealed: not even the id is readable');
    await browser.request('/storefront/sign-out', { method: 'POST', body: {} });
    await browser.signIn('ada@example.com');
    assert.equal((await browser.session()).selectedAccountId, ACCOUNTS.analytical.id);

    // another member signing in on this browser does not get Ada's choice
    await browser.request('/storefront/sign-out', { method: 'POST', body: {} });
    await browser.signIn('grace@example.com');
    assert.equal((await browser.session()).selectedAccountId, ACCOUNTS.harvard.id, 'her one account');
  });

  it('signs out: the cookie goes, and the next sign-in asks for the password again', async () => {
    const { browser } = store();
    await browser.signIn('ada@example.com');
    const out = await browser.request('/storefront/sign-out', { method: 'POST', body: {} });
    assert.equal(out.status, 200);
    assert.deepEqual(await out.json(), { signedIn: false });
    const cookies = out.headers.getSetCookie();
    assert.ok(cookies.includes('__Host-storefront-session=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0'));
    assert.equal((await browser.session()).signedIn, false);
    const again = await browser.request('/storefront/sign-in');
    assert.equal(new URL(/** @type {string} */ (again.headers.get('location'))).searchParams.get('prompt'), 'login');
  });

  it('signs out everywhere through the identity provider end-session endpoint', async () => {
    const { browser } = store();
    await browser.signIn('ada@example.com');
    const out = await browser.request('/storefront/sign-out', {
      method: 'POST',
      body: { everywhere: true, returnTo: '/goodbye' },
    });
    const { endSessionUrl } = await out.json();
    const url = new URL(endSessionUrl);
    assert.equal(url.origin + url.pathname, `${service.issuer}/session/end`);
    assert.equal(url.searchParams.get('post_logout_redirect_uri'), `${STORE_ORIGIN}/goodbye`);
  });

  it('takes the identity provider refusal back to the page as idp_error, with no session', async () => {
    const { browser } = store();
    const start = await browser.request('/storefront/sign-in?return_to=/shop');
    const url = new URL(/** @type {string} */ (start.headers.get('location')));
    const back = new URL(`${STORE_ORIGIN}/storefront/callback`);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', /** @type {string} */ (url.searchParams.get('state')));
    const answer = await browser.request(back.href);
    assert.equal(await continuesTo(answer), '/shop?storefront-error=idp_error');
    assert.equal((await browser.session()).signedIn, false);
  });

  it('refuses a replayed callback and a foreign state', async () => {
    const { browser } = store();
    const { back } = await browser.signIn('grace@example.com');
    const replay = await browser.request(back);
    assert.equal(await continuesTo(replay), '/?storefront-error=state_mismatch');

    // a callback with a state this browser never started (an attacker's own sign-in, say)
    const attacker = store().browser;
    const started = await attacker.request('/storefront/sign-in');
    const theirs = await (
      await import('../support/idp-login.js')
    ).signInAtIdentityProvider(/** @type {string} */ (started.headers.get('location')), 'ada@example.com', 'password');
    const victim = store().browser;
    const forced = await victim.request(theirs);
    assert.equal(await continuesTo(forced), '/?storefront-error=state_mismatch');
    assert.equal((await victim.session()).signedIn, false);
  });

  for (const returnTo of ['//evil.test', 'https://evil.test', '/\\evil.test', 'javascript:alert(1)', '/\t/evil.test']) {
    it(`never leaves the store origin for return_to ${JSON.stringify(returnTo)}`, async () => {
      const { browser } = store();
      const { callback } = await browser.signIn('grace@example.com', { returnTo });
      const target = await continuesTo(callback);
      assert.equal(new URL(target, STORE_ORIGIN).origin, STORE_ORIGIN);
      assert.equal(target, '/');
    });
  }
});
