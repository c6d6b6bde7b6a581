// The README's recipe for a store's CI, run as written (the free port, the fixtures file and the test command put
// in), its output piped as a CI runner pipes it: it ends, with the tests' status, and leaves no service behind.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';

/** The shell block under "In your CI" of the service's README. */
function recipe() {
  const readme = readFileSync(new URL('../../server/README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## In your CI'));
  return /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Whether something answers on the port. */
const answers = (port) =>
  fetch(`http://127.0.0.1:${port}/health`).then(
    () => true,
    () => false,
  );

test(
  "the README's CI recipe ends with the tests' status, piped, and stops the service it started",
  { timeout: 60_000 },
  async () => {
    const port = await freePort();
    const script = recipe()
      .replaceAll('8787', String(port))
      .replace('test/store.fixtures.json', 'server/fixtures.default.json')
      // the store's tests: one request that the service answers
      .replace(/^npm run test:e2e.*$/m, `curl -sf http://localhost:${port}/health`);
    assert.match(script, /npx storefront-reference-service/);
    // as a CI step runs it: its output read through a pipe, which stays open while any process holds it
    const step = spawn('sh', ['-c', `(${script}) | cat`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    step.stdout.on('data', (chunk) => (output += chunk));
    step.stderr.on('data', (chunk) => (output += chunk));
    const status = await new Promise((resolve) => step.on('close', resolve));
    assert.equal(status, 0, output);
    // the service goes with the launcher npx ran it under (it stops within a moment of it)
    for (let waited = 0; (await answers(port)) && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(await answers(port), false, 'the service still answers');
  },
);

/** The Playwright `globalSetup` module of the README, as written. */
function playwrightSetup() {
  const readme = readFileSync(new URL('../../server/README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## In your CI'));
  return /```js\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

test("the README's Playwright globalSetup starts the service, names it in the environment, and its teardown stops it", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-playwright-setup-'));
  try {
    const module = playwrightSetup()
      // the package as the store installed it: here, its entry in this repository
      .replace("'storefront-reference-service'", JSON.stringify(new URL('../../server/index.js', import.meta.url).href))
      .replace(
        "'test/store.fixtures.json'",
        JSON.stringify(fileURLToPath(new URL('../../server/fixtures.default.json', import.meta.url))),
      );
    assert.match(module, /export default async function globalSetup/);
    const file = join(dir, 'reference-service.setup.mjs');
    writeFileSync(file, module);
    const { default: globalSetup } = await import(pathToFileURL(file).href);
    const teardown = await globalSetup();
    const { port } = new URL(process.env.STORE_API);
    assert.equal(await answers(port), true, 'the service does not answer at STORE_API');
    await teardown();
    assert.equal(await answers(port), false, 'the service still answers after the teardown');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.STORE_API;
  }
});
