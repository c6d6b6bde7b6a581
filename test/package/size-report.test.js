// `npm run size:report` against the files `npm run build` ships: its rows must add up to the real bundles.
// Needs `npm run build` first (npm test builds before it runs these).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUNDLER, sizeReport } from '../../scripts/size-report.mjs';

const TOLERANCE = 0.005; // half a percent of the file
const sum = (modules, key) => modules.reduce((total, module) => total + module[key], 0);

/** Each shipped file, the modules it must hold, and its chunks loaded on first use (chunks/<name>-<hash>.js) with theirs. */
const bundles = {
  'dist/storefront-elements.js': {
    entry: 'src/bundles/storefront-elements.ts',
    modules: [
      'src/elements/account-sign-in/account-sign-in.ts',
      'src/internal/sign-in-element.ts',
      'src/elements/account-picker/account-picker.ts',
      // what the catalog list and the account menu share
      'src/internal/row-heights.ts',
      // what the picker and the account menu share
      'src/internal/account-tree.ts',
      'lit-html/lit-html.js',
    ],
    chunks: {
      'sign-in-flow': ['src/auth/sign-in.ts', 'src/auth/end-session.ts', 'oauth4webapi/build/index.js'],
      'server-session': ['src/auth/server-session.ts'],
      'account-menu': ['src/elements/account-menu/account-menu.ts'],
      'catalog-list': [
        'src/elements/catalog-list/catalog-list.ts',
        'src/elements/catalog-list/row-template.ts',
        'src/api/first-records.ts',
        // only the list calls the catalog endpoints and follows the API's pages: off every other page
        'src/api/catalogs.ts',
        'src/api/pages.ts',
      ],
    },
  },
  'dist/storefront-operator.js': {
    entry: 'src/bundles/storefront-operator.ts',
    modules: ['lit-html/lit-html.js'],
    chunks: {},
  },
};

/** The report of one file adds up to the file as built: bytes, gzip, and the modules it must hold. */
function assertAddsUp(report, file, expected) {
  assert.ok(existsSync(file), `${file} is missing: run \`npm run build\` first`);
  const shipped = readFileSync(file);
  assert.equal(report.bytes, shipped.length, `the report measures ${file} as shipped`);
  const bytes = sum(report.modules, 'bytes');
  assert.ok(
    Math.abs(bytes - shipped.length) <= shipped.length * TOLERANCE,
    `modules sum to ${bytes} bytes, ${file} has ${shipped.length}`,
  );
  const gzip = gzipSync(shipped, { level: 9 }).length;
  assert.equal(report.gzip, gzip, `${file}: gzip`);
  const gzipSum = sum(report.modules, 'gzip');
  assert.ok(Math.abs(gzipSum - gzip) <= gzip * TOLERANCE, `gzip marginals sum to ${gzipSum}, ${file} to ${gzip}`);

  const byName = new Map(report.modules.map((module) => [module.module, module]));
  for (const name of expected) assert.ok(byName.get(name)?.bytes > 0, `${name} has bytes in ${file}`);
  const bundler = byName.get(BUNDLER)?.bytes ?? 0;
  // a chunk is small, and the list of what it imports from the bundle is written by the bundler
  assert.ok(bundler < Math.max(shipped.length * 0.02, 300), `${bundler} bytes of ${file} are not placed in any module`);
  for (const module of report.modules) {
    assert.ok(module.bytes >= 0 && module.gzip >= 0, `${module.module}: ${module.bytes} bytes, ${module.gzip} gzip`);
  }
}

for (const [file, { entry, modules: expected, chunks }] of Object.entries(bundles)) {
  test(`size:report's modules add up to ${file} as built, and to each of its chunks`, { timeout: 60000 }, async () => {
    const report = await sizeReport(entry);
    const core = report.file !== report.entry.file;
    assert.equal(report.entry.bytes, readFileSync(file).length, `the report measures ${file} as shipped`);
    // a file with chunks loaded on first use is one line over its core, chunks/<name>-<hash>.js, which holds the modules
    if (core) assert.match(report.file, /^chunks\/storefront-[a-z]+-[\w-]+\.js$/);
    assertAddsUp(report, `dist/${report.file}`, expected);

    const names = report.chunks.map((chunk) => chunk.file.replace(/^chunks\/(.+)-[\w-]{8}\.js$/, '$1'));
    assert.deepEqual(names.sort(), Object.keys(chunks).sort(), `the chunks of ${file}`);
    for (const chunk of report.chunks) {
      const name = chunk.file.replace(/^chunks\/(.+)-[\w-]{8}\.js$/, '$1');
      assertAddsUp(chunk, `dist/${chunk.file}`, chunks[name]);
    }
    const total = (key) => (core ? report.entry[key] : 0) + report[key] + sum(report.chunks, key);
    assert.equal(report.total.gzip, total('gzip'), 'the total is every file a page can load');
    assert.equal(report.total.bytes, total('bytes'));
  });
}

test('text of a template spread over many lines, and non-ASCII text, is counted', { timeout: 60000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-size-report-test-'));
  try {
    const entry = join(dir, 'entry.js');
    const lines = Array.from({ length: 200 }, (_, i) => `  Zeile ${i}: Größe über alles`).join('\n');
    writeFileSync(entry, `export const page = \`<p>\n${lines}\n</p>\`;\nexport const other = () => page.length;\n`);
    const report = await sizeReport(entry);
    const module = report.modules.find(({ module: name }) => name.endsWith('/entry.js'));
    assert.ok(module, JSON.stringify(report.modules));
    assert.ok(module.bytes >= Buffer.byteLength(lines), `the module has ${module.bytes} bytes`);
    assert.equal(sum(report.modules, 'bytes'), report.bytes);
    assert.equal(sum(report.modules, 'gzip'), report.gzip);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
