// What `npm publish` would ship: exactly the built library, its manifest, docs and typings, nothing else.
// Needs `npm run build` first (npm test runs it before these tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const output = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
});
const files = JSON.parse(output.slice(output.indexOf('[')))[0].files.map((file) => file.path.replace(/\\/g, '/'));

/** What may be in the package. */
const allowed = [
  /^dist\/.+\.js$/,
  /^dist\/.+\.d\.ts$/,
  /^dist\/vscode\.(html|css)-custom-data\.json$/,
  /^dist\/web-types\.json$/,
  /^dist\/host\.css$/,
  /^dist\/integrity\.json$/,
  /^docs\/(?!architecture)[a-z-]+\.md$/,
  /^CHANGELOG\.md$/,
  /^custom-elements\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^package\.json$/,
];

test('the package holds the built modules, types, bundles, manifest, editor data and docs', () => {
  for (const required of [
    'dist/index.js',
    'dist/index.d.ts',
    'dist/define.js',
    'dist/define.d.ts',
    'dist/define-operator.js',
    'dist/define-operator.d.ts',
    ...['account-sign-in', 'account-picker', 'catalog-list', 'account-members', 'account-memberships'].flatMap(
      (tag) => [`dist/elements/${tag}/define.js`, `dist/elements/${tag}/define.d.ts`],
    ),
    'dist/storefront-elements.js',
    'dist/storefront-operator.js',
    'dist/react.js',
    'dist/react.d.ts',
    'dist/jsx.d.ts',
    'dist/vue.d.ts',
    'dist/svelte.d.ts',
    'dist/vscode.html-custom-data.json',
    'dist/vscode.css-custom-data.json',
    'dist/web-types.json',
    'dist/host.css',
    'dist/host.css.d.ts',
    'dist/integrity.json',
    'custom-elements.json',
    'README.md',
    'CHANGELOG.md',
    'docs/elements.md',
    'docs/hosting.md',
    'LICENSE',
    'package.json',
  ]) {
    assert.ok(files.includes(required), `${required} is missing from npm pack (files: ${files.length})`);
  }
  const elementModules = files.filter((file) => /^dist\/elements\/[^/]+\/[^/]+\.js$/.test(file));
  const elementTypes = files.filter((file) => /^dist\/elements\/[^/]+\/[^/]+\.d\.ts$/.test(file));
  assert.ok(
    elementModules.length >= 5,
    `expected the elements' modules under dist/elements/, found ${elementModules.join(', ')}`,
  );
  assert.ok(
    elementTypes.length >= 5,
    `expected the elements' .d.ts under dist/elements/, found ${elementTypes.join(', ')}`,
  );
});

test('every file the self-contained files load (their parts, dist/chunks/) is in the package', () => {
  const loaded = new Set();
  const visit = (file) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    assert.ok(files.includes(file), `${file} is loaded by a shipped file but is not in the package`);
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport\(?)\s*["'](\.\.?\/[^"']+)["']/g)) {
      visit(posix.join(posix.dirname(file), specifier));
    }
  };
  visit('dist/storefront-elements.js');
  visit('dist/storefront-operator.js');
  assert.ok(
    [...loaded].some((file) => /^dist\/chunks\/sign-in-flow-[\w-]+\.js$/.test(file)),
    `the shopper file loads its sign-in part from dist/chunks/ (loaded: ${[...loaded].join(', ')})`,
  );
});

test("the files a page runs as it loads start with V8's compile hint; the parts loaded on first use do not", () => {
  const hint = '//# allFunctionsCalledOnLoad\n';
  const core = files.filter((file) => /^dist\/chunks\/storefront-elements-[\w-]+\.js$/.test(file));
  assert.equal(core.length, 1, `the shopper file's core: ${core.join(', ')}`);
  for (const file of [...core, 'dist/storefront-operator.js']) {
    assert.ok(readFileSync(file, 'utf8').startsWith(hint), `${file} starts without the hint`);
  }
  const parts = files.filter((file) => /^dist\/chunks\/(sign-in-flow|catalog-list)-[\w-]+\.js$/.test(file));
  assert.equal(parts.length, 2, `parts: ${parts.join(', ')}`);
  for (const file of parts) assert.ok(!readFileSync(file, 'utf8').includes(hint), `${file} carries the hint`);
});

test("no part imports a self-contained file: each imports its core by the core's own hashed address", () => {
  // a part that imported storefront-elements.js back would, on a page that loaded it as storefront-elements.js?v=1,
  // load a second copy of the elements
  const chunks = files.filter((file) => /^dist\/chunks\/.+\.js$/.test(file));
  assert.ok(chunks.length >= 2, `chunks: ${chunks.join(', ')}`);
  for (const chunk of chunks) {
    const code = readFileSync(chunk, 'utf8');
    assert.doesNotMatch(code, /["']\.\.\/storefront-[a-z]+\.js["']/, `${chunk} imports an entry file`);
  }
  const entry = readFileSync('dist/storefront-elements.js', 'utf8');
  const core = /from\s*"\.\/(chunks\/storefront-elements-[\w-]+\.js)"/.exec(entry)?.[1];
  assert.ok(core && files.includes(`dist/${core}`), `storefront-elements.js re-exports its core: ${entry}`);
  const flow = chunks.find((chunk) => /sign-in-flow-/.test(chunk));
  assert.match(
    readFileSync(flow, 'utf8'),
    new RegExp(`from\\s*"\\./${core.slice('chunks/'.length).replace(/[.-]/g, '\\$&')}"`),
  );
});

test('the package holds nothing else (no tests, demo, service, scripts, benchmarks, source maps)', () => {
  const unexpected = files.filter((file) => !allowed.some((pattern) => pattern.test(file)));
  assert.deepEqual(unexpected, [], `files that should not be published: ${unexpected.join(', ')}`);
  for (const folder of ['test/', 'demo/', 'server/', 'scripts/', 'bench/', 'src/']) {
    assert.ok(!files.some((file) => file.startsWith(folder)), `${folder} is in the package`);
  }
  assert.ok(!files.some((file) => file.endsWith('.map')), 'a source map is in the package');
});

test('no published file contains the fixture client secret', () => {
  // the docs show the reference service's local fixture credentials on purpose; no code may carry them
  const leaking = files.filter((file) => !file.endsWith('.md') && readFileSync(file, 'utf8').includes('admin-secret'));
  assert.deepEqual(leaking, [], `"admin-secret" appears in ${leaking.join(', ')}`);
});

test('package.json exports and "files" point at files that exist in the package', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const targets = [];
  const collect = (value) => {
    if (typeof value === 'string') targets.push(value.replace(/^\.\//, ''));
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(pkg.exports);
  collect(pkg.types);
  collect(pkg.main);
  collect(pkg.customElements);
  for (const target of targets) {
    // a pattern (`dist/locales/*.js`) must match at least one file
    const pattern = new RegExp(`^${target.replace(/[.]/g, '\\.').replace('*', '[^/]+')}$`);
    assert.ok(
      files.some((file) => pattern.test(file)),
      `package.json names ${target}, which is not in the package`,
    );
  }
  assert.equal(
    pkg.customElements,
    'custom-elements.json',
    'package.json "customElements" must be "custom-elements.json"',
  );
});
