// The demo's API pages, /api/<tag>.html: each element's attributes, events, parts and custom properties from
// custom-elements.json (api-viewer-element), and a live instance that talks to the reference service.
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

/** The API page of `tag`, its docs shown. */
async function apiPage(tag) {
  const page = await stack.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(`api/${tag}.html`, stack.demoUrl).href);
  await page.locator('api-viewer').getByText(`<${tag}>`, { exact: true }).first().waitFor();
  return { page, errors };
}

const liveDemo = (page) => page.locator('api-viewer').getByText('Demo', { exact: true }).click();

test("/api/catalog-list.html: the element's API from the manifest, and a live list of the service's catalogs", async () => {
  const { page, errors } = await apiPage('catalog-list');
  const viewer = page.locator('api-viewer');
  await viewer.getByText('pageSize', { exact: true }).waitFor();
  const sections = {
    'Events': ['catalog-selected', 'storefront-error'],
    'CSS Shadow Parts': ['item', 'releases'],
    'CSS Custom Properties': ['--storefront-color-accent', '--storefront-catalog-list-height'],
  };
  for (const [section, names] of Object.entries(sections)) {
    await viewer.getByRole('tab', { name: section }).click();
    for (const name of names) await viewer.getByText(name, { exact: true }).first().waitFor();
  }
  await liveDemo(page);
  await viewer.locator('catalog-list').getByRole('listitem').filter({ hasText: 'Everyday Essentials' }).waitFor();
  // above it, the sign-in it follows
  await viewer.getByRole('button', { name: 'Sign in with Example ID' }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('/api/account-members.html: the live table lists the members with the operator token of the demo server', async () => {
  const { page, errors } = await apiPage('account-members');
  await liveDemo(page);
  await page.locator('api-viewer account-members').getByRole('cell', { name: 'hostile@example.com' }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('/api/account-sign-in.html: the live instance signs in and comes back to its API page', async () => {
  const { page, errors } = await apiPage('account-sign-in');
  await liveDemo(page);
  await page.locator('api-viewer').getByRole('button', { name: 'Sign in with Example ID' }).click();
  await logInAtIdentityProvider(page, 'grace@example.com');
  await page.waitForURL((url) => url.pathname === '/api/account-sign-in.html');
  const signedIn = await waitForEvent(page, 'signed-in');
  assert.equal(signedIn.accounts.length, 1);
  await page.locator('api-viewer').getByText('Sign out').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});
