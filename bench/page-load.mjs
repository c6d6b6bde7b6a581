// Page load to sign-in buttons: a blank page with the self-contained bundle and <account-sign-in>, against
// the reference service, in Chromium. Cold = a new tab; warm = a reload in the same tab, where the settings
// and profiles come from the tab's cache and are revalidated in the background.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startService } from '../server/index.js';
import { chromiumPath } from '../scripts/chromium.mjs';

const RUNS = 15;

function servePage(serviceUrl) {
  const bundle = readFileSync('dist/storefront-elements.js');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/storefront-elements.js"></script></head>
<body><account-sign-in base-url="${serviceUrl}" client-id="storefront"></account-sign-in></body></html>`;
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/storefront-elements.js')) {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600' });
      res.end(bundle);
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(page);
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** Milliseconds from navigation start until a sign-in button is in the element's shadow root. */
function timeToButtons(page) {
  return page.evaluate(
    () =>
      new Promise((done) => {
        const check = () => {
          const button = document.querySelector('account-sign-in')?.shadowRoot?.querySelector('button[part~="button"]');
          if (button) done(performance.now());
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchPageLoad() {
  const service = await startService({ port: 0, host: '127.0.0.1', quiet: true });
  const server = await servePage(service.baseUrl);
  const pageUrl = `http://localhost:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  const cold = [];
  const warm = [];
  const trips = { cold: [], warm: [] };
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      let requests = 0;
      page.on('request', (request) => {
        if (request.url().startsWith(service.baseUrl)) requests += 1;
      });
      await page.goto(pageUrl);
      cold.push(await timeToButtons(page));
      trips.cold.push(requests);
      await page.waitForLoadState('networkidle');
      requests = 0;
      await page.reload();
      warm.push(await timeToButtons(page));
      await page.waitForLoadState('networkidle');
      trips.warm.push(requests);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
    await service.close();
  }
  const round = (value) => Math.round(value * 10) / 10;
  return [
    {
      name: 'page load → sign-in buttons, cold (median)',
      value: round(median(cold)),
      unit: 'ms',
      note: `${RUNS} runs, new tab`,
    },
    {
      name: 'page load → sign-in buttons, warm (median)',
      value: round(median(warm)),
      unit: 'ms',
      note: 'reload in the same tab',
    },
    { name: 'requests to the service, cold', value: median(trips.cold), unit: 'requests', note: 'preflights included' },
    {
      name: 'requests to the service, warm',
      value: median(trips.warm),
      unit: 'requests',
      note: 'background revalidation included',
    },
  ];
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await benchPageLoad());
}
