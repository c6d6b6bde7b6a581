// <account-menu> over many accounts, with the shipped one-tag file (the menu a chunk loaded on first use), in
// Chromium: a member of 300 accounts in a three-level tree (12 × 3 × 7, as the tests' fixtures) and of 3,000 (100 ×
// 5 × 5, then flat sites), the session kept by the tab as a sign-in leaves it. For each: the click on the menu's
// button → the panel's first frame with its rows; the rows and shadow-root nodes that frame holds; typing a search
// ("Harv", as a shopper looks for Harvard) → the frame with what matches. Median of 7 runs, each in a new tab.
// And what a tree costs at sign-in: the store server's callback (the code exchange, who signed in, each account's
// parent read with its own token, six at a time) for Tess, in 300 accounts, and Sid, in 2, against the reference
// service on this machine.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { serveDist } from './serve-dist.mjs';
import { quantile, round } from './stats.mjs';
import { startService } from '../server/index.js';
import { SHOP_LOGIN, SID, TESS, accountTreeFixtures } from '../test/support/account-tree.js';
import { storeOn } from '../test/support/store-browser.js';
import { signInAtIdentityProvider } from '../test/support/idp-login.js';

const RUNS = 7;

/** The tab's kept session of a member of a tree `[roots, children, grandchildren]` accounts wide. */
function keptSession([roots, children, grandchildren]) {
  const expires = new Date(Date.now() + 24 * 3600_000).toISOString();
  const accounts = [];
  const add = (name, parentId) => {
    const accountId = `00000000-0000-4000-8000-${String(accounts.length).padStart(12, '0')}`;
    accounts.push({ accountId, accountName: name, token: `token-${accounts.length}`, expires, parentId });
    return accountId;
  };
  for (let r = 0; r < roots; r++) {
    const root = add(r === 0 ? 'Harvard' : `Organisation ${r}`);
    for (let c = 0; c < children; c++) {
      const child = add(`Division ${c + 1}`, root);
      for (let g = 0; g < grandchildren; g++) add(`Site ${g + 1}`, child);
    }
  }
  return { accountMemberId: 'member-1', member: { id: 'member-1', name: 'Tess Tree' }, accounts };
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/storefront-elements.js"></script></head>
<body><header><account-menu client-id="storefront"></account-menu></header></body></html>`;

/** Runs in the page: one opening of the panel and one search. */
async function measureInPage() {
  const afterFrame = () =>
    new Promise((resolveFrame) =>
      requestAnimationFrame(() => {
        void document.body.getBoundingClientRect();
        resolveFrame(performance.now());
      }),
    );
  await customElements.whenDefined('account-menu');
  const menu = document.querySelector('account-menu');
  await menu.updateComplete;
  await afterFrame();
  const root = menu.shadowRoot;
  const start = performance.now();
  root.querySelector('[part~="trigger"]').click();
  await menu.updateComplete;
  const open = (await afterFrame()) - start;
  const rows = root.querySelectorAll('[part~="item"]').length;
  const nodes = root.querySelectorAll('*').length;
  const search = root.querySelector('[part~="search"]');
  const typed = performance.now();
  search.value = 'Harv';
  search.dispatchEvent(new Event('input'));
  await menu.updateComplete;
  const found = (await afterFrame()) - typed;
  return { open, rows, nodes, found, matches: root.querySelectorAll('[part~="item"]').length };
}

/** The store server's callback for `member`'s sign-in, in milliseconds, each run a new browser. */
async function callbackTimes(baseUrl, member) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const { browser } = storeOn(baseUrl);
    const start = await browser.request(`/storefront/sign-in?profile=${SHOP_LOGIN}&return_to=/`);
    const back = await signInAtIdentityProvider(start.headers.get('location'), member.email, member.password, {
      jar: browser.idpJar,
    });
    const began = performance.now();
    await browser.request(back);
    times.push(performance.now() - began);
  }
  return quantile(times, 0.5);
}

async function benchSignInOfATree() {
  const service = await startService({ port: 0, host: '127.0.0.1', quiet: true, fixtures: accountTreeFixtures() });
  try {
    const [tree, two] = [await callbackTimes(service.baseUrl, TESS), await callbackTimes(service.baseUrl, SID)];
    return [
      {
        name: "the store server's sign-in callback: a member of 300 accounts / of 2",
        value: `${round(tree)} / ${round(two)}`,
        unit: 'ms',
        note: "each account's parent read with its own token, six at a time",
      },
    ];
  } finally {
    await service.close();
  }
}

export async function benchAccountMenu() {
  return [...(await benchMenu()), ...(await benchSignInOfATree())];
}

async function benchMenu() {
  const server = await serveDist({ '/': PAGE });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch(chromiumLaunchOptions());
  const rows = [];
  try {
    for (const [label, shape] of [
      ['300 accounts (12 × 3 × 7)', [12, 3, 7]],
      ['3,000 accounts (100 × 5 × 5)', [100, 5, 5]],
    ]) {
      const session = keptSession(shape);
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext();
        await context.addInitScript((kept) => {
          sessionStorage.setItem('storefront-elements:session:storefront', JSON.stringify(kept));
        }, session);
        const page = await context.newPage();
        await page.goto(origin);
        runs.push(await page.evaluate(measureInPage));
        await context.close();
      }
      const median = (key) =>
        quantile(
          runs.map((run) => run[key]),
          0.5,
        );
      rows.push(
        { name: `${label}: click → the panel's first frame`, value: round(median('open')), unit: 'ms' },
        {
          name: `${label}: rows / shadow-root nodes in that frame`,
          value: `${median('rows')} / ${median('nodes')}`,
          unit: '',
        },
        {
          name: `${label}: typing "Harv" → the frame with what matches`,
          value: round(median('found')),
          unit: 'ms',
          note: `${median('matches')} rows rendered`,
        },
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
  return rows;
}
