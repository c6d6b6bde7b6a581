// dist/integrity.json and `npm run cdn-snippet` against the files `npm run build` wrote.
// Needs `npm run build` first (npm test runs it before these tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

const integrity = JSON.parse(readFileSync('dist/integrity.json', 'utf8'));

test('dist/integrity.json holds the sha384 of both self-contained files, every chunk and every language file', () => {
  const expected = [
    'storefront-elements.js',
    'storefront-operator.js',
    ...readdirSync('dist/chunks').map((name) => `chunks/${name}`),
    ...readdirSync('src/locales')
      .filter((name) => name !== 'translation.ts')
      .map((name) => `locales/${name.replace(/\.ts$/, '.js')}`),
  ].sort();
  assert.deepEqual(Object.keys(integrity).sort(), expected);
  for (const [file, value] of Object.entries(integrity)) {
    const digest = createHash('sha384')
      .update(readFileSync(`dist/${file}`))
      .digest('base64');
    assert.equal(value, `sha384-${digest}`, file);
  }
});

test('npm run cdn-snippet: an import map with integrity for every chunk, then the script tag with its own', () => {
  const base = 'https://cdn.test/storefront-elements/9.9.9/';
  const result = spawnSync(
    process.execPath,
    ['scripts/cdn-snippet.mjs', '--base', base, '--locale', 'de', '--preload', 'catalog-list'],
    { encoding: 'utf8' },
  );
  assert.equal(result.status, 0, result.stderr);
  const snippet = result.stdout;
  const map = JSON.parse(/<script type="importmap">\n([\s\S]*?)\n<\/script>/.exec(snippet)?.[1] ?? 'null');
  const chunks = Object.keys(integrity).filter((file) =>
    /^chunks\/(storefront-elements|sign-in-flow|server-session|catalog-list|account-menu)-/.test(file),
  );
  assert.deepEqual(
    map.integrity,
    Object.fromEntries(chunks.map((file) => [`${base}${file}`, integrity[file]]).sort()),
    'the import map covers what storefront-elements.js imports, and nothing else',
  );
  assert.ok(snippet.indexOf('importmap') < snippet.indexOf('<script type="module"'), 'the import map comes first');
  for (const file of ['storefront-elements.js', 'locales/de.js']) {
    assert.ok(
      snippet.includes(`<script type="module" src="${base}${file}" integrity="${integrity[file]}"></script>`),
      `${file}'s tag in:\n${snippet}`,
    );
  }
  // a catalog page fetches the list's chunk beside the file, checked against the same value
  const catalogChunk = chunks.find((file) => file.startsWith('chunks/catalog-list-'));
  assert.ok(
    snippet.includes(`<link rel="modulepreload" href="${base}${catalogChunk}" integrity="${integrity[catalogChunk]}">`),
    snippet,
  );
  const unknown = spawnSync(process.execPath, ['scripts/cdn-snippet.mjs', '--locale', 'xx'], { encoding: 'utf8' });
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /no language file for xx/);
  const eager = spawnSync(process.execPath, ['scripts/cdn-snippet.mjs', '--preload', 'account-picker'], {
    encoding: 'utf8',
  });
  assert.equal(eager.status, 1);
  assert.match(eager.stderr, /account-picker is loaded with its file/);
  // a page where shoppers sign in may fetch the sign-in flow beside the file too
  const signInPage = spawnSync(
    process.execPath,
    ['scripts/cdn-snippet.mjs', '--base', base, '--preload', 'sign-in-flow'],
    {
      encoding: 'utf8',
    },
  );
  const flow = chunks.find((file) => file.startsWith('chunks/sign-in-flow-'));
  assert.ok(
    signInPage.stdout.includes(`<link rel="modulepreload" href="${base}${flow}" integrity="${integrity[flow]}">`),
  );
});
