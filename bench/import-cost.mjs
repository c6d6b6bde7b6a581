// What a page pays for importing a file, on the main thread, beside the peers' sign-in libraries in the same run:
// - module evaluation: the main thread's CPU time in evaluating the file (Chromium's trace event of the evaluation
//   of a wrapper that imports a marking module, the file, and another marking module, in that order; the browser
//   fetches and compiles them all before it evaluates any), so that a busy machine's waits for a core are not
//   counted; and the wall time between the two marks beside it. The page makes a mark of its own before the
//   import: the first mark on a page sets up the browser's user timing (about 0.4 ms here), the instrument's cost;
// - import → idle: from `import()` of the wrapper to the first idle callback after it (fetching from a local
//   server, compiling, evaluating, and whatever the file left to run).
// On a blank page (no element in it), in a new tab with an empty cache each run; and, beside it, on a page like a
// store's, whose own script has used the DOM before the import (found an element, changed its text, listened for a
// click): the browser then has the interfaces of elements and events set up, which on a blank page the first file to
// touch them pays for (`HTMLElement` alone about 1.2 ms here). The peers are bundled as the size
// rows bundle them (Vite library mode, minified, every dependency included): oidc-client-ts's `UserManager` and
// auth0-spa-js's `createAuth0Client`, what a sign-in page imports from each.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildBundle } from '../scripts/bundle.mjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const RUNS = 11;

const peers = {
  'oidc-client-ts': `export { UserManager } from 'oidc-client-ts';`,
  'auth0-spa-js': `export { createAuth0Client } from '@auth0/auth0-spa-js';`,
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value) => Math.round(value * 10) / 10;

/** A store's page: some markup, and a script of its own that uses the DOM before anything is imported. */
const STORE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body>
<header><a href="/">Store</a></header><main><h1>Products</h1><p>Loading…</p></main>
<script type="module">
  const main = document.querySelector('main');
  main.querySelector('p').textContent = 'Our products';
  main.addEventListener('click', (event) => event.target);
</script></body></html>`;

/**
 * `/dist/…` from dist/, `/peers/<name>.js` from `dir`, the marks, a wrapper per file, the store's page at `/store`,
 * and a blank page.
 */
function serve(dir) {
  const marks = {
    '/start.js': `performance.mark('evaluation-start');`,
    '/end.js': `performance.mark('evaluation-end');`,
  };
  const server = createServer((req, res) => {
    const { pathname, searchParams } = new URL(req.url ?? '/', 'http://x');
    let body;
    if (marks[pathname]) body = marks[pathname];
    else if (pathname === '/wrapper.js') {
      body = `import '/start.js';\nimport ${JSON.stringify(searchParams.get('file'))};\nimport '/end.js';\n`;
    } else if (/^\/dist\/(chunks\/)?[\w-]+\.js$/.test(pathname)) body = readFileSync(`.${pathname}`);
    else if (/^\/peers\/[\w-]+\.js$/.test(pathname)) body = readFileSync(join(dir, pathname.slice('/peers/'.length)));
    if (pathname === '/store') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(STORE_PAGE);
    } else if (body === undefined) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body></body></html>',
      );
    } else {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(body);
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** Runs in the page: imports the file through the wrapper. */
async function importInPage(file) {
  performance.mark('warm-up');
  const start = performance.now();
  await import(`/wrapper.js?file=${encodeURIComponent(file)}`);
  await new Promise((idle) => requestIdleCallback(idle));
  const idleMs = performance.now() - start;
  const { duration } = performance.measure('evaluation', 'evaluation-start', 'evaluation-end');
  return { evaluationMs: duration, idleMs };
}

/** The thread time of the module evaluation that holds the two marks, from the trace, in milliseconds. */
function evaluationCpu(events) {
  const start = events.find((event) => event.name === 'evaluation-start');
  const end = events.find((event) => event.name === 'evaluation-end');
  const evaluation = events.find(
    (event) =>
      event.name === 'v8.evaluateModule' &&
      event.tid === start?.tid &&
      event.ts <= start.ts &&
      event.ts + event.dur >= end?.ts,
  );
  if (!evaluation) throw new Error('no module evaluation around the marks in the trace');
  return evaluation.tdur / 1000;
}

async function measure(browser, origin, file, path = '/') {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}${path}`);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'blink.user_timing'] });
    const times = await page.evaluate(importInPage, file);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    runs.push({ ...times, cpuMs: evaluationCpu(traceEvents) });
    await context.close();
  }
  return {
    evaluation: median(runs.map((r) => r.cpuMs)),
    wall: median(runs.map((r) => r.evaluationMs)),
    idle: median(runs.map((r) => r.idleMs)),
  };
}

export async function benchImportCost() {
  // inside the project, so the peers' entries resolve from node_modules
  mkdirSync('node_modules/.cache', { recursive: true });
  const dir = mkdtempSync(join('node_modules/.cache', 'storefront-import-'));
  const browser = await chromium.launch(chromiumLaunchOptions());
  let server;
  try {
    for (const [name, source] of Object.entries(peers)) {
      writeFileSync(join(dir, `${name}.entry.js`), source);
      await buildBundle({ entry: join(dir, `${name}.entry.js`), outDir: dir, fileName: `${name}.js` });
    }
    server = await serve(dir);
    const origin = `http://127.0.0.1:${server.address().port}`;
    const files = {
      'storefront-elements.js (with its core)': '/dist/storefront-elements.js',
      ...Object.fromEntries(Object.keys(peers).map((name) => [`${name} (sign-in only)`, `/peers/${name}.js`])),
    };
    const rows = [];
    for (const [name, file] of Object.entries(files)) {
      const { evaluation, wall, idle } = await measure(browser, origin, file);
      const shopper = file.startsWith('/dist/');
      rows.push(
        {
          name: `module evaluation: ${name}`,
          value: round(evaluation),
          unit: 'ms',
          note: `median of ${RUNS}, new tab each, blank page; main-thread CPU time (wall ${round(wall)} ms)${
            shopper ? '; target ≤ 5 ms' : ''
          }`,
        },
        {
          name: `import → idle: ${name}`,
          value: round(idle),
          unit: 'ms',
          note: `median of ${RUNS}; fetch from a local server, compile, evaluate, to the first idle callback`,
        },
      );
    }
    for (const [name, file] of Object.entries(files)) {
      const { evaluation, wall } = await measure(browser, origin, file, '/store');
      rows.push({
        name: `module evaluation on a store's page: ${name}`,
        value: round(evaluation),
        unit: 'ms',
        note: `median of ${RUNS}; a page whose own script used the DOM first (wall ${round(wall)} ms)`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await benchImportCost());
}
