// Every element on a store page served with a strict Content Security Policy (no inline script, no inline style,
// no style attributes): the shipped one-tag files, the reference service, a real Chromium. The policy is really
// enforced: a style attribute put back on a row is refused and reported.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startService } from '../../server/index.js';
import { ACCOUNTS } from '../support/fixtures.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { startSite } from '../support/local-site.js';
import { accessToken } from '../support/service-client.js';
import { logInAtIdentityProvider } from './harness.mjs';

const PAGE = new URL('./strict-csp/', import.meta.url);
const DIST = new URL('../../dist/', import.meta.url);

let service;
let site;
let browser;

/**
 * The page, its scripts, the two shipped files with their parts (dist/chunks/) and the test's config, with the
 * policy on the page.
 */
function startStrictSite(policy, config) {
  const files = {
    '/': [new URL('index.html', PAGE), 'text/html'],
    '/record-violations.js': [new URL('record-violations.js', PAGE), 'text/javascript'],
    '/page.js': [new URL('page.js', PAGE), 'text/javascript'],
    '/storefront-elements.js': [new URL('storefront-elements.js', DIST), 'text/javascript'],
    '/storefront-operator.js': [new URL('storefront-operator.js', DIST), 'text/javascript'],
    ...Object.fromEntries(
      readdirSync(new URL('chunks/', DIST)).map((name) => [
        `/chunks/${name}`,
        [new URL(`chunks/${name}`, DIST), 'text/javascript'],
      ]),
    ),
  };
  return startSite(({ pathname }) => {
    if (pathname === '/config.json') return { type: 'application/json', body: JSON.stringify(config) };
    const [file, type] = files[pathname] ?? [];
    return file && { type, body: readFileSync(file), headers: { 'content-security-policy': policy } };
  });
}

before(async () => {
  if (!existsSync(new URL('storefront-elements.js', DIST))) throw new Error('Run `npm run build` first.');
  service = await startService({ port: 0, host: '127.0.0.1', quiet: true });
  // the policy a careful store runs, with the one addition every store needs: the service's origin for fetch
  const policy = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${service.baseUrl}`;
  site = await startStrictSite(policy, {
    service: service.baseUrl,
    operatorToken: await accessToken(service.baseUrl, 'operator'),
    accountId: ACCOUNTS.harvard.id,
  });
  browser = await chromium.launch(chromiumLaunchOptions());
});

after(async () => {
  await browser?.close();
  await site?.close();
  await service?.close();
});

/** Gives the page `window.__catalogRows()`: the catalog rows as laid out, top to bottom, name, top and bottom. */
function installRowReader(page) {
  return page.evaluate(() => {
    window.__catalogRows = () =>
      [...document.querySelector('catalog-list').shadowRoot.querySelectorAll('[part~=item]')].map((row) => {
        const { top, bottom } = row.getBoundingClientRect();
        return { name: row.querySelector('[part~=name]').textContent, top, bottom };
      });
  });
}

/** Each row starts where the one above it ends, or lower. */
function assertStacked(rows) {
  for (let i = 1; i < rows.length; i++) {
    assert.ok(rows[i].top >= rows[i - 1].bottom - 0.5, `${rows[i].name} overlaps ${rows[i - 1].name}`);
  }
}

test('every element works under the policy: no violation, catalog rows stacked, a release panel opens', async () => {
  const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
  await page.goto(`${site.origin}/`);
  await page.locator('account-sign-in').getByRole('button', { name: 'Sign in with Example ID' }).waitFor();
  await page.getByText('Sign in to choose an account.').waitFor();
  await page.getByRole('listitem').filter({ hasText: 'Everyday Essentials' }).waitFor();
  // the operator tables list their first page (a header row, then records)
  await page.locator('account-members').getByRole('row').nth(1).waitFor();
  await page.locator('account-memberships').getByRole('row').filter({ hasText: 'Grace Hopper' }).waitFor();

  // the list places its rows once it has measured them, a frame or more after they show (later on a busy
  // machine): wait for three rows at three places, each under the one above
  await installRowReader(page);
  const laidOut = await page.waitForFunction(() => {
    const shown = window.__catalogRows();
    const stacked = shown.every((row, i) => i === 0 || row.top >= shown[i - 1].bottom - 0.5);
    return shown.length === 3 && new Set(shown.map((row) => Math.round(row.top))).size === 3 && stacked && shown;
  });
  const rows = await laidOut.jsonValue();
  assert.deepEqual(
    rows.map((row) => row.name),
    ['Everyday Essentials', 'Seasonal Collection', 'Clearance'],
  );
  assert.equal(new Set(rows.map((row) => Math.round(row.top))).size, 3, 'three rows at three places');
  assertStacked(rows);

  await page.getByRole('button', { name: /^Releases\W+Everyday Essentials$/ }).click();
  await page.getByText('Only the current release and the two before it are kept.').waitFor();
  // the rows under the open panel move down by its height once the list has measured the taller row
  const moved = await page.waitForFunction((before) => {
    const shown = window.__catalogRows();
    return shown[1]?.top >= before + 100 && shown;
  }, rows[1].top);
  const opened = await moved.jsonValue();
  assertStacked(opened);
  assert.ok(opened[1].top >= rows[1].top + 100, 'the rows under the open panel moved down by its height');
  // the list's own places went through the CSSOM, which the policy allows (a list shown whole starts at 0)
  assert.equal(
    await page.evaluate(
      () => document.querySelector('catalog-list').shadowRoot.querySelector('[part~=list]').style.paddingTop,
    ),
    '0px',
  );

  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.close();
});

test('a sign-in starts under the policy: its part, a file beside the bundle, loads from the same origin', async () => {
  const page = await browser.newPage();
  const scripts = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.goto(`${site.origin}/`);
  await page.evaluate(() =>
    document.addEventListener('sign-in-redirect', (event) => {
      // the page stays, so that its record of violations can be read
      event.preventDefault();
      window.__redirect = event.detail.url;
    }),
  );
  // the buttons fetch the part before any click, under the policy
  await page.locator('account-sign-in').getByRole('button', { name: 'Sign in with Example ID' }).waitFor();
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/chunks\/sign-in-flow-/.test(entry.name)),
  );
  await page.locator('account-sign-in').getByRole('button', { name: 'Sign in with Example ID' }).click();
  const redirect = await (await page.waitForFunction(() => window.__redirect)).jsonValue();
  assert.equal(new URL(redirect).searchParams.get('code_challenge_method'), 'S256');
  assert.ok(
    scripts.some((path) => /^\/chunks\/sign-in-flow-[\w-]+\.js$/.test(path)),
    `the sign-in part was loaded: ${scripts.join(', ')}`,
  );
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.close();
});

test('the policy is enforced: a style attribute on a row, as the list used to write, is refused and reported', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.origin}/`);
  await page.getByRole('listitem').filter({ hasText: 'Clearance' }).waitFor();
  const transform = await page.evaluate(() => {
    const row = document.querySelector('catalog-list').shadowRoot.querySelector('[part~=item]');
    row.setAttribute('style', 'transform: translateY(200px)');
    return getComputedStyle(row).transform;
  });
  assert.equal(transform, 'none', 'the refused style does not apply');
  await page.waitForFunction(() => window.__violations.length > 0);
  const violations = await page.evaluate(() => window.__violations);
  assert.deepEqual(
    violations.map((violation) => violation.directive),
    ['style-src-attr'],
  );
  await page.close();
});

test('the account menu under the policy: a sign-in through the login form, the panel, a choice', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.origin}/`);
  const menu = page.locator('account-menu');
  await menu.getByRole('button', { name: 'Sign in with Example ID' }).click();
  await page.waitForURL((url) => url.pathname.includes('/idp/'));
  await logInAtIdentityProvider(page, 'ada@example.com');
  await page.waitForURL((url) => url.origin === site.origin && !url.searchParams.has('code'));
  const trigger = menu.getByRole('button', { name: /Ada Lovelace/ });
  await trigger.click();
  await menu.getByRole('dialog', { name: 'Your account' }).waitFor();
  await menu.getByRole('option', { name: /Harvard Computation Lab/ }).click();
  await menu.getByRole('button', { name: /Ada Lovelace\s+Harvard Computation Lab/ }).waitFor();
  // the menu's code is a chunk of its own, from the same origin, under the policy
  assert.ok(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').some((entry) => /\/chunks\/account-menu-/.test(entry.name)),
    ),
  );
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.close();
});
