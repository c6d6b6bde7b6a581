// The demo as a keyboard and screen reader user meets it, checked by axe-core in Chromium: the store page signed in
// (its header menu open, its event log full) and the operator page with its two tables.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { logInAtIdentityProvider, startStack, waitForEvent } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.close();
});

/** axe's violations on the page (or within `selector`), as `rule: targets` lines. */
async function violations(page, selector = 'html') {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (context) => {
    const { violations: found } = await window.axe.run(context);
    return found.map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }, selector);
}

test("the store page signed in: the header's menu open and the event log pass axe", async () => {
  const page = await stack.newPage();
  await page.goto(stack.demoUrl);
  await page.getByRole('button', { name: 'Sign in with Example ID' }).click();
  await page.waitForURL((url) => url.pathname.includes('/idp/'));
  await logInAtIdentityProvider(page, 'ada@example.com');
  await waitForEvent(page, 'signed-in');
  await page.locator('account-menu [part~=trigger]').click();
  await page.locator('account-menu').getByRole('dialog').waitFor();
  // the log scrolls once it is long: a region a keyboard can reach and a screen reader can name
  const log = page.getByRole('list', { name: 'Events' });
  assert.equal(await log.getAttribute('tabindex'), '0');
  assert.deepEqual(await violations(page, '.event-log'), []);
  assert.deepEqual(await violations(page, '.store-header'), []);
  await page.context().close();
});

test("the operator page: the two tables' pagers have two names", async () => {
  const page = await stack.newPage();
  await page.goto(new URL('admin.html', stack.demoUrl).href);
  await page.locator('account-members').getByRole('row').nth(1).waitFor();
  await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Harvard Computation Lab' });
  await page.locator('account-memberships').getByRole('row').nth(1).waitFor();
  const pagers = await page.getByRole('navigation', { name: /^Pages of / }).all();
  const names = await Promise.all(pagers.map((pager) => pager.getAttribute('aria-label')));
  assert.deepEqual(names, ['Pages of Store members', 'Pages of Members of this account']);
  assert.deepEqual(await violations(page, 'main'), []);
  await page.context().close();
});
