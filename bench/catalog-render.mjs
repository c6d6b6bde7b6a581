// <catalog-list> render speed: from the end of the catalogs' response (its last byte in, as the browser's resource
// timing says) to the first frame that shows catalogs, for 1,000, 10,000 and 100,000 catalogs in one answer; then
// to the whole list loaded; the DOM it takes, and the work of one scroll deep into the list (the scroll event to the
// new rows measured and placed). The element is bundled alone (lit included) and loaded into Chromium from a local
// server, which also answers its request for the catalogs: the element reads and parses the answer as it would
// the service's, and that work counts. Carrying lit, that file starts with V8's compile hint, which the list's own
// chunk in the shipped files does not (see scripts/bundle.mjs). One run with it and one without gave 107 and 122 ms
// to the first frame at 1,000 catalogs, where earlier runs of that row spread over 134–160 ms.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildBundle } from '../scripts/bundle.mjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const SIZES = [1_000, 10_000, 100_000];
const RUNS = 7;

/** Builds the element's file into `dir`, with its chunks in `dir/chunks/`; returns the file's code. */
async function bundleElement(dir) {
  const entry = join(dir, 'catalog-list.entry.js');
  // BENCH_SRC_ROOT: the sources of another checkout, to run the list of before a change beside this one's
  const element = resolve(process.env.BENCH_SRC_ROOT ?? '.', 'src/elements/catalog-list/catalog-list.ts');
  writeFileSync(entry, `import { CatalogList } from ${JSON.stringify(element)};\nCatalogList.define();\n`);
  await buildBundle({ entry, outDir: dir, fileName: 'catalog-list.js' });
  return readFileSync(join(dir, 'catalog-list.js'), 'utf8');
}

/** The answer of the catalogs endpoint with `count` catalogs, as the service writes one. */
function catalogsBody(count) {
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
  return Buffer.from(JSON.stringify({ data: catalogs, links: { next: null } }));
}

/**
 * The page, the element's file and its chunks (from `dir`), and `/n/<count>/catalogs`: the answer with that many
 * catalogs (made once each), sent whole as the service would.
 */
function serveBench(code, dir) {
  const bodies = new Map();
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    const count = /^\/n\/(\d+)\/catalogs$/.exec(pathname)?.[1];
    if (count) {
      if (!bodies.has(count)) bodies.set(count, catalogsBody(Number(count)));
      const body = bodies.get(count);
      // with its length, as the reference service sends an answer
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
      res.end(body);
    } else if (pathname === '/catalog-list.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(code);
    } else if (/^\/chunks\/[\w-]+\.js$/.test(pathname)) {
      // a chunk the element loads when it first needs it
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(readFileSync(join(dir, pathname)));
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>');
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** Runs in the page: one measurement of `count` catalogs. */
async function measureInPage(count) {
  // the next frame, laid out: its animation callback, then the style and layout it draws with (done here, where
  // the browser would do them next); only painting is left. A task queued from the callback would also wait for
  // whatever the page queued before it, which is not that frame's work.
  const afterFrame = () =>
    new Promise((resolveFrame) =>
      requestAnimationFrame(() => {
        void document.body.getBoundingClientRect();
        resolveFrame(performance.now());
      }),
    );
  performance.clearResourceTimings();
  const el = document.createElement('catalog-list');
  el.baseUrl = `${location.origin}/n/${count}`;
  el.accessToken = 'token';
  document.body.replaceChildren(el);
  const shown = new Promise((resolveShown) => {
    const observer = new MutationObserver(() => {
      if (el.shadowRoot.querySelector('[part~="item"]')) {
        observer.disconnect();
        resolveShown(afterFrame());
      }
    });
    observer.observe(el.shadowRoot, { childList: true, subtree: true });
  });
  const done = new Promise((resolveDone) => {
    const observer = new MutationObserver(() => {
      if (el.shadowRoot.querySelector('[part~="base"]')?.getAttribute('aria-busy') === 'false') {
        observer.disconnect();
        resolveDone(afterFrame());
      }
    });
    observer.observe(el.shadowRoot, { attributes: true, subtree: true, attributeFilter: ['aria-busy'] });
  });
  const firstFrame = await shown;
  const allShown = await done;
  const answer = performance.getEntriesByType('resource').find((entry) => /\/catalogs(\?|$)/.test(entry.name));
  if (!answer) throw new Error('no resource timing for the catalogs');
  const ms = firstFrame - answer.responseEnd;
  const allMs = allShown - answer.responseEnd;

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
  return { ms, allMs, nodes, rows, bytes: answer.encodedBodySize, scrollMs };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchCatalogRender() {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-catalog-render-'));
  const browser = await chromium.launch(chromiumLaunchOptions());
  let server;
  try {
    const code = await bundleElement(dir);
    server = await serveBench(code, dir);
    const origin = `http://127.0.0.1:${server.address().port}`;
    /** A new tab with the element's file loaded: each run is a page's first list, formats and all. */
    const freshPage = async () => {
      const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
      await page.goto(`${origin}/`);
      await page.addScriptTag({ url: '/catalog-list.js', type: 'module' });
      await page.waitForFunction(() => customElements.get('catalog-list') !== undefined);
      return page;
    };
    const inFreshPage = async (size) => {
      const page = await freshPage();
      try {
        return await page.evaluate(measureInPage, size);
      } finally {
        await page.close();
      }
    };

    const rows = [
      {
        name: 'catalog-list alone (lit included)',
        value: Math.round(gzipSync(code, { level: 9 }).length / 100) / 10,
        unit: 'kB gzip',
      },
    ];
    for (const size of SIZES) {
      const runs = [];
      // the answer made and sent once before, so the server's first making of it is not in a run
      await inFreshPage(size);
      for (let i = 0; i < RUNS; i++) runs.push(await inFreshPage(size));
      const mb = (runs[0].bytes / 1e6).toFixed(1);
      const count = size.toLocaleString('en');
      rows.push({
        name: `response end → first frame with catalogs, ${count} catalogs`,
        value: Math.round(median(runs.map((r) => r.ms)) * 10) / 10,
        unit: 'ms',
        note: `median of ${RUNS}, a new tab each; the ${mb} MB answer read, rows drawn; ${runs[0].rows} rows in the DOM${
          size === 10_000 ? '; target ≤ 120 ms' : ''
        }`,
      });
      rows.push({
        name: `  response end → every catalog in the list, ${count} catalogs`,
        value: Math.round(median(runs.map((r) => r.allMs)) * 10) / 10,
        unit: 'ms',
        note: `median of ${RUNS}; the frame after the load ends (aria-busy false): the whole answer parsed`,
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
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await benchCatalogRender());
}
