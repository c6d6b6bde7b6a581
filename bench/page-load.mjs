// Page load to sign-in buttons: a blank page with the self-contained bundle and <account-sign-in>, against
// the reference service, in Chromium. Cold = a new tab; warm = a reload in the same tab, where the settings
// and profiles come from the tab's cache and are revalidated in the background.
// Requests are counted where the service receives them, so the CORS preflights the browser sends on its own
// (and does not show the page) are in the count.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startService } from '../server/index.js';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const RUNS = 15;

function servePage(serviceUrl) {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/storefront-elements.js"></script></head>
<body><account-sign-in base-url="${serviceUrl}" client-id="storefront"></account-sign-in></body></html>`;
  const server = createServer((req, res) => {
    // the entry file and the chunks it imports (its core, chunks/storefront-elements-<hash>.js)
    const file = /^\/((?:chunks\/)?[\w-]+\.js)$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1];
    if (file && existsSync(`dist/${file}`)) {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600' });
      res.end(readFileSync(`dist/${file}`));
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

/**
 * Every request the HTTP server on `port` (the service's, in this process) receives, as `METHOD /path`,
 * from Node's own `http.server.request.start` channel.
 */
function requestsAt(port) {
  const seen = [];
  const onRequest = ({ request }) => {
    if (request.socket.localPort === port) seen.push(`${request.method} ${request.url.split('?')[0]}`);
  };
  subscribe('http.server.request.start', onRequest);
  return { take: () => seen.splice(0), stop: () => unsubscribe('http.server.request.start', onRequest) };
}

/** `OPTIONS /v2/settings/account-authentication, GET …` with ids shortened and repeats counted. */
function describe(requests) {
  const counts = new Map();
  for (const request of requests) {
    const key = request.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => (count > 1 ? `${key} ×${count}` : key)).join(', ');
}

/** The run whose count is the median, to name its requests. */
function medianRun(runs) {
  const count = median(runs.map((run) => run.length));
  return runs.find((run) => run.length === count);
}

export async function benchPageLoad() {
  const service = await startService({ port: 0, host: '127.0.0.1', quiet: true });
  const server = await servePage(service.baseUrl);
  const pageUrl = `http://localhost:${server.address().port}/`;
  const browser = await chromium.launch(chromiumLaunchOptions());
  const cold = [];
  const warm = [];
  const trips = { coldToButtons: [], warmInAll: [] };
  const atService = requestsAt(Number(new URL(service.baseUrl).port));
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      atService.take();
      await page.goto(pageUrl);
      cold.push(await timeToButtons(page));
      trips.coldToButtons.push(atService.take());
      await page.waitForLoadState('networkidle');
      atService.take();
      await page.reload();
      warm.push(await timeToButtons(page));
      await page.waitForLoadState('networkidle');
      trips.warmInAll.push(atService.take());
      await context.close();
    }
  } finally {
    atService.stop();
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
    {
      name: 'requests at the service before the sign-in buttons, cold',
      value: median(trips.coldToButtons.map((run) => run.length)),
      unit: 'requests',
      note: `median; counted by the service, CORS preflights included: ${describe(medianRun(trips.coldToButtons))}`,
    },
    {
      name: 'requests at the service, warm, until the network is idle',
      value: median(trips.warmInAll.map((run) => run.length)),
      unit: 'requests',
      note: `median, background revalidation included: ${describe(medianRun(trips.warmInAll))}`,
    },
  ];
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await benchPageLoad());
}
