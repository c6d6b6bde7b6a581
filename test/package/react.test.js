// The React typings compile against @types/react 19 and the built .d.ts (the components of
// `storefront-elements/react` and the generated JSX typings of `storefront-elements/jsx`), and catch the mistakes
// marked @ts-expect-error in react-usage.tsx. Needs `npm run build` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

test('a React 19 app using storefront-elements/react and /jsx type-checks, and its mistakes do not', () => {
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'test/package/tsconfig.react.json'], { encoding: 'utf8' });
  assert.equal(result.status, 0, `tsc failed:\n${result.stdout}${result.stderr}`);
});
