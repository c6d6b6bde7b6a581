// A sign-in that ends before React hydrates still reaches the handlers React attaches later: the page is
// rendered on the server with the React components, the elements register and restore the tab's session (their
// `signed-in` and `account-selected` fire) while React has not hydrated yet, then React hydrates: `onSignedIn`
// and `onAccountSelected` each hear it once. Needs `npm run build` first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { AccountPicker, AccountSignIn } from 'storefront-elements/react';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { startSite } from '../support/local-site.js';

const out = mkdtempSync(join(tmpdir(), 'storefront-react-'));
let site;
let browser;

/** A kept sign-in of Ada with two accounts, the second chosen, as the tab keeps it. */
const expires = new Date(Date.now() + 3_600_000).toISOString();
const accounts = [
  { accountId: 'a1', accountName: 'Analytical Engines Ltd', token: 't1', expires },
  { accountId: 'a2', accountName: 'Harvard Computation Lab', token: 't2', expires },
];
const kept = { accountMemberId: 'm1', accounts, selectedAccountId: 'a2' };

before(async () => {
  await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: out,
      lib: { entry: 'test/package/consumers/react-hydration.js', formats: ['es'], fileName: () => 'page.js' },
    },
  });
  site = await startSite(({ pathname }) => {
    if (pathname === '/' || pathname === '/memory') {
      const props = { baseUrl: site.origin, ...(pathname === '/memory' ? { storage: 'memory' } : {}) };
      // what the server renders: the same components, no handler runs there
      const rendered = renderToString(
        createElement(
          'div',
          null,
          createElement(AccountSignIn, { ...props, clientId: 'storefront' }),
          createElement(AccountPicker, { clientId: 'storefront', storage: props.storage }),
        ),
      );
      return {
        type: 'text/html',
        body: `<!doctype html><title>hydration</title><div id="root">${rendered}</div>`,
      };
    }
    const file = join(out, pathname.slice(1));
    return pathname.endsWith('.js') ? { type: 'text/javascript', body: readFileSync(file) } : undefined;
  });
  browser = await chromium.launch(chromiumLaunchOptions());
});

after(async () => {
  await browser?.close();
  await site?.close();
  rmSync(out, { recursive: true, force: true });
});

test('the server renders the tags with their attributes, and no handler', () => {
  const html = renderToString(
    createElement(AccountSignIn, { baseUrl: 'https://api.example.com', clientId: 'storefront' }),
  );
  assert.equal(html, '<account-sign-in base-url="https://api.example.com" client-id="storefront"></account-sign-in>');
});

test('the server writes every prop the element reads from an attribute, also one named as its property', () => {
  const html = renderToString(
    createElement(AccountSignIn, {
      baseUrl: 'https://api.example.com',
      clientId: 'storefront',
      storage: 'memory',
      mode: 'popup',
      prompt: 'login',
      expiringBefore: 120,
      texts: { signIn: 'Anmelden' },
    }),
  );
  assert.equal(
    html,
    '<account-sign-in base-url="https://api.example.com" client-id="storefront" storage="memory" mode="popup" ' +
      'prompt="login" expiring-before="120"></account-sign-in>',
  );
});

test('elements rendered with storage="memory" never take the tab\'s session, also before React hydrates', async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.origin}/memory`);
    const keptText = JSON.stringify(kept);
    await page.evaluate((value) => {
      sessionStorage.setItem('storefront-elements:session:storefront', value);
      window.fired = [];
      for (const name of ['signed-in', 'account-selected'])
        document.addEventListener(name, () => window.fired.push(name));
    }, keptText);
    await page.addScriptTag({ url: '/page.js', type: 'module' });
    // the elements upgrade and render before React hydrates, in memory mode from the start: the tab's session is
    // not theirs
    const modes = await page.evaluate(async () => {
      await Promise.all(['account-sign-in', 'account-picker'].map((tag) => customElements.whenDefined(tag)));
      const elements = [...document.querySelectorAll('account-sign-in, account-picker')];
      await Promise.all(elements.map((element) => element.updateComplete));
      return elements.map((element) => element.storage);
    });
    assert.deepEqual(modes, ['memory', 'memory']);
    assert.deepEqual(await page.evaluate(() => [window.fired, sessionStorage.length]), [[], 0]);
    await page.evaluate((origin) => window.hydrate({ baseUrl: origin, storage: 'memory' }), site.origin);
    await page.waitForFunction(() => window.hydrated);
    assert.deepEqual(await page.evaluate(() => [window.fired, window.hydrationErrors]), [[], undefined]);
    // memory mode keeps nothing: what a page kept in the tab earlier goes, so no token lingers there
    assert.equal(await page.evaluate(() => sessionStorage.length), 0);
  } finally {
    await page.close();
  }
});

test('handlers attached by hydration hear the sign-in and the choice that came before, once each', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(site.origin);
    await page.evaluate((value) => {
      sessionStorage.setItem('storefront-elements:session:storefront', value);
      window.fired = [];
      for (const name of ['signed-in', 'account-selected'])
        document.addEventListener(name, () => window.fired.push(name));
    }, JSON.stringify(kept));
    // the elements register and restore the session before React hydrates
    await page.addScriptTag({ url: '/page.js', type: 'module' });
    await page.waitForFunction(() => window.fired.length === 2);
    await page.evaluate((origin) => window.hydrate({ baseUrl: origin }), site.origin);
    await page.waitForFunction(() => window.heard.signedIn.length && window.heard.accountSelected.length);
    const heard = await page.evaluate(() => window.heard);
    // a session kept without the member's name and email names the member by id
    assert.deepEqual(heard.signedIn, [{ accountMemberId: 'm1', accounts, member: { id: 'm1' }, restored: true }]);
    assert.deepEqual(
      heard.accountSelected.map((detail) => detail.accountName),
      ['Harvard Computation Lab'],
    );
    // a choice after hydration reaches the handler as it happens, and the earlier one is not told again
    await page.locator('account-picker').getByText('Analytical Engines Ltd').click();
    await page.waitForFunction(() => window.heard.accountSelected.length === 2);
    assert.deepEqual(
      (await page.evaluate(() => window.heard)).accountSelected.map((detail) => detail.accountName),
      ['Harvard Computation Lab', 'Analytical Engines Ltd'],
    );
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
