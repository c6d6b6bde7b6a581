// The session's life on the demo page, in a real Chromium, as a shopper meets it: a shared computer, a store that
// restarts, a reload, a second tab, a popup, a plain-http page, and signing out of the identity provider too.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { logInAtIdentityProvider, signOutInMenu, startStack, waitForEvent } from './harness.mjs';

let stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

const SIGN_IN = { name: 'Sign in with Example ID' };
const atIdentityProvider = (url) => new URL(url).pathname.startsWith('/idp/');

/** The events of `type` the page recorded so far. */
const recorded = (page, type) =>
  page.evaluate((name) => window.__events.filter((event) => event.type === name).map((e) => e.detail), type);

/** Signs in from the demo page through the identity provider's login form. */
async function signIn(page, email) {
  await page.getByRole('button', SIGN_IN).click();
  await page.waitForURL(atIdentityProvider);
  await logInAtIdentityProvider(page, email);
  return waitForEvent(page, 'signed-in');
}

/** Chooses a value of one of the demo's sign-in options (kept for the tab). */
const choose = (page, select, option) => page.locator(select).selectOption({ label: option });

test('sign out, then sign in: the identity provider asks for the password again', async () => {
  const page = await stack.newPage();
  await page.goto(stack.demoUrl);
  await signIn(page, 'ada@example.com');
  await signOutInMenu(page);
  await waitForEvent(page, 'signed-out');
  // focus is on the sign-in button, not lost to the page
  assert.equal(await page.evaluate(() => document.activeElement?.localName), 'account-menu');

  const [authorize] = await Promise.all([
    page.waitForRequest((request) => request.url().includes('/oidc/authorize')),
    page.getByRole('button', SIGN_IN).click(),
  ]);
  assert.equal(new URL(authorize.url()).searchParams.get('prompt'), 'login');
  await page.waitForURL(atIdentityProvider);
  // the identity provider still has Ada's session: without prompt=login it would sign her in again unasked
  await page.getByLabel(/password/i).waitFor();
  await logInAtIdentityProvider(page, 'grace@example.com');
  await waitForEvent(page, 'signed-in');
  const signedIn = (await recorded(page, 'signed-in')).at(-1);
  assert.deepEqual(
    signedIn?.accounts.map((account) => account.accountName),
    ['Harvard Computation Lab'],
    'the next person, not the last one',
  );
  await page.context().close();
});

test('a store that restarts: signed-out rejected, a sentence, and a sign-in button that works', async () => {
  const page = await stack.newPage();
  await page.goto(stack.demoUrl);
  await signIn(page, 'grace@example.com');
  await waitForEvent(page, 'account-selected');
  await page.getByRole('button', { name: 'Harvard Lab Supplies', exact: true }).waitFor();

  await stack.restartService();
  // the shopper opens a catalog's releases: a call with the account token the new store does not know
  await page.getByRole('button', { name: /Releases.*Harvard Lab Supplies/ }).click();
  assert.deepEqual(await waitForEvent(page, 'signed-out'), { reason: 'rejected' });
  await page.getByText('The store ended your session. Please sign in again.').waitFor();
  assert.equal(
    await page
      .locator('account-menu')
      .getByText(/Grace Hopper/)
      .count(),
    0,
    'no stale header',
  );

  await signIn(page, 'grace@example.com');
  await page
    .locator('account-menu')
    .getByRole('button', { name: /Grace Hopper\s+Harvard Computation Lab/ })
    .waitFor();
  await page.context().close();
});

test('a reload: signed-in and account-selected again, both restored, in that order', async () => {
  const page = await stack.newPage();
  await page.goto(stack.demoUrl);
  await signIn(page, 'grace@example.com');
  await waitForEvent(page, 'account-selected');
  await page.reload();
  await waitForEvent(page, 'account-selected');
  const events = await page.evaluate(() =>
    window.__events.filter((event) => ['signed-in', 'account-selected'].includes(event.type)),
  );
  assert.deepEqual(
    events.map((event) => [event.type, event.detail.restored]),
    [
      ['signed-in', true],
      ['account-selected', true],
    ],
  );
  await page.context().close();
});

test('a second tab is signed in at once, without a request to sign in; sign-out signs out both', async () => {
  const first = await stack.newPage();
  await first.goto(stack.demoUrl);
  await signIn(first, 'ada@example.com');

  const second = await stack.newPage(first.context());
  const asked = [];
  second.on('request', (request) => {
    if (/\/oidc\/|\/idp\/|\/v2\/account-members\/tokens/.test(request.url())) asked.push(request.url());
  });
  await second.goto(stack.demoUrl);
  const restored = await waitForEvent(second, 'signed-in');
  assert.equal(restored.restored, true);
  assert.deepEqual(restored.accounts.map((account) => account.accountName).sort(), [
    'Analytical Engines Ltd',
    'Harvard Computation Lab',
  ]);
  await second
    .locator('account-menu')
    .getByRole('button', { name: /Ada Lovelace/ })
    .waitFor();
  assert.deepEqual(asked, [], 'no sign-in, no token request');

  await signOutInMenu(first);
  assert.deepEqual(await waitForEvent(second, 'signed-out'), { reason: 'elsewhere' });
  await second.getByRole('button', SIGN_IN).waitFor();
  await first.context().close();
});

test('popup mode: the sign-in finishes in a window and the page never navigates', async () => {
  const page = await stack.newPage();
  await page.goto(stack.demoUrl);
  await choose(page, '#sign-in-mode', 'In a popup window');
  const navigations = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  await page.evaluate(() => (window.__kept = 'the page as the shopper left it'));

  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', SIGN_IN).click()]);
  await popup.waitForURL(atIdentityProvider);
  await logInAtIdentityProvider(popup, 'ada@example.com');
  const signedIn = await waitForEvent(page, 'signed-in');
  assert.equal(signedIn.accounts.length, 2);
  if (!popup.isClosed()) await popup.waitForEvent('close');
  assert.deepEqual(navigations, []);
  assert.equal(await page.evaluate(() => window.__kept), 'the page as the shopper left it');
  await page.context().close();
});

test('popup mode: a window the shopper closes gives popup_closed and the button again', async () => {
  const page = await stack.newPage();
  await page.goto(stack.demoUrl);
  await choose(page, '#sign-in-mode', 'In a popup window');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', SIGN_IN).click()]);
  await popup.waitForURL(atIdentityProvider);
  await popup.close();
  assert.equal((await waitForEvent(page, 'storefront-error')).error.code, 'popup_closed');
  await page.getByRole('button', SIGN_IN).and(page.locator(':enabled')).waitFor();
  await page.context().close();
});

test('a plain-http page that is not localhost: insecure_context, saying to use https or localhost', async () => {
  const page = await stack.newPage();
  const warnings = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto(stack.insecureDemoUrl);
  assert.equal(await page.evaluate(() => window.isSecureContext), false);
  assert.equal((await waitForEvent(page, 'storefront-error')).error.code, 'insecure_context');
  await page
    .locator('account-menu')
    .getByText(/https.*localhost/)
    .waitFor();
  assert.equal(await page.getByRole('button', SIGN_IN).count(), 0);
  assert.equal(warnings.filter((text) => text.startsWith('<account-menu>:')).length, 1);
  await page.context().close();
});

test('sign out "of the store and Example ID": the identity provider ends its session too and sends the shopper back', async () => {
  const page = await stack.newPage();
  await page.goto(stack.demoUrl);
  await choose(page, '#sign-out-scope', 'Of the store and Example ID');
  await signIn(page, 'ada@example.com');
  await signOutInMenu(page);
  await page.waitForURL(atIdentityProvider);
  await page.getByRole('button', { name: 'Sign out of Example ID' }).click();
  await page.waitForURL((url) => url.href.startsWith(stack.demoUrl));
  await page.getByRole('button', SIGN_IN).waitFor();

  // even without the store's own marker, the identity provider no longer knows this browser
  await page.evaluate(() => localStorage.clear());
  const [authorize] = await Promise.all([
    page.waitForRequest((request) => request.url().includes('/oidc/authorize')),
    page.getByRole('button', SIGN_IN).click(),
  ]);
  assert.equal(new URL(authorize.url()).searchParams.get('prompt'), null);
  await page.waitForURL(atIdentityProvider);
  await page.getByLabel(/password/i).waitFor();
  await page.context().close();
});
