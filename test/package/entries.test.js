// The package's entry points as a bundler user meets them: each consumer in test/package/consumers/ imports one
// entry by the package's name, is bundled the way a storefront's build would (Vite resolves the name through
// package.json "exports"), and runs in Chromium, where it must register exactly its elements. consumer.ts is
// type-checked against the built declarations. Needs `npm run build` first (npm test runs it before these tests).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildBundle } from '../../scripts/bundle.mjs';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { startSite } from '../support/local-site.js';

const require = createRequire(import.meta.url);
const SHOPPER = ['account-sign-in', 'account-picker', 'catalog-list'];
const OPERATOR = ['account-members', 'account-memberships'];

/** Entry → the tags importing it must register (and no other of ours). */
const ENTRIES = {
  'define': SHOPPER,
  'define-operator': OPERATOR,
  ...Object.fromEntries([...SHOPPER, ...OPERATOR].map((tag) => [tag, [tag]])),
};

const out = mkdtempSync(join(tmpdir(), 'storefront-entries-'));
let site;
let origin;
let browser;
/** The files of each consumer's build, the entry first. */
const built = {};

before(async () => {
  for (const entry of [...Object.keys(ENTRIES), 'locales-de']) {
    built[entry] = await buildBundle({
      entry: `test/package/consumers/${entry}.js`,
      outDir: out,
      fileName: `${entry}.js`,
    });
  }
  site = await startSite(({ pathname }) => {
    const name = pathname.slice(1);
    if (name === 'page.html') return { type: 'text/html', body: '<!doctype html><title>entries</title>' };
    if (Object.hasOwn(ENTRIES, name.replace(/\.js$/, '')) || name === 'locales-de.js') {
      return { type: 'text/javascript', body: readFileSync(join(out, name)) };
    }
    return undefined;
  });
  origin = site.origin;
  browser = await chromium.launch(chromiumLaunchOptions());
});

after(async () => {
  await browser?.close();
  await site?.close();
  rmSync(out, { recursive: true, force: true });
});

for (const [entry, tags] of Object.entries(ENTRIES)) {
  test(`import 'storefront-elements/${entry}' registers ${tags.join(', ')} and nothing else`, async () => {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${origin}/page.html`);
      await page.addScriptTag({ url: `/${entry}.js`, type: 'module' });
      await page.waitForFunction((names) => names.every((name) => customElements.get(name)), tags);
      const registered = await page.evaluate(
        (names) => names.filter((name) => customElements.get(name)),
        [...SHOPPER, ...OPERATOR],
      );
      assert.deepEqual(registered, tags);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}

test('import \'storefront-elements/locales/de.js\' beside the elements: they speak German under lang="de"', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${origin}/page.html`);
    await page.evaluate(() => {
      document.documentElement.lang = 'de-AT';
      document.body.append(document.createElement('account-picker'));
    });
    await page.addScriptTag({ url: '/locales-de.js', type: 'module' });
    const text = await page.waitForFunction(
      () => document.querySelector('account-picker').shadowRoot?.querySelector('[part~=signed-out]')?.textContent,
    );
    assert.equal(await text.jsonValue(), 'Melden Sie sich an, um ein Konto zu wählen.');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('a bundle of storefront-elements/define carries no operator element, nor the other way round', () => {
  const shopper = readFileSync(join(out, 'define.js'), 'utf8');
  const operator = readFileSync(join(out, 'define-operator.js'), 'utf8');
  // a tag name as a string of its own: the element's default tag ("v2/account-members/…" is an address)
  const named = (code, tag) => new RegExp(`["'\`]${tag}["'\`]`).test(code);
  for (const tag of OPERATOR) assert.ok(!named(shopper, tag), `${tag} is in the shopper bundle`);
  for (const tag of SHOPPER) assert.ok(!named(operator, tag), `${tag} is in the operator bundle`);
  for (const tag of SHOPPER) assert.ok(named(shopper, tag), `the check finds ${tag} where it is`);
});

test('each bundle takes only the endpoints it calls', () => {
  const [shopper, ...shopperChunks] = built.define;
  const [operator] = built['define-operator'];
  const path = (code, address) => code.includes(address);
  // the operator's endpoints (and their query builder) stay out of the shopper's file, and the other way round
  for (const address of ['unassigned-account-members', 'account_membership', 'v2/account-members`']) {
    assert.ok(!path(shopper.code, address), `${address} is in the shopper bundle`);
  }
  for (const address of ['oauth/access_token', 'v2/settings/account-authentication', 'oidc-profiles', 'catalogs']) {
    assert.ok(!path(operator.code, address), `${address} is in the operator bundle`);
  }
  // the code exchange is called by the sign-in flow only: its endpoint goes with it
  assert.ok(!path(shopper.code, 'v2/account-members/tokens'), 'the token exchange is in the shopper bundle');
  assert.ok(shopperChunks.some((chunk) => path(chunk.code, 'v2/account-members/tokens')));
  assert.ok(path(shopper.code, 'oauth/access_token') && path(operator.code, 'unassigned-account-members'));
});

test("a bundler user's build loads the sign-in flow as a chunk of its own, as the one-tag file does", () => {
  const [bundle, ...chunks] = built.define;
  const flow = chunks.find((chunk) => /^chunks\/sign-in-flow-[\w-]+\.js$/.test(chunk.fileName));
  assert.ok(flow, `chunks: ${chunks.map((chunk) => chunk.fileName).join(', ')}`);
  // PKCE lives in the chunk only
  assert.ok(flow.code.includes('S256') && !bundle.code.includes('code_challenge_method'));
  assert.ok(bundle.code.includes(`import("./${flow.fileName}")`));
});

test("a bundler user's TypeScript compiles against every entry (tags, events on document and window)", () => {
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'test/package/tsconfig.consumer.json'], { encoding: 'utf8' });
  assert.equal(result.status, 0, `tsc failed:\n${result.stdout}${result.stderr}`);
});
