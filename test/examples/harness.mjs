// The example stores (examples/next, examples/astro, examples/vue, examples/sveltekit, examples/nuxt, examples/plain) as a store developer runs them: each installs
// its own dependencies from its lock file and the package from the tarball `npm pack` writes now (the lock files
// do not name it), builds, and serves on a free port; the shopper's journey runs in Chromium against the
// reference service and its identity provider. Needs `npm run build` first.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { pack } from '../../scripts/package-check.mjs';
import { startService } from '../../server/index.js';
import { logInAtIdentityProvider } from '../e2e/harness.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quietNpm = ['--no-audit', '--no-fund', '--loglevel=error'];
const root = fileURLToPath(new URL('../../', import.meta.url));

/** What the harness started or made, undone by `cleanUp` (a test file's `after`), the last first. */
const cleanups = [];
export async function cleanUp() {
  while (cleanups.length) await cleanups.pop()();
}

/** Installs the example's dependencies and the freshly packed package; returns the example's folder. */
export function installExample(name) {
  const dir = join(root, 'examples', name);
  const packed = mkdtempSync(join(tmpdir(), 'storefront-pack-'));
  cleanups.push(() => rmSync(packed, { recursive: true, force: true }));
  const tarball = pack(packed);
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  execFileSync(npm, ['install', ...quietNpm], { cwd: dir, stdio: 'inherit', env });
  // as a store adds a package, but leaving package.json and the lock file as they are in the repository
  execFileSync(npm, ['install', '--no-save', ...quietNpm, tarball], { cwd: dir, stdio: 'inherit', env });
  return dir;
}

/** A port no one listens on now. */
export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** Runs a command of the example to its end (a build); throws with its output when it fails. */
export function runIn(dir, command, args, env = {}) {
  execFileSync(command, args, {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
}

/** Starts the example's server (in a process group of its own, ended by `cleanUp`) and waits until `url` answers. */
export async function serve(dir, command, args, url, env = {}) {
  const child = spawn(command, args, {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  cleanups.push(() => {
    if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} ended:\n${output}`);
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.ok) return { output: () => output };
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time:\n${output}`);
    await new Promise((done) => setTimeout(done, 250)); // polling a server that is starting, not a test's wait
  }
}

/** The reference service and Chromium, for one test file. */
export async function startShopping() {
  const service = await startService({ port: 0, host: '127.0.0.1', quiet: true });
  const browser = await chromium.launch(chromiumLaunchOptions());
  cleanups.push(async () => {
    await browser.close();
    await service.close();
  });
  return { service, browser };
}

/**
 * An example store with a server of its own, as a store runs one: installed, built (`npm run build` with
 * `buildEnv`), and served on a free port beside the reference service and Chromium. `server` names the command that
 * serves the build, its arguments and its environment, given the store's port and address and the service's.
 */
export async function servedExample(name, { buildEnv = {}, server }) {
  const dir = installExample(name);
  const shop = await startShopping();
  runIn(dir, 'npm', ['run', 'build'], buildEnv);
  const port = await freePort();
  const storeUrl = `http://127.0.0.1:${port}/`;
  const { command, args, env } = server({ port, storeUrl, serviceUrl: shop.service.baseUrl });
  await serve(dir, command, args, storeUrl, env);
  return { shop, storeUrl };
}

/** The picker's choice of an account, whichever keyboard pattern (radio group, listbox) it uses. */
const accountChoice = (page, name) => page.getByRole('radio', { name }).or(page.getByRole('option', { name }));

/** The name of the catalog `name` in the list (built-in rows, or a store's own from its template). */
export const catalogNamed = (page, name) => page.locator('catalog-list').getByText(name, { exact: true });

/** The names the catalog list shows. */
export const catalogNames = (page) =>
  page.locator('catalog-list').locator('[part~=name], [data-field=name]').allTextContents();

/**
 * Ada's journey on a store page: she signs in through the identity provider's login page, the picker offers her
 * two accounts, she chooses one; the catalog list changes to what that account may view, and `shopperText` (the
 * store's own element, set by its handler) reads `expectedText`.
 */
export async function adaShops(page, { storeUrl, shopperText, expectedText }) {
  await page.goto(storeUrl);
  await catalogNamed(page, 'Everyday Essentials').waitFor();
  const signedOut = await catalogNames(page);
  await page.locator('account-sign-in').getByRole('button', { name: 'Sign in with Example ID' }).click();
  await page.waitForURL((url) => url.pathname.includes('/idp/'));
  await logInAtIdentityProvider(page, 'ada@example.com');
  await page.waitForURL((url) => url.href.startsWith(storeUrl));
  await accountChoice(page, 'Analytical Engines Ltd').waitFor();
  await accountChoice(page, 'Harvard Computation Lab').click();
  await catalogNamed(page, 'Harvard Lab Supplies').waitFor();
  await page.locator(shopperText).getByText(expectedText).waitFor();
  return { signedOut, signedIn: await catalogNames(page) };
}

/**
 * The test every example store passes: Ada's journey in a fresh browser profile, the list without and with her
 * account's catalog, the page's own text set by its handler, and no error on the page; `more` checks the page
 * further before it closes.
 */
export async function adaShopsWithoutError(browser, storeUrl, more = async () => {}) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const { signedOut, signedIn } = await adaShops(page, {
      storeUrl,
      shopperText: '#shopper',
      expectedText: 'Shopping for Harvard Computation Lab',
    });
    assert.ok(!signedOut.includes('Harvard Lab Supplies'), signedOut.join(', '));
    assert.ok(signedIn.includes('Harvard Lab Supplies'), signedIn.join(', '));
    await more(page);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

/**
 * Waits until the page's own element `selector` (set by its handlers) reads `expected`; fails saying what it reads
 * instead, `when`, and what the elements told the page (see `reloadsKeepPageState`).
 */
export async function ownText(page, selector, expected, when = '') {
  await page
    .waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent.trim() === text, [selector, expected], {
      timeout: 10_000,
    })
    .catch(() => {}); // the assertion below says what the page reads instead
  const told = await page.evaluate(() => window.__told?.join(', '));
  assert.equal(
    (await page.locator(selector).textContent()).trim(),
    expected,
    `${selector} ${when} (the elements told the page: ${told || 'nothing'})`.replace('  ', ' '),
  );
}

/**
 * A framework's page whose handlers are attached as it hydrates: Ada signs in and chooses Harvard, then the page is
 * reloaded twice, and each time the page's own texts (`#shopper`, `#member`, set by its `signed-in` and
 * `account-selected` handlers) follow the session the elements restore.
 */
export async function reloadsKeepPageState(browser, storeUrl) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // what the elements tell on each load, for a failure's message
    await page.addInitScript(() => {
      window.__told = [];
      for (const type of ['signed-in', 'account-selected', 'signed-out']) {
        document.addEventListener(type, (event) =>
          window.__told.push(`${type}${event.detail?.restored ? ' (restored)' : ''}`),
        );
      }
    });
    await adaShops(page, { storeUrl, shopperText: '#shopper', expectedText: 'Shopping for Harvard Computation Lab' });
    for (const reload of ['first', 'second']) {
      await page.reload();
      // the elements have the session back: the list shows the chosen account's catalogs
      await catalogNamed(page, 'Harvard Lab Supplies').waitFor();
      const when = `after the ${reload} reload`;
      await ownText(page, '#shopper', 'Shopping for Harvard Computation Lab', when);
      await ownText(page, '#member', 'Signed in as Ada Lovelace', when);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
