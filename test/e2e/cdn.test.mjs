// The shipped files served from another origin, as a CDN serves them: CORS, Subresource Integrity on the main file
// and, through the import map that `npm run cdn-snippet` prints, on every chunk it imports. The store page loads the
// file as `storefront-elements.js?v=123` (a cache-busting query a store may add) and still runs one copy. A part
// whose bytes do not match its integrity value is `chunk_unavailable`, and Try again loads it once it is served
// right, without a reload. Needs `npm run build` first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startService } from '../../server/index.js';
import { cdnSnippet } from '../../scripts/cdn-snippet.mjs';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { startSite } from '../support/local-site.js';
import { logInAtIdentityProvider, recordEvents, waitForEvent } from './harness.mjs';

const DIST = new URL('../../dist/', import.meta.url);
const VERSIONED = '/storefront-elements/0.1.0/';

let service;
let cdn;
let store;
let browser;
/** While true, the CDN serves the sign-in part with one byte more than its integrity value covers. */
let tampered = false;
/** What the CDN answered, path by path. */
const served = [];

/** dist/ under a versioned path, with the headers a host must send: CORS and the JavaScript MIME type. */
function startCdn() {
  return startSite(({ pathname }) => {
    if (!pathname.startsWith(VERSIONED)) return undefined;
    const file = new URL(pathname.slice(VERSIONED.length), DIST);
    if (!/\.js$/.test(pathname) || !existsSync(file)) return undefined;
    served.push(pathname.slice(VERSIONED.length));
    const body = readFileSync(file, 'utf8');
    return {
      type: 'text/javascript',
      body: tampered && /\/sign-in-flow-/.test(pathname) ? `${body}\n` : body,
      headers: { 'access-control-allow-origin': '*' },
    };
  });
}

/** A store page on its own origin: the snippet for this build, with the main file's address given a query. */
function startStore(snippet) {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A store</title>
${snippet}
</head><body>
<account-sign-in base-url="${service.baseUrl}" client-id="storefront"></account-sign-in>
<account-picker client-id="storefront"></account-picker>
<catalog-list base-url="${service.baseUrl}" client-id="storefront"></catalog-list>
</body></html>`;
  return startSite(({ pathname }) => (pathname === '/' ? { type: 'text/html', body: page } : undefined));
}

before(async () => {
  if (!existsSync(new URL('integrity.json', DIST))) throw new Error('Run `npm run build` first.');
  service = await startService({ port: 0, host: '127.0.0.1', quiet: true });
  cdn = await startCdn();
  const snippet = cdnSnippet({
    base: `${cdn.origin}${VERSIONED}`,
    integrity: JSON.parse(readFileSync(new URL('integrity.json', DIST), 'utf8')),
    entries: ['storefront-elements.js'],
    preloads: ['catalog-list'],
    version: 'test',
  }).replace('/storefront-elements.js"', '/storefront-elements.js?v=123"');
  assert.match(snippet, /storefront-elements\.js\?v=123" integrity="sha384-/);
  store = await startStore(snippet);
  browser = await chromium.launch(chromiumLaunchOptions());
});

after(async () => {
  await browser?.close();
  await store?.close();
  await cdn?.close();
  await service?.close();
});

/** A page in a new browser profile, its page errors and console warnings recorded. */
async function openStore() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await recordEvents(page);
  const errors = [];
  const warnings = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto(`${store.origin}/`);
  return { page, errors, warnings, close: () => context.close() };
}

/** Signs grace@example.com in (one account, chosen by itself) and waits for that account's own catalog. */
async function signIn(page) {
  await page.getByRole('button', { name: 'Sign in with Example ID' }).click();
  await page.waitForURL((url) => url.origin !== store.origin);
  await logInAtIdentityProvider(page, 'grace@example.com');
  await page.waitForURL((url) => url.origin === store.origin);
  await waitForEvent(page, 'account-selected');
  await page.getByRole('listitem').filter({ hasText: 'Harvard Lab Supplies' }).waitFor();
}

test('from another origin with CORS and integrity: the page signs in and lists the account catalogs', async () => {
  served.length = 0;
  const { page, errors, close } = await openStore();
  try {
    await page.getByRole('listitem').filter({ hasText: 'Everyday Essentials' }).waitFor();
    // the buttons fetch the sign-in part before any click, checked against the import map's integrity value
    await page.getByRole('button', { name: 'Sign in with Example ID' }).waitFor();
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/chunks\/sign-in-flow-/.test(entry.name)),
    );
    await signIn(page);
    assert.deepEqual(errors, []);
    const storefrontErrors = await page.evaluate(() => window.__events.filter((e) => e.type === 'storefront-error'));
    assert.deepEqual(storefrontErrors, []);
    const loaded = served.map((file) => file.replace(/^(chunks\/.+)-[\w-]{8}\.js$/, '$1-<hash>.js'));
    // twice: the page before the sign-in and the page the identity provider sends back to
    assert.deepEqual(loaded.filter((file) => file === 'storefront-elements.js').length, 2, loaded.join(', '));
    // one core per page although the page names the file with ?v=123: the part imports the core, not the file
    const cores = loaded.filter((file) => file === 'chunks/storefront-elements-<hash>.js').length;
    assert.equal(cores, 2, loaded.join(', '));
    assert.ok(loaded.includes('chunks/sign-in-flow-<hash>.js'), loaded.join(', '));
    // the catalog list's chunk, preloaded by the snippet's link: fetched once per page, not again by the import
    const catalogLists = loaded.filter((file) => file === 'chunks/catalog-list-<hash>.js').length;
    assert.equal(catalogLists, 2, loaded.join(', '));
  } finally {
    await close();
  }
});

test('a part that fails its integrity check: chunk_unavailable, the file named; Try again works once it is right', async () => {
  // from the start: the buttons fetch the part before any click, and that fetch fails the check quietly
  tampered = true;
  const { page, errors, warnings, close } = await openStore();
  try {
    await page.getByRole('button', { name: 'Sign in with Example ID' }).click();
    const { error } = await waitForEvent(page, 'storefront-error');
    assert.equal(error.code, 'chunk_unavailable');
    assert.match(
      error.message,
      new RegExp(`^Could not load ${cdn.origin}${VERSIONED}chunks/sign-in-flow-[\\w-]+\\.js `),
    );
    await page.getByText("Some of the store's files could not be loaded. Please try again later.").waitFor();
    assert.ok(
      warnings.some((warning) =>
        warning.startsWith(`storefront-elements: Could not load ${cdn.origin}${VERSIONED}chunks/sign-in-flow-`),
      ),
      warnings.join('\n'),
    );
    assert.equal(new URL(page.url()).origin, store.origin, 'the page stayed');

    tampered = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await signIn(page);
    assert.deepEqual(errors, []);
  } finally {
    tampered = false;
    await close();
  }
});
