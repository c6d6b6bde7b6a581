// types/react.d.ts compiles against @types/react 19 and the built .d.ts, and catches the mistakes
// marked @ts-expect-error in react-usage.tsx. Needs `npm run build` first (the typings import dist/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

test('a React 19 app using storefront-elements/react type-checks (tsc --noEmit, jsx: react-jsx)', () => {
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'test/package/tsconfig.react.json'], { encoding: 'utf8' });
  assert.equal(result.status, 0, `tsc failed:\n${result.stdout}${result.stderr}`);
});
