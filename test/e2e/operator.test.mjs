// The operator walk-through: Linus signs in and has no account; the operator adds him to one on the
// operator page; he signs in again and gets a token for it.
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

async function signIn(page, email) {
  await page.goto(stack.demoUrl);
  await page.getByRole('button', { name: 'Sign in with Example ID' }).click();
  // The identity provider remembers a signed-in browser; the login form only shows when it does not, else the
  // browser comes straight back with a code. (Still being on the demo page is neither: the click first loads the
  // sign-in part.)
  await page.waitForURL((url) => url.pathname.includes('/idp/') || url.searchParams.has('code'));
  if (new URL(page.url()).pathname.includes('/idp/')) await logInAtIdentityProvider(page, email);
  return waitForEvent(page, 'signed-in');
}

test('Linus gets an account from the operator and then a token for it', async () => {
  const shopper = await stack.newPage();
  const first = await signIn(shopper, 'linus@example.com');
  assert.deepEqual(first.accounts, []);

  const operator = await stack.newPage();
  await operator.goto(new URL('admin.html', stack.demoUrl).href);
  await operator.getByText('Linus Example').first().waitFor(); // he is in the members directory now
  await operator.getByLabel('Account', { exact: true }).selectOption({ label: 'Empty Workshop' });
  await operator.getByRole('button', { name: 'Add member' }).click();
  await operator.getByRole('radio', { name: /Linus Example/ }).check();
  await operator.getByRole('button', { name: 'Add', exact: true }).click();
  const created = await waitForEvent(operator, 'membership-created');
  assert.equal(created.member.email, 'linus@example.com');
  await operator.getByText('Linus Example is now a member of this account.').waitFor();

  await signOutInMenu(shopper);
  await waitForEvent(shopper, 'signed-out');
  const second = await signIn(shopper, 'linus@example.com');
  assert.equal(second.accounts.length, 1);
  assert.equal(second.accounts[0].accountName, 'Empty Workshop');
  assert.ok(second.accounts[0].token.length > 20);
  await shopper.context().close();
  await operator.context().close();
});
