// The self-contained files a page loads with one <script type="module">: dist/storefront-elements.js and
// dist/storefront-operator.js, in a real Chromium, against the reference service. Needs `npm run build` first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startService } from '../../server/index.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { logInAtIdentityProvider, recordEvents } from '../e2e/harness.mjs';
import { startSite } from '../support/local-site.js';

let service;
let site;
let origin;
let browser;

function page(body, lang = 'en') {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>bundle test</title></head><body>${body}</body></html>`;
}

/** The one-tag page in German: the bundle and the German file, in either order, and the elements. */
const germanPage = (...scripts) =>
  page(
    scripts.map((src) => `<script type="module" src="${src}"></script>`).join('') +
      '<account-picker></account-picker><account-members></account-members><catalog-list></catalog-list>',
    'de',
  );

/** The pages of these tests; the bundles and their chunks (dist/chunks/) are read from dist/ at each request. */
function route(url) {
  if (/^\/chunks\/[\w-]+\.js$/.test(url.pathname) && existsSync(`dist${url.pathname}`)) {
    return { type: 'text/javascript', body: readFileSync(`dist${url.pathname}`) };
  }
  switch (url.pathname) {
    case '/storefront-elements.js':
    case '/storefront-operator.js':
    case '/locales/de.js':
      return { type: 'text/javascript', body: readFileSync(`dist${url.pathname}`) };
    case '/german-after.html':
      return {
        type: 'text/html',
        body: germanPage('/storefront-elements.js', '/storefront-operator.js', '/locales/de.js'),
      };
    case '/german-before.html':
      return {
        type: 'text/html',
        body: germanPage('/locales/de.js', '/storefront-elements.js', '/storefront-operator.js'),
      };
    case '/both.html':
      return {
        type: 'text/html',
        body: page(
          '<script type="module" src="/storefront-elements.js"></script>' +
            '<script type="module" src="/storefront-operator.js"></script><catalog-list></catalog-list>',
        ),
      };
    case '/blank.html':
      return { type: 'text/html', body: page('') };
    case '/shopper.html':
      return { type: 'text/html', body: page('<script type="module" src="/storefront-elements.js"></script>') };
    case '/twice.html':
      return {
        type: 'text/html',
        body: page(
          '<script type="module" src="/storefront-elements.js"></script>' +
            '<script type="module" src="/storefront-elements.js?again"></script><catalog-list></catalog-list>',
        ),
      };
    case '/prefixed.html':
      return {
        type: 'text/html',
        body: page(
          `<script type="module">import { defineElements } from '/storefront-elements.js';
           defineElements({ prefix: 'acme' }); window.prefixed = true;
           document.body.append(document.createElement('acme-catalog-list'));</script>`,
        ),
      };
    case '/wording.html':
      // a plain-HTML store's own words: page-wide for English with addTranslation, and on one element with texts
      return {
        type: 'text/html',
        body: page(
          `<script type="module" src="/storefront-elements.js"></script>
           <account-picker></account-picker><catalog-list></catalog-list>
           <script type="module">
             import { addTranslation } from '/storefront-elements.js';
             addTranslation('en', { 'account-picker': { signedOutText: 'Sign in to see your company accounts.' } });
             document.querySelector('catalog-list').texts = { notConfiguredText: 'Catalogs will show here.' };
           </script>`,
        ),
      };
    case '/own-shadow-root.html':
      // a store's own element that renders a catalog list in its shadow root, where the document's watch does not see
      return {
        type: 'text/html',
        body: page(
          `<script type="module" src="/storefront-elements.js"></script>
           <store-shelf></store-shelf>
           <script>
             customElements.define('store-shelf', class extends HTMLElement {
               constructor() {
                 super();
                 this.attachShadow({ mode: 'open' }).append(document.createElement('catalog-list'));
               }
             });
           </script>`,
        ),
      };
    case '/operator.html':
      return { type: 'text/html', body: page('<script type="module" src="/storefront-operator.js"></script>') };
    case '/sign-in.html':
      return {
        type: 'text/html',
        body: page(
          `<script type="module" src="/storefront-elements.js"></script>
           <account-sign-in base-url="${service.baseUrl}" client-id="storefront"></account-sign-in>
           <account-picker client-id="storefront"></account-picker>`,
        ),
      };
    case '/memory.html':
      // a picker without a storage attribute first, then a sign-in that asks for memory: memory wins for the page
      return {
        type: 'text/html',
        body: page(
          `<script type="module" src="/storefront-elements.js"></script>
           <account-picker client-id="storefront"></account-picker>
           <account-sign-in base-url="${service.baseUrl}" client-id="storefront" storage="memory"></account-sign-in>`,
        ),
      };
    default:
      return undefined;
  }
}

before(async () => {
  service = await startService({ port: 0, host: '127.0.0.1', quiet: true });
  site = await startSite(route);
  origin = site.origin;
  browser = await chromium.launch(chromiumLaunchOptions());
});

after(async () => {
  await browser?.close();
  await site?.close();
  await service?.close();
});

/** A fresh page that records page errors and our events (in the page, across navigations). */
async function openPage() {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const errors = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  await recordEvents(tab);
  return { tab, errors, close: () => context.close() };
}

async function defined(tab, tags) {
  await tab.waitForFunction((names) => names.every((name) => customElements.get(name)), tags, { timeout: 10000 });
  return tab.evaluate((names) => names.filter((name) => customElements.get(name)), tags);
}

/** The chunk files a page requested, their hashes left out. */
const chunksRequested = (tab) =>
  tab.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => /\/chunks\/(.+)-[\w-]{8}\.js$/.exec(new URL(entry.name).pathname)?.[1])
      .filter(Boolean),
  );

test(
  'storefront-elements.js in a blank page registers the sign-in and the picker, and the catalog list once one is shown',
  { timeout: 30000 },
  async () => {
    const { tab, errors, close } = await openPage();
    try {
      await tab.goto(`${origin}/shopper.html`);
      assert.deepEqual(await defined(tab, ['account-sign-in', 'account-picker']), [
        'account-sign-in',
        'account-picker',
      ]);
      // the bundle looked through the page as it loaded, and found no catalog list
      assert.equal(await tab.evaluate(() => Boolean(customElements.get('catalog-list'))), false);
      assert.deepEqual(await chunksRequested(tab), ['storefront-elements'], 'a page without a catalog list');
      assert.equal(
        await tab.evaluate(() => Boolean(customElements.get('account-members'))),
        false,
        'operator elements are not in the shopper bundle',
      );
      // a list the page adds later (a framework's route, a script) brings its code
      await tab.evaluate(() => {
        const list = document.createElement('catalog-list');
        list.texts = { notConfiguredText: 'Set before the code came.' };
        document.body.append(list);
      });
      await tab.waitForFunction(
        () =>
          document.querySelector('catalog-list')?.shadowRoot?.querySelector('[part~=not-configured]')?.textContent ===
          'Set before the code came.',
        null,
        { timeout: 10000 },
      );
      assert.deepEqual(await chunksRequested(tab), ['storefront-elements', 'catalog-list']);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);

test(
  "a catalog list in a shadow root of the page's own is registered through discover()",
  { timeout: 30000 },
  async () => {
    const { tab, errors, close } = await openPage();
    try {
      await tab.goto(`${origin}/own-shadow-root.html`);
      await defined(tab, ['account-sign-in', 'store-shelf']);
      const before = await tab.evaluate(async () => {
        const { discover } = await import('/storefront-elements.js');
        await discover();
        return Boolean(customElements.get('catalog-list'));
      });
      assert.equal(before, false, "the document's own look does not see into the shelf's shadow root");
      await tab.evaluate(async () => {
        const { discover } = await import('/storefront-elements.js');
        await discover(/** @type {ShadowRoot} */ (document.querySelector('store-shelf')?.shadowRoot));
      });
      assert.equal(await tab.evaluate(() => Boolean(customElements.get('catalog-list'))), true);
      const shown = await tab.waitForFunction(
        () =>
          document
            .querySelector('store-shelf')
            ?.shadowRoot?.querySelector('catalog-list')
            ?.shadowRoot?.querySelector('[part~=not-configured]')?.textContent,
        null,
        { timeout: 10000 },
      );
      assert.match(await shown.jsonValue(), /\w/);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);

test(
  'a catalog list whose code cannot be loaded fires storefront-error (chunk_unavailable); discover() asks again',
  { timeout: 30000 },
  async () => {
    const { tab, errors, close } = await openPage();
    const warnings = [];
    tab.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    try {
      await tab.route(/\/chunks\/catalog-list-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
      await tab.goto(`${origin}/wording.html`);
      const failure = await tab.waitForFunction(
        () => window.__events.find((event) => event.type === 'storefront-error')?.detail.error,
        null,
        { timeout: 10000 },
      );
      const { code, message } = await failure.jsonValue();
      assert.equal(code, 'chunk_unavailable');
      assert.match(message, /catalog-list-[\w-]+\.js/);
      assert.equal(await tab.evaluate(() => Boolean(customElements.get('catalog-list'))), false);
      assert.ok(
        warnings.some((text) => /catalog-list-/.test(text)),
        warnings.join('\n'),
      );
      // the connection is back: the page asks again, and the texts it set meanwhile are kept
      await tab.unroute(/\/chunks\/catalog-list-[\w-]+\.js$/);
      await tab.evaluate(async () => (await import('/storefront-elements.js')).discover());
      await tab.waitForFunction(
        () =>
          document.querySelector('catalog-list')?.shadowRoot?.querySelector('[part~=not-configured]')?.textContent ===
          'Catalogs will show here.',
        null,
        { timeout: 10000 },
      );
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);

for (const order of ['after', 'before']) {
  test(`dist/locales/de.js loaded ${order} the bundles: the elements speak German`, { timeout: 30000 }, async () => {
    const { tab, errors, close } = await openPage();
    try {
      await tab.goto(`${origin}/german-${order}.html`);
      await defined(tab, ['account-picker', 'account-members']);
      const shown = async (tag, part) =>
        (
          await tab.waitForFunction(
            ([tag, part]) => document.querySelector(tag).shadowRoot.querySelector(`[part~=${part}]`)?.textContent,
            [tag, part],
            { timeout: 10000 },
          )
        ).jsonValue();
      await tab.waitForFunction(
        () => !/Sign in/.test(document.querySelector('account-picker').shadowRoot.textContent),
        null,
        { timeout: 10000 },
      );
      assert.equal(await shown('account-picker', 'signed-out'), 'Melden Sie sich an, um ein Konto zu wählen.');
      assert.equal(
        await shown('account-members', 'not-configured'),
        'Warten auf die Adresse des Shops und ein Zugriffstoken für Betreiber.',
      );
      // the catalog list, whose code comes on its own once the page shows one, speaks it too
      await tab.waitForFunction(
        (text) =>
          document.querySelector('catalog-list').shadowRoot?.querySelector('[part~=not-configured]')?.textContent ===
          text,
        'Warten auf die Adresse des Shops und eine Client-ID oder ein Zugriffstoken.',
        { timeout: 10000 },
      );
      // the style sheets came with the bundle: the sentence is in the muted colour, not the page's black
      const colour = await tab.evaluate(
        () =>
          getComputedStyle(document.querySelector('account-picker').shadowRoot.querySelector('[part~=empty]')).color,
      );
      assert.notEqual(colour, 'rgb(0, 0, 0)');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
}

test("a plain-HTML page rewords the elements' texts with a few lines of script", { timeout: 30000 }, async () => {
  const { tab, errors, close } = await openPage();
  try {
    await tab.goto(`${origin}/wording.html`);
    const shown = async (tag, part, text) =>
      tab.waitForFunction(
        ([tag, part, text]) =>
          document.querySelector(tag).shadowRoot.querySelector(`[part~=${part}]`)?.textContent === text,
        [tag, part, text],
        { timeout: 10000 },
      );
    await shown('account-picker', 'signed-out', 'Sign in to see your company accounts.');
    await shown('catalog-list', 'not-configured', 'Catalogs will show here.');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test(
  'loading storefront-elements.js twice (a second URL) does not throw, and runs one copy',
  { timeout: 30000 },
  async () => {
    const { tab, errors, close } = await openPage();
    const scripts = [];
    tab.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    try {
      await tab.goto(`${origin}/twice.html`, { waitUntil: 'load' });
      await defined(tab, ['account-sign-in', 'account-picker', 'catalog-list']);
      await tab.waitForTimeout(300);
      assert.deepEqual(errors, [], 'page errors');
      // both addresses re-export the one core, which holds the elements, and the catalog list's code comes once
      const cores = scripts.filter((path) => /^\/chunks\/storefront-elements-[\w-]+\.js$/.test(path));
      assert.equal(cores.length, 1, `scripts: ${scripts.join(', ')}`);
      assert.equal(scripts.filter((path) => /^\/chunks\/catalog-list-/.test(path)).length, 1, scripts.join(', '));
    } finally {
      await close();
    }
  },
);

test(
  'defineElements({ prefix: "acme" }) from the bundle registers acme-account-sign-in etc.',
  { timeout: 30000 },
  async () => {
    const { tab, errors, close } = await openPage();
    try {
      await tab.goto(`${origin}/prefixed.html`);
      const tags = ['acme-account-sign-in', 'acme-account-picker', 'acme-catalog-list'];
      assert.deepEqual(await defined(tab, tags), tags);
      assert.equal(await tab.evaluate(() => window.prefixed), true);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);

test(
  'storefront-operator.js in a blank page registers account-members and account-memberships',
  { timeout: 30000 },
  async () => {
    const { tab, errors, close } = await openPage();
    try {
      await tab.goto(`${origin}/operator.html`);
      assert.deepEqual(await defined(tab, ['account-members', 'account-memberships']), [
        'account-members',
        'account-memberships',
      ]);
      assert.equal(
        await tab.evaluate(() => Boolean(customElements.get('account-sign-in'))),
        false,
        'shopper elements are not in the operator bundle',
      );
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);

test('the bundle signs ada@example.com in against the reference service', { timeout: 60000 }, async () => {
  const { tab, errors, close } = await openPage();
  const scripts = [];
  tab.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  try {
    await tab.goto(`${origin}/sign-in.html`);
    await tab.getByRole('button', { name: /Sign in with Example ID/ }).waitFor({ timeout: 15000 });
    // once the buttons show, the sign-in chunk is fetched too, before any click
    await tab.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/chunks\/sign-in-flow-/.test(entry.name)),
    );
    assert.deepEqual(
      scripts.map((path) => path.replace(/^(\/chunks\/.+)-[\w-]{8}\.js$/, '$1-<hash>.js')),
      ['/storefront-elements.js', '/chunks/storefront-elements-<hash>.js', '/chunks/sign-in-flow-<hash>.js'],
      'a page showing the buttons loads the file, its core, and the sign-in chunk',
    );
    await tab.getByRole('button', { name: /Sign in with Example ID/ }).click({ timeout: 15000 });
    await tab.waitForURL((url) => url.origin !== origin, { timeout: 15000 });
    await logInAtIdentityProvider(tab, 'ada@example.com');
    await tab.waitForURL((url) => url.origin === origin, { timeout: 15000 });
    const signedIn = (
      await (
        await tab.waitForFunction(() => window.__events.find((event) => event.type === 'signed-in'), null, {
          timeout: 15000,
        })
      ).jsonValue()
    ).detail;
    assert.equal(signedIn.accounts.length, 2, `accounts: ${JSON.stringify(signedIn.accounts)}`);
    for (const account of signedIn.accounts) {
      assert.ok(account.accountId && account.accountName && account.token && account.expires, JSON.stringify(account));
    }
    await tab.waitForFunction(() => !location.href.includes('code='), null, { timeout: 5000 }).catch(() => {});
    assert.ok(!tab.url().includes('code='), `the page URL still carries the code: ${tab.url()}`);
    const storefrontErrors = await tab.evaluate(() =>
      window.__events.filter((event) => event.type === 'storefront-error'),
    );
    assert.deepEqual(storefrontErrors, []);
    assert.deepEqual(errors, []);
    assert.ok(
      scripts.some((path) => /^\/chunks\/sign-in-flow-[\w-]+\.js$/.test(path)),
      `the sign-in chunk came from beside the bundle: ${scripts.join(', ')}`,
    );
  } finally {
    await close();
  }
});

test(
  'a tab with storage="memory" keeps nothing in Web Storage at any moment while another tab signs in and chooses',
  { timeout: 60000 },
  async () => {
    const { tab, errors, close } = await openPage();
    try {
      await tab.goto(`${origin}/sign-in.html`);
      await tab.getByRole('button', { name: /Sign in with Example ID/ }).click({ timeout: 15000 });
      await tab.waitForURL((url) => url.origin !== origin, { timeout: 15000 });
      await logInAtIdentityProvider(tab, 'ada@example.com');
      await tab.waitForURL((url) => url.origin === origin, { timeout: 15000 });
      await tab.getByText('Harvard Computation Lab').waitFor({ timeout: 15000 });
      // the memory tab: what its sessionStorage holds, sampled every 50 ms from before its first script, and every
      // write it makes to Web Storage (localStorage is shared with the other tab, which writes there)
      const memoryTab = await tab.context().newPage();
      memoryTab.on('pageerror', (error) => errors.push(error.message));
      await memoryTab.addInitScript(() => {
        window.__samples = [];
        const sample = () => window.__samples.push(Object.keys(sessionStorage));
        sample();
        setInterval(sample, 50);
        window.__writes = [];
        for (const method of ['setItem', 'removeItem', 'clear']) {
          const original = Storage.prototype[method];
          Storage.prototype[method] = function (...args) {
            window.__writes.push(`${this === localStorage ? 'localStorage' : 'sessionStorage'}.${method}(${args[0]})`);
            return original.apply(this, args);
          };
        }
        window.__heard = [];
        for (const type of ['signed-in', 'account-selected'])
          document.addEventListener(type, () => window.__heard.push(type));
      });
      await memoryTab.goto(`${origin}/memory.html`);
      await memoryTab.getByRole('button', { name: /Sign in with Example ID/ }).waitFor({ timeout: 15000 });
      // the signed-in tab chooses an account, and tells its other tabs
      await tab.getByText('Harvard Computation Lab').click();
      await tab.waitForFunction(() => window.__events.some((event) => event.type === 'account-selected'));
      const seen = await memoryTab.evaluate(() => window.__samples.length);
      await memoryTab.waitForFunction((count) => window.__samples.length >= count + 4, seen);
      const samples = await memoryTab.evaluate(() => window.__samples);
      assert.deepEqual(
        samples.filter((keys) => keys.length),
        [],
        `${samples.length} samples, none with a key`,
      );
      // (it removes what a page kept in the tab before, so no token lingers there: nothing to remove here)
      const { writes, heard } = await memoryTab.evaluate(() => ({ writes: window.__writes, heard: window.__heard }));
      assert.deepEqual(
        writes.filter((write) => !write.startsWith('sessionStorage.removeItem(')),
        [],
      );
      assert.deepEqual(heard, []);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);

test(
  'a chunk that cannot be fetched (network down): the element says so, fires chunk_unavailable, warns naming the file',
  { timeout: 60000 },
  async () => {
    const { tab, errors, close } = await openPage();
    try {
      await tab.route(/\/chunks\/sign-in-flow-/, (route) => route.abort('internetdisconnected'));
      const warnings = [];
      tab.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
      await tab.goto(`${origin}/sign-in.html`);
      await tab.evaluate(() => {
        window.__errors = [];
        document.addEventListener('storefront-error', ({ detail: { error } }) =>
          window.__errors.push({ code: error.code, message: error.message }),
        );
      });
      await tab.getByRole('button', { name: /Sign in with Example ID/ }).click({ timeout: 15000 });
      await tab.getByText("Some of the store's files could not be loaded. Please try again later.").waitFor();
      const reported = await tab.evaluate(() => window.__errors);
      assert.equal(reported.length, 1, JSON.stringify(reported));
      assert.equal(reported[0].code, 'chunk_unavailable');
      assert.match(
        reported[0].message,
        /^Could not load http:\/\/\S+\/chunks\/sign-in-flow-[\w-]+\.js \(network, integrity/,
      );
      assert.ok(
        warnings.some((warning) => /^storefront-elements: Could not load \S+\/chunks\/sign-in-flow-/.test(warning)),
        warnings.join('\n'),
      );
      assert.equal(new URL(tab.url()).origin, origin, 'the page stayed');
      await tab.getByRole('button', { name: 'Try again' }).click();
      await tab.getByRole('button', { name: /Sign in with Example ID/ }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  },
);
