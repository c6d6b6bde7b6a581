// Starts what a new user starts with `npm start` (the reference service and the demo server, on free
// ports) and a real Chromium driven by Playwright, for the end-to-end tests.
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { startService } from '../../server/index.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

/** The events the demo page reports, recorded in the page so tests can read them. */
const RECORDED_EVENTS = [
  'sign-in-redirect',
  'signed-in',
  'signed-out',
  'session-expiring',
  'account-selected',
  'catalog-selected',
  'member-selected',
  'membership-created',
  'storefront-error',
];

export async function startStack() {
  let service = await startService({ port: 0, host: '127.0.0.1', quiet: true });
  process.env.SERVICE_URL = service.baseUrl;
  const demo = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    // shop.test: a name that is no secure context (the browser maps it to this machine, see below)
    server: { port: 0, host: '127.0.0.1', strictPort: false, allowedHosts: ['shop.test'] },
  });
  await demo.listen();
  const address = demo.httpServer.address();
  const demoUrl = `http://localhost:${address.port}/`;
  const browser = await chromium.launch(chromiumLaunchOptions(['--host-resolver-rules=MAP shop.test 127.0.0.1']));
  return {
    get service() {
      return service;
    },
    demoUrl,
    /** The demo under a plain-http name that is not localhost: a page that is no secure context. */
    insecureDemoUrl: `http://shop.test:${address.port}/`,
    browser,
    /** A page in a new browser profile, or (with `context`) another tab of that one. */
    async newPage(context) {
      const page = await (context ?? (await browser.newContext())).newPage();
      await recordEvents(page);
      return page;
    },
    /** Stops the service and starts a new one on its port: new signing keys, so the tokens handed out are refused. */
    async restartService() {
      const { port } = service;
      await service.close();
      service = await startService({ port, host: '127.0.0.1', quiet: true });
    },
    async close() {
      await browser.close();
      await demo.close();
      await service.close();
    },
  };
}

/** Records our events in the page (across navigations) in `window.__events`, for `waitForEvent`. */
export function recordEvents(page) {
  return page.addInitScript((names) => {
    window.__events = [];
    for (const name of names) {
      document.addEventListener(name, (event) => {
        const detail = event.detail?.error
          ? { error: { code: event.detail.error.code, message: event.detail.error.message } }
          : event.detail;
        window.__events.push({ type: name, detail: JSON.parse(JSON.stringify(detail ?? null)) });
      });
    }
  }, RECORDED_EVENTS);
}

/** Waits until the page has recorded an event of `type` and returns its detail. */
export async function waitForEvent(page, type, { timeout = 15000 } = {}) {
  const handle = await page.waitForFunction((name) => window.__events.find((event) => event.type === name), type, {
    timeout,
  });
  return (await handle.jsonValue()).detail;
}

/** Signs out from the header's account menu, as a shopper does: its button, then Sign out in its panel. */
export async function signOutInMenu(page) {
  const menu = page.locator('account-menu');
  await menu.locator('[part~=trigger]').click();
  await menu.getByRole('button', { name: 'Sign out' }).click();
}

/** Fills the identity provider's login form, as a person would. */
export async function logInAtIdentityProvider(page, email, password = 'password') {
  await page.getByLabel(/e-?mail|login/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}
