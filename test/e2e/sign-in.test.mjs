// The shopper's journey on the demo page, in a real Chromium, through the identity provider's login page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { logInAtIdentityProvider, startStack, waitForEvent } from './harness.mjs';

let stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

/** The picker's choices, whichever of the two keyboard patterns (radio group, listbox) it uses. */
const accountChoice = (page, name) => page.getByRole('radio', { name }).or(page.getByRole('option', { name }));

test('Ada signs in through the identity provider, gets two accounts and picks one', async () => {
  const page = await stack.newPage();
  await page.goto(stack.demoUrl);
  await page.getByRole('button', { name: 'Sign in with Example ID' }).click();

  await page.waitForURL((url) => url.pathname.includes('/idp/'));
  await logInAtIdentityProvider(page, 'ada@example.com');

  const signedIn = await waitForEvent(page, 'signed-in');
  assert.equal(signedIn.accounts.length, 2);
  assert.deepEqual(signedIn.accounts.map((account) => account.accountName).sort(), [
    'Analytical Engines Ltd',
    'Harvard Computation Lab',
  ]);
  for (const account of signedIn.accounts) assert.ok(Date.parse(account.expires) > Date.now());

  const address = new URL(page.url());
  assert.equal(address.searchParams.get('code'), null, 'the code left the address bar');
  assert.equal(address.searchParams.get('state'), null, 'the state left the address bar');

  await accountChoice(page, 'Harvard Computation Lab').waitFor();
  await accountChoice(page, 'Analytical Engines Ltd').waitFor();
  await accountChoice(page, 'Harvard Computation Lab').click();
  const selected = await waitForEvent(page, 'account-selected');
  assert.equal(selected.accountName, 'Harvard Computation Lab');

  // A reload keeps the session for the tab and never replays the code.
  await page.reload();
  await accountChoice(page, 'Harvard Computation Lab').waitFor();
  assert.equal(
    await page.evaluate(() => window.__events.filter((event) => event.type === 'storefront-error').length),
    0,
  );
  await page.context().close();
});

test('Linus, not yet in any account, signs in and reads why there is nothing to pick', async () => {
  const page = await stack.newPage();
  await page.goto(stack.demoUrl);
  await page.getByRole('button', { name: 'Sign in with Example ID' }).click();
  await logInAtIdentityProvider(page, 'linus@example.com');

  const signedIn = await waitForEvent(page, 'signed-in');
  assert.deepEqual(signedIn.accounts, []);
  await page.getByText(/not (yet )?added you to an account/i).waitFor();
  await page.context().close();
});
