// The first start of the demo (`npm start`): Vite's dependency scan must find the demo pages and pre-bundle what
// they import, without a warning or an error on the screen a new user reads first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createServer } from 'vite';

test('a first start scans the demo pages and logs no warning or error', { timeout: 60000 }, async () => {
  // an empty cache, as on a new user's machine: with a cache from an earlier start Vite skips the scan
  const cacheDir = mkdtempSync(join(tmpdir(), 'storefront-demo-start-'));
  const logger = createLogger('info');
  const complaints = [];
  logger.warn = (message) => complaints.push(message);
  logger.warnOnce = (message) => complaints.push(message);
  logger.error = (message) => complaints.push(message);
  logger.info = () => {};
  const demo = await createServer({
    configFile: 'vite.config.ts',
    cacheDir,
    customLogger: logger,
    server: { port: 0, strictPort: false },
  });
  try {
    await demo.listen();
    const optimizer = demo.environments.client.depsOptimizer;
    await optimizer.scanProcessing;
    assert.deepEqual(complaints, []);
    const found = Object.keys({ ...optimizer.metadata.discovered, ...optimizer.metadata.optimized });
    for (const dependency of ['lit', 'oauth4webapi']) {
      assert.ok(found.includes(dependency), `the scan found ${found.join(', ') || 'nothing'}`);
    }
  } finally {
    await demo.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
});
