import { writeFileSync } from 'node:fs';
import { defaultReporter } from '@web/test-runner';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

/**
 * The reference service every browser test talks to. It takes a free port (so several runs can share a
 * machine); the test page learns its address from a global set in testRunnerHtml.
 */
const TEST_SERVICE_PORT = Number(process.env.TEST_SERVICE_PORT ?? 0);

let service;
/** Other reference services some tests ask for (`other-service`), by name, once asked for. */
const otherServices = {};
/** The store's server side (storefront-elements/server, built from src/ as the run starts) under /storefront. */
let storeServer;
/** Cookie jars of the named browsers the identity provider commands act for. */
const jars = new Map();
/** The DevTools session that holds a test page's default font size, by test session. */
const fontSizeSessions = new Map();

/** Starts the reference service beside the test server and lets tests drive it through commands. */
function referenceServicePlugin() {
  return {
    name: 'reference-service',
    async serverStart() {
      const { startService } = await import('./server/index.js');
      service = await startService({ port: TEST_SERVICE_PORT, host: '127.0.0.1', quiet: true });
      storeServer = await startStoreServer();
    },
    async serverStop() {
      await service?.close();
      for (const other of Object.values(otherServices)) await (await other).close();
    },
    async executeCommand({ command, payload, session }) {
      if (command === 'default-font-size') {
        // Chromium's own text size setting (Settings > Appearance > Font size), which `rem` and the page's default
        // font follow, as a reader with large text has it. The setting lasts while its DevTools session is open.
        const page = session.browser.getPage(session.id);
        fontSizeSessions.set(
          session.id,
          fontSizeSessions.get(session.id) ?? (await page.context().newCDPSession(page)),
        );
        const { size } = payload;
        await fontSizeSessions.get(session.id).send('Page.setFontSizes', {
          fontSizes: { standard: size, fixed: Math.round((size * 13) / 16) },
        });
        return true;
      }
      if (command === 'other-service') {
        // Another service, started on first use; answers its address. `account-tree`: a buyer of 300 accounts in a
        // three-level tree (test/support/account-tree.js); `token-ttl-60`: account tokens that last a minute.
        const { startService } = await import('./server/index.js');
        const options = {
          'account-tree': async () => ({
            fixtures: (await import('./test/support/account-tree.js')).accountTreeFixtures(),
          }),
          'token-ttl-60': async () => ({ tokenTtl: 60 }),
        }[payload.name];
        otherServices[payload.name] ??= options().then((more) =>
          startService({ port: 0, host: '127.0.0.1', quiet: true, ...more }),
        );
        return (await otherServices[payload.name]).baseUrl;
      }
      if (command === 'reset-service') {
        await service.reset();
        return true;
      }
      if (command === 'restart-service') {
        // A new process on the same port: new signing secret, so every token handed out before is refused.
        const { port } = service;
        await service.close();
        const { startService } = await import('./server/index.js');
        service = await startService({ port, host: '127.0.0.1', quiet: true });
        return true;
      }
      if (command === 'server-sign-in') {
        // A sign-in through the store's server (session-endpoint) as the page's browser makes it: its cookies are
        // the page's (Playwright's request context shares them), the identity provider's login walked over HTTP.
        const { signInAtIdentityProvider } = await import('./test/support/idp-login.js');
        const page = session.browser.getPage(session.id);
        const origin = new URL(page.url()).origin;
        const returnTo = encodeURIComponent(payload.returnTo ?? '/');
        const start = await page.request.get(`${origin}/storefront/sign-in?return_to=${returnTo}`, { maxRedirects: 0 });
        const back = await signInAtIdentityProvider(start.headers().location, payload.login, 'password');
        return (await page.request.get(back, { maxRedirects: 0 })).status();
      }
      if (command === 'clear-cookies') {
        await session.browser.getPage(session.id).context().clearCookies();
        return true;
      }
      if (command === 'idp-sign-in') {
        // Logs in at the identity provider over HTTP, as a person would in the browser, and returns the
        // address the identity provider and the service send the browser back to. With `browser`, the cookies
        // of that named browser are kept between calls (its identity provider session lives on); the answer is
        // then `{url, loginForm}`, whether the identity provider asked for the password.
        const { CookieJar, signInAtIdentityProvider } = await import('./test/support/idp-login.js');
        const { url, login, password = 'password', browser } = payload;
        if (!browser) return signInAtIdentityProvider(url, login, password);
        if (!jars.has(browser)) jars.set(browser, new CookieJar());
        let loginForm = false;
        const back = await signInAtIdentityProvider(url, login, password, {
          jar: jars.get(browser),
          onLoginForm: () => (loginForm = true),
        });
        return { url: back, loginForm };
      }
      if (command === 'idp-end-session') {
        // Follows a sign-out address at the identity provider in the named browser; returns where it is sent.
        const { CookieJar, endSessionAtIdentityProvider } = await import('./test/support/idp-login.js');
        const { response } = await endSessionAtIdentityProvider(
          payload.url,
          jars.get(payload.browser) ?? new CookieJar(),
        );
        return response.headers.get('location');
      }
      if (command === 'block-requests' || command === 'unblock-requests') {
        // The network down for some addresses of the test page (a RegExp's source): the browser's request fails as
        // with no connection, so a chunk the page loads then cannot be fetched.
        const page = session.browser.getPage(session.id);
        if (command === 'unblock-requests') await page.unrouteAll();
        else await page.route(new RegExp(payload.pattern), (route) => route.abort('internetdisconnected'));
        return true;
      }
      if (command === 'popups' || command === 'close-popups' || command === 'popup-sign-in') {
        // The windows the test page opened: count them, close them (as the shopper would), or log in in the one
        // the page opened, as a person would.
        const page = session.browser.getPage(session.id);
        const popups = () =>
          page
            .context()
            .pages()
            .filter((other) => other !== page);
        if (command === 'popups') return popups().length;
        if (command === 'close-popups') {
          const open = popups();
          for (const popup of open) await popup.close({ runBeforeUnload: false });
          return open.length;
        }
        const popup = popups()[0] ?? (await page.waitForEvent('popup', { timeout: 8000 }));
        await popup.waitForURL((url) => url.pathname.includes('/idp/interaction/'));
        await popup.getByLabel('Email').fill(payload.login);
        await popup.getByLabel('Password').fill(payload.password ?? 'password');
        await popup.getByRole('button', { name: payload.cancel ? 'Cancel' : 'Sign in' }).click();
        return true;
      }
      return undefined;
    },
  };
}

/**
 * The session handler of `storefront-elements/server`, bundled from src/ with esbuild for Node (so a browser run
 * needs no build first), answering the test pages' origin under /storefront against the reference service.
 */
async function startStoreServer() {
  const { build } = await import('esbuild');
  const outdir = 'node_modules/.cache/storefront-test-store-server';
  await build({
    entryPoints: ['src/server/index.ts', 'src/server/node.ts'],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  const { createSessionHandler } = await import(`./${outdir}/index.js`);
  const { sessionMiddleware } = await import(`./${outdir}/node.js`);
  const handler = createSessionHandler({
    baseUrl: service.baseUrl,
    clientId: 'storefront',
    keys: ['test-run-session-key-of-32-bytes-or-more'],
  });
  return sessionMiddleware(handler);
}

/** Counts tests for `npm test`'s closing line (web-test-runner's own summary shares its line with other text). */
function countingReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const counts = { passed: 0, failed: 0 };
      const walk = (suite) => {
        for (const test of suite?.tests ?? []) {
          if (test.skipped) continue;
          counts[test.passed ? 'passed' : 'failed'] += 1;
        }
        for (const child of suite?.suites ?? []) walk(child);
      };
      for (const session of sessions) {
        walk(session.testResults);
        // A file that failed to load or threw outside a test still fails the run.
        if (!session.passed && (session.errors?.length ?? 0) > 0) counts.failed += 1;
      }
      if (process.env.WTR_RESULTS_FILE) writeFileSync(process.env.WTR_RESULTS_FILE, JSON.stringify(counts));
    },
  };
}

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  testRunnerHtml: (testFramework) => `<!doctype html>
    <html>
      <body>
        <script>window.__STOREFRONT_TEST_SERVICE__ = ${JSON.stringify(service?.baseUrl ?? '')};</script>
        <script type="module" src="${testFramework}"></script>
      </body>
    </html>`,
  concurrency: 1,
  middleware: [
    (ctx, next) => {
      if (!ctx.path.startsWith('/storefront/') || !storeServer) return next();
      ctx.respond = false;
      return storeServer(ctx.req, ctx.res);
    },
  ],
  // Lit's development build announces itself in every file; that line is noise in test output.
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  testFramework: { config: { timeout: 10000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: chromiumLaunchOptions(),
    }),
  ],
  reporters: [defaultReporter(), countingReporter()],
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }), referenceServicePlugin()],
};
