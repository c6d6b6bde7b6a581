// Every JavaScript entry of the packed package, imported on a server: the oldest Node the package claims (its
// `engines`, whatever Node the repository itself runs on), with no DOM and no shim the store adds.
// Each must load without throwing and do nothing there: register no element, touch no storage, start no observer
// or channel, and leave the global object as lit's own server build leaves it. The package is installed from the
// tarball `npm pack` writes, beside the project's own dependencies. Needs `npm run build` first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pack } from '../../scripts/package-check.mjs';

const TAGS = ['account-sign-in', 'account-picker', 'catalog-list', 'account-members', 'account-memberships'];
/** What lit itself puts on the global object: its versions, its decorators' metadata, its server build's registry. */
const LIT_GLOBALS = [
  'litHtmlVersions',
  'litElementVersions',
  'reactiveElementVersions',
  'litPropertyMetadata',
  'litServerRoot',
  'customElements',
];
/**
 * A language module's one deed is adding its texts to the languages' registry (data, shared by every copy of the
 * package on the global object); on a server that is all it does.
 */
const LANGUAGES = 'Symbol(storefront-elements)';

const store = mkdtempSync(join(tmpdir(), 'storefront-server-import-'));
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
let installed;
/** The `node` of the oldest version the package claims, from the registry's Node package for this platform. */
let oldestNode;

/** `engines.node` as `>=20.19` names its oldest version, in full: `20.19.0`. */
function oldestClaimed() {
  const claimed = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(pkg.engines.node)?.[1];
  assert.ok(claimed, `engines.node is a lower bound: ${pkg.engines.node}`);
  return [...claimed.split('.'), '0', '0'].slice(0, 3).join('.');
}

/** That Node's binary: npm fetches the registry's per-platform package once, into its own cache. */
function fetchNode(version) {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const result = spawnSync(
    'npm',
    ['exec', '--yes', `--package=node-${platform}-${process.arch}@${version}`, '--', 'node', '-p', 'process.execPath'],
    { cwd: tmpdir(), encoding: 'utf8', shell: process.platform === 'win32' },
  );
  assert.equal(result.status, 0, `Node ${version} from the registry:\n${result.stderr}`);
  return result.stdout.trim().split('\n').pop();
}

before(() => {
  oldestNode = fetchNode(oldestClaimed());
  // the store's node_modules: the package from its tarball, its dependencies (and React) from ours
  const tarball = pack(join(store, 'tarball'));
  const modules = join(store, 'node_modules');
  installed = join(modules, pkg.name);
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  for (const name of readdirSync('node_modules')) {
    if (name !== pkg.name && !name.startsWith('.')) symlinkSync(resolve('node_modules', name), join(modules, name));
  }
});

after(() => rmSync(store, { recursive: true, force: true }));

/** The package's JavaScript entries by their import name (a `*` pattern once per file it matches). */
function javascriptEntries() {
  const names = [];
  for (const [key, target] of Object.entries(pkg.exports)) {
    const file = typeof target === 'string' ? target : target.default;
    if (!file?.endsWith('.js')) continue;
    if (!key.includes('*')) {
      names.push(`${pkg.name}/${key.slice(2)}`.replace(/\/$/, ''));
      continue;
    }
    const [dir, suffix] = file.replace(/^\.\//, '').split('*');
    for (const found of readdirSync(join(installed, dir)).filter((name) => name.endsWith(suffix))) {
      names.push(`${pkg.name}/${key.slice(2).replace('*', found.slice(0, -suffix.length))}`);
    }
  }
  return names;
}

/** Imports `entry` in a fresh Node (after `prelude`, a server's own set-up) and reports what it left behind. */
function importOnServer(entry, prelude = '') {
  const probe = `
    ${prelude}
    const before = new Set(Reflect.ownKeys(globalThis));
    const module = await import(${JSON.stringify(entry)});
    const added = Reflect.ownKeys(globalThis).filter((key) => !before.has(key)).map(String);
    const registry = globalThis.customElements;
    const registered = ${JSON.stringify(TAGS)}.filter((tag) => registry?.get(tag));
    // anything our code starts on a server (a timer, a channel) would keep this process alive: it must end now
    console.log(JSON.stringify({ exports: Object.keys(module), added, registered }));
  `;
  return spawnSync(oldestNode, ['--input-type=module', '-e', probe], {
    cwd: store,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test('the imports are checked on the oldest Node the package claims', () => {
  const version = spawnSync(oldestNode, ['--version'], { encoding: 'utf8' }).stdout.trim();
  assert.equal(version, `v${oldestClaimed()}`);
});

test('the package has a JavaScript entry for each name it exports, and every file pattern matches', () => {
  const entries = javascriptEntries();
  for (const expected of ['', '/define', '/define-operator', '/react', '/storefront-elements.js', '/locales/de.js'])
    assert.ok(entries.includes(`${pkg.name}${expected}`), `${pkg.name}${expected} in ${entries.join(', ')}`);
  assert.ok(entries.length >= 13, entries.join(', '));
});

test('every JavaScript entry imports in Node without a DOM, registers nothing and leaves no trace', async (t) => {
  for (const entry of javascriptEntries()) {
    await t.test(entry, () => {
      const result = importOnServer(entry);
      assert.equal(result.status, 0, `import('${entry}') failed:\n${result.stderr}`);
      const { exports, added, registered } = JSON.parse(result.stdout.trim().split('\n').pop());
      assert.deepEqual(registered, [], `${entry} registered elements on the server`);
      // docs/frameworks.md names what each kind of entry leaves: the store's server side, nothing
      const allowed = entry.includes('/server')
        ? []
        : entry.includes('/locales/')
          ? [...LIT_GLOBALS, LANGUAGES]
          : LIT_GLOBALS;
      const unexpected = added.filter((key) => !allowed.includes(key));
      assert.deepEqual(unexpected, [], `${entry} added globals: ${unexpected.join(', ')}`);
      if (entry.endsWith('/react')) assert.ok(exports.includes('AccountSignIn'), exports.join(', '));
    });
  }
});

test('the self-contained files import where a partial DOM shim has ShadowRoot and Document but no CSSStyleSheet', () => {
  const shim =
    'globalThis.ShadowRoot = class {}; globalThis.Document = class {}; Document.prototype.adoptedStyleSheets = [];';
  for (const entry of [`${pkg.name}/storefront-elements.js`, `${pkg.name}/storefront-operator.js`]) {
    const result = importOnServer(entry, shim);
    assert.equal(result.status, 0, `import('${entry}') failed:\n${result.stderr}`);
  }
});

test('the check finds a trace where there is one: a module that registers on import fails it', () => {
  // a store's module with the mistake this test is for: customElements.define at module scope, on a server
  const file = join(store, 'registers.mjs');
  writeFileSync(file, `import 'lit'; customElements.define('account-sign-in', class {});`);
  const result = importOnServer(file);
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout.trim()).registered, ['account-sign-in']);
});
