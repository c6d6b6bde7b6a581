import { writeFileSync } from 'node:fs';
import { defaultReporter } from '@web/test-runner';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumPath } from './scripts/chromium.mjs';

/**
 * The reference service every browser test talks to. It takes a free port (so several runs can share a
 * machine); the test page learns its address from a global set in testRunnerHtml.
 */
const TEST_SERVICE_PORT = Number(process.env.TEST_SERVICE_PORT ?? 0);

let service;
/** The DevTools session that holds a test page's default font size, by test session. */
const fontSizeSessions = new Map();

/** Starts the reference service beside the test server and lets tests drive it through commands. */
function referenceServicePlugin() {
  return {
    name: 'reference-service',
    async serverStart() {
      const { startService } = await import('./server/index.js');
      service = await startService({ port: TEST_SERVICE_PORT, host: '127.0.0.1', quiet: true });
    },
    async serverStop() {
      await service?.close();
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
      if (command === 'reset-service') {
        await service.reset();
        return true;
      }
      if (command === 'idp-sign-in') {
        // Logs in at the identity provider over HTTP, as a person would in the browser, and returns the
        // address the identity provider and the service send the browser back to.
        const { signInAtIdentityProvider } = await import('./test/support/idp-login.js');
        return signInAtIdentityProvider(payload.url, payload.login, payload.password ?? 'password');
      }
      return undefined;
    },
  };
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
  // Lit's development build announces itself in every file; that line is noise in test output.
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  testFramework: { config: { timeout: 10000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: chromiumPath(),
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
  reporters: [defaultReporter(), countingReporter()],
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }), referenceServicePlugin()],
};
