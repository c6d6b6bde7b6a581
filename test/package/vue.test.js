// The generated Vue typings (`storefront-elements/vue`: GlobalComponents) make vue-tsc check a template's
// attributes and handlers: vue-usage.vue compiles, and its mistakes marked @vue-expect-error are caught.
// Needs `npm run build` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

test('a Vue 3 template using the elements type-checks with vue-tsc, and its mistakes do not', () => {
  const vueTsc = require.resolve('vue-tsc/bin/vue-tsc.js');
  const result = spawnSync(process.execPath, [vueTsc, '-p', 'test/package/tsconfig.vue.json'], { encoding: 'utf8' });
  assert.equal(result.status, 0, `vue-tsc failed:\n${result.stdout}${result.stderr}`);
});
