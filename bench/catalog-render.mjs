// <catalog-list> render speed: time from the catalog data arriving (the client has the parsed page) to the first
// frame that shows it, for 100, 1,000 and 10,000 catalogs, the DOM it takes, and the work of one scroll deep into
// the list (the scroll event to the new rows measured and placed). The element is bundled alone (lit
// included) and loaded into Chromium; its `fetch` answers from memory. Reading and parsing the answer is the
// browser's work, the same for any element, so it is timed on its own and not counted in the element's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildBundle } from '../scripts/bundle.mjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const SIZES = [100, 1_000, 10_000];
const RUNS = 7;

async function bundleElement(dir) {
  const entry = join(dir, 'catalog-list.entry.js');
  const element = resolve('src/elements/catalog-list/catalog-list.ts');
  writeFileSync(entry, `import { CatalogList } from ${JSON.stringify(element)};\nCatalogList.define();\n`);
  await buildBundle({ entry, outDir: dir, fileName: 'catalog-list.js' });
  return readFileSync(join(dir, 'catalog-list.js'), 'utf8');
}

/** Runs in the page: one measurement of `count` catalogs. */
async function measureInPage(count) {
  const catalogs = Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    type: 'catalog',
    attributes: {
      name: `Catalog ${i + 1}`,
      description: `Everything for shelf ${i + 1}, always in stock.`,
      hierarchy_ids: [`h-${i}-1`, `h-${i}-2`],
      pricebook_id: `p-${i}`,
      pricebook_ids: [{ id: `p-${i}`, priority: 10 }],
      locales: { 'en-US': { name: `Catalog ${i + 1}` } },
      created_at: '2025-01-06T09:10:00.000',
      updated_at: '2025-01-06T09:40:00.000',
      owner: 'store',
    },
    relationships: {
      rules: { links: { related: `http://127.0.0.1:9/catalogs/${i}/rules` } },
      releases: { links: { related: `http://127.0.0.1:9/catalogs/${i}/releases` }, meta: { count: i % 4 } },
    },
  }));
  const body = JSON.stringify({ data: catalogs, links: { next: null } });
  let answer;
  let markRequested;
  const requested = new Promise((resolveRequested) => (markRequested = resolveRequested));
  const el = document.createElement('catalog-list');
  el.baseUrl = 'http://127.0.0.1:9';
  el.accessToken = 'token';
  el.fetch = () =>
    new Promise((resolveFetch) => {
      answer = resolveFetch;
      markRequested();
    });
  document.body.replaceChildren(el);
  await requested;
  await new Promise((r) => setTimeout(r, 50));

  const base = () => el.shadowRoot.querySelector('[part~="base"]');
  const done = new Promise((resolveDone) => {
    const observer = new MutationObserver(() => {
      if (base()?.getAttribute('aria-busy') === 'false') {
        observer.disconnect();
        resolveDone();
      }
    });
    observer.observe(el.shadowRoot, { attributes: true, subtree: true, attributeFilter: ['aria-busy'] });
  });
  // the page data arrives when the client's JSON.parse of this body returns; time that parse on the spot
  const parse = JSON.parse;
  let parsedAt = 0;
  let parseMs = 0;
  JSON.parse = function (text, ...rest) {
    const before = performance.now();
    const value = parse.call(this, text, ...rest);
    if (typeof text === 'string' && text.length === body.length) {
      parsedAt = performance.now();
      parseMs = parsedAt - before;
    }
    return value;
  };
  const answered = performance.now();
  try {
    const response = new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    // a client that reads with json() goes through the same JSON.parse
    response.json = async () => JSON.parse(await response.text());
    answer(response);
    await done;
    await el.updateComplete;
    await new Promise((r) => requestAnimationFrame(r));
  } finally {
    JSON.parse = parse;
  }
  const end = performance.now();
  if (!parsedAt) throw new Error('the answer was never parsed');
  const ms = end - parsedAt;
  const readMs = parsedAt - parseMs - answered;

  const walker = document.createTreeWalker(el.shadowRoot, NodeFilter.SHOW_ALL);
  let nodes = 0;
  while (walker.nextNode()) nodes += 1;
  const rows = el.shadowRoot.querySelectorAll('[part~="item"]').length;
  if (el.catalogs.length !== count) throw new Error(`expected ${count} catalogs, got ${el.catalogs.length}`);

  // scrolls to rows not shown yet, the middle of the list and further: the work for each (the element's updates,
  // rendering, measuring and placing the rows there, and the layout of the page after them), timed around the
  // element's update cycle
  const viewport = el.shadowRoot.querySelector('[part~="viewport"]');
  const performUpdate = el.performUpdate;
  let working = 0;
  el.performUpdate = function () {
    const before = performance.now();
    performUpdate.call(this);
    // the layout the new rows need, which the browser would do before the frame otherwise
    void document.body.offsetHeight;
    working += performance.now() - before;
  };
  const scrolls = [];
  for (const share of [0.5, 0.6, 0.7, 0.8, 0.9]) {
    working = 0;
    const scrolled = new Promise((resolveScroll) => viewport.addEventListener('scroll', resolveScroll, { once: true }));
    viewport.scrollTop = viewport.scrollHeight * share;
    await scrolled;
    await el.updateComplete;
    // an update the layout asked for runs in the next frame at the latest
    await new Promise((r) => requestAnimationFrame(r));
    await el.updateComplete;
    scrolls.push(working);
  }
  delete el.performUpdate;
  const scrollMs = scrolls.sort((a, b) => a - b)[2];
  return { ms, parseMs, readMs, nodes, rows, bytes: body.length, scrollMs };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchCatalogRender() {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-catalog-render-'));
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const code = await bundleElement(dir);
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.setContent('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({ content: code, type: 'module' });
    await page.waitForFunction(() => customElements.get('catalog-list') !== undefined);

    const rows = [
      {
        name: 'catalog-list alone (lit included)',
        value: Math.round(gzipSync(code, { level: 9 }).length / 100) / 10,
        unit: 'kB gzip',
      },
    ];
    for (const size of SIZES) {
      const runs = [];
      // one warm-up run, so the numbers are not the JIT's first look at the code
      await page.evaluate(measureInPage, size);
      for (let i = 0; i < RUNS; i++) runs.push(await page.evaluate(measureInPage, size));
      const ms = median(runs.map((r) => r.ms));
      const parseMs = median(runs.map((r) => r.parseMs));
      const readMs = median(runs.map((r) => r.readMs));
      const mb = (runs[0].bytes / 1e6).toFixed(1);
      rows.push({
        name: `data → first frame, ${size.toLocaleString('en')} catalogs`,
        value: Math.round(ms * 10) / 10,
        unit: 'ms',
        note: `median of ${RUNS}; from the parsed page to the frame (its wait included); ${runs[0].rows} rows in the DOM${
          size === 10_000 ? '; target < 50 ms' : ''
        }`,
      });
      rows.push({
        name: `  before it: reading + JSON.parse, ${size.toLocaleString('en')} catalogs`,
        value: Math.round((readMs + parseMs) * 10) / 10,
        unit: 'ms',
        note: `median of ${RUNS}; the browser's work on the ${mb} MB answer, of which JSON.parse ${Math.round(parseMs * 10) / 10} ms`,
      });
      if (size === 10_000) {
        rows.push({
          name: 'scroll deep into the list → rows placed, 10,000 catalogs',
          value: Math.round(median(runs.map((r) => r.scrollMs)) * 10) / 10,
          unit: 'ms',
          note: `median of ${RUNS} runs of 5 scrolls each to rows not shown yet: the element's updates and layout`,
        });
        rows.push({
          name: 'shadow root nodes, 10,000 catalogs',
          value: runs[0].nodes,
          unit: 'nodes',
          note: 'target < 2,000',
        });
      }
    }
    return rows;
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await benchCatalogRender());
}
