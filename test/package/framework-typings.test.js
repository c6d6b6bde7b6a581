// The framework typings as a store's own checker reads them: the packed package installed into a new project
// beside Svelte 5 with svelte-check, Vue 3 with vue-tsc, and React 19's types with tsc, each turned on as
// docs/frameworks.md says. For each framework, markup written right checks clean, and every file holding one
// mistake is reported with that mistake. Needs `npm run build` first (npm test runs it before these tests).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pack } from '../../scripts/package-check.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ours = JSON.parse(readFileSync('package.json', 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'storefront-typings-'));
const project = join(work, 'store');

/** What the store installs beside the package: our own versions where we have the tool, else Svelte 5's. */
const devDependencies = {
  'svelte': '^5.57.3',
  'svelte-check': '^4.7.8',
  ...Object.fromEntries(
    ['typescript', 'vue', 'vue-tsc', '@types/react'].map((name) => [name, ours.devDependencies[name]]),
  ),
};

const compilerOptions = {
  target: 'es2022',
  module: 'esnext',
  moduleResolution: 'bundler',
  lib: ['es2022', 'dom', 'dom.iterable'],
  strict: true,
  noEmit: true,
  // the package's own .d.ts files are checked too: a generated typing that does not compile fails here
  skipLibCheck: false,
  types: [],
};

function write(path, text) {
  mkdirSync(dirname(join(project, path)), { recursive: true });
  writeFileSync(join(project, path), text);
}

/** Each mistake in a file of its own, so that what is reported for the file is about it. */
function writeMistakes(folder, mistakes, file) {
  for (const mistake of mistakes) write(`${folder}/src/${mistake.file}`, file(mistake.code));
}

function run(folder, bin, args) {
  const result = spawnSync(process.execPath, [join(project, 'node_modules', bin), ...args], {
    cwd: join(project, folder),
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return `${result.stdout}${result.stderr}`;
}

/** tsc's and vue-tsc's errors (`--pretty false`) by file: `file(line,col): error TSn: message` and its indented lines. */
function tscErrors(output) {
  const errors = [];
  for (const line of output.split('\n')) {
    const error = /^(.+?)\(\d+,\d+\): error TS\d+: (.*)$/.exec(line);
    if (error) errors.push({ file: error[1], message: error[2] });
    else if (/^\s/.test(line) && errors.length) errors.at(-1).message += ` ${line.trim()}`;
  }
  return errors;
}

/** svelte-check's errors (`--output machine`): `time ERROR "file" line:col "message"`, the message in JSON. */
function svelteCheckErrors(output) {
  const errors = output.matchAll(/^\d+ ERROR "(.+?)" \d+:\d+ ("(?:[^"\\]|\\.)*")$/gm);
  return [...errors].map(([, file, message]) => ({ file, message: JSON.parse(message) }));
}

/**
 * What went otherwise than expected: an error anywhere but in a file of a mistake (the right code, or our .d.ts
 * files themselves), and a mistake that nothing, or something else, was reported for.
 */
function surprises(errors, mistakes) {
  const isMistake = (error) => mistakes.some((mistake) => error.file.endsWith(mistake.file));
  const found = errors.filter((error) => !isMistake(error)).map((error) => `${error.file}: ${error.message}`);
  for (const mistake of mistakes) {
    const reported = errors.filter((error) => error.file.endsWith(mistake.file)).map((error) => error.message);
    if (!reported.some((message) => mistake.reported.test(message)))
      found.push(`${mistake.what} not reported (${mistake.file}: ${reported.join(' | ') || 'no error'})`);
  }
  return found;
}

before(() => {
  const tarball = pack(join(work, 'tarball'));
  write(
    'package.json',
    JSON.stringify({
      name: 'a-store',
      private: true,
      type: 'module',
      dependencies: { [ours.name]: `file:${tarball}` },
      devDependencies,
    }),
  );
  const install = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], {
    cwd: project,
    encoding: 'utf8',
  });
  assert.equal(install.status, 0, `npm install failed:\n${install.stderr}`);
});

after(() => rmSync(work, { recursive: true, force: true }));

const svelteMistakes = [
  {
    what: 'an attribute value its property does not take',
    code: '<account-sign-in mode="window"></account-sign-in>',
    reported: /'"window"' is not assignable/,
  },
  {
    what: 'a number attribute given a word',
    code: '<catalog-list page-size="many"></catalog-list>',
    reported: /'"many"' is not assignable/,
  },
  {
    what: 'a listener reading a detail its event does not have',
    code: '<account-picker onaccount-selected={(e) => e.detail.accountMemberId}></account-picker>',
    reported: /'accountMemberId' does not exist on type 'AccountSelectedDetail'/,
  },
  {
    what: "the same in Svelte 4's on: syntax",
    code: '<account-picker on:account-selected={(e) => e.detail.accountMemberId}></account-picker>',
    reported: /'accountMemberId' does not exist on type 'AccountSelectedDetail'/,
  },
  {
    what: 'a listener of an event the element does not fire',
    code: '<account-picker onsigned-in={() => {}}></account-picker>',
    reported: /'"onsigned-in"' does not exist in type/,
  },
  {
    what: 'a property given a value of another type',
    code: '<catalog-list renderItem={(catalog) => catalog.attributes.name}></catalog-list>',
    reported: /not assignable to type 'CatalogItemRenderer'/,
  },
].map((mistake, index) => ({ ...mistake, file: `Mistake${index}.svelte` }));

test('Svelte 5: svelte-check takes the tags as written and reports each mistake', () => {
  write('svelte/tsconfig.json', JSON.stringify({ compilerOptions, include: ['src'] }));
  // as docs/frameworks.md says: one line in a .d.ts of the app
  write('svelte/src/app.d.ts', '/// <reference types="storefront-elements/svelte" />\n');
  write(
    'svelte/src/Store.svelte',
    `<script lang="ts">
  import type { Catalog } from 'storefront-elements';

  let shopper = $state('Browsing as a guest');
  let member = $state('');
  const row = (catalog: Catalog) => document.createTextNode(catalog.attributes.name);
</script>

<account-sign-in
  base-url="http://localhost:8787"
  client-id="storefront"
  mode="popup"
  onsigned-in={(e) => (member = e.detail.accountMemberId)}
  onsigned-out={(e) => e.detail.reason === 'user' && (member = '')}
></account-sign-in>
<account-picker client-id="storefront" onaccount-selected={(e) => (shopper = e.detail.accountName)}></account-picker>
<catalog-list
  base-url="http://localhost:8787"
  client-id="storefront"
  page-size="50"
  renderItem={row}
  oncatalog-selected={(e) => e.currentTarget.catalogs.length + e.detail.catalog.id.length}
></catalog-list>
<catalog-list page-size={25} class="narrow"><template><strong data-field="name"></strong></template></catalog-list>
<p>{shopper} {member}</p>
`,
  );
  // Svelte 4's syntax, still read by Svelte 5 in a component without runes
  write(
    'svelte/src/Legacy.svelte',
    `<script lang="ts">
  let shopper = '';
</script>

<account-picker client-id="storefront" on:account-selected={(e) => (shopper = e.detail.accountName)}></account-picker>
<p>{shopper}</p>
`,
  );
  // a component passing its props on to a tag takes the tag's type from svelte/elements
  write(
    'svelte/src/Catalogs.svelte',
    `<script lang="ts">
  import type { SvelteHTMLElements } from 'svelte/elements';

  let props: SvelteHTMLElements['catalog-list'] = $props();
</script>

<catalog-list {...props}></catalog-list>
`,
  );
  writeMistakes('svelte', svelteMistakes, (code) => `<script lang="ts"></script>\n\n${code}\n`);
  const output = run('svelte', 'svelte-check/bin/svelte-check', [
    '--tsconfig',
    './tsconfig.json',
    '--output',
    'machine',
  ]);
  assert.match(output, /COMPLETED/, output);
  assert.deepEqual(surprises(svelteCheckErrors(output), svelteMistakes), []);
});

const vueMistakes = [
  {
    what: 'an attribute value its property does not take',
    code: '<account-sign-in mode="window" />',
    reported: /'"window"' is not assignable/,
  },
  {
    what: 'a number bound to a word',
    code: `<catalog-list :page-size="'many'" />`,
    reported: /'string' is not assignable to type 'number'/,
  },
  {
    what: 'a listener reading a detail its event does not have',
    code: '<account-picker @account-selected="(e) => e.detail.accountMemberId" />',
    reported: /'accountMemberId' does not exist on type 'AccountSelectedDetail'/,
  },
  {
    what: 'a property given a value of another type',
    code: `<catalog-list :render-item="(catalog) => catalog.attributes.name" />`,
    reported: /not assignable to type 'CatalogItemRenderer'/,
  },
  {
    // Vue passes an event it does not know on as a listener: its event is not typed, which strict mode reports
    what: 'a listener of an event the element does not fire',
    code: '<account-picker @signed-in="(e) => e.detail.accountMemberId" />',
    reported: /Parameter 'e' implicitly has an 'any' type/,
  },
].map((mistake, index) => ({ ...mistake, file: `Mistake${index}.vue` }));

test('Vue 3: vue-tsc takes the tags as written and reports each mistake', () => {
  write('vue/tsconfig.json', JSON.stringify({ compilerOptions, include: ['src/**/*.ts', 'src/**/*.vue'] }));
  write('vue/src/env.d.ts', '/// <reference types="storefront-elements/vue" />\n');
  // the base URL comes bound: vue-tsc 3.3 loses the type of a listener on a tag whose static attribute holds `//`
  write(
    'vue/src/Store.vue',
    `<script setup lang="ts">
import type { Catalog } from 'storefront-elements';
import { ref } from 'vue';

const baseUrl = 'http://localhost:8787';
const shopper = ref('Browsing as a guest');
const row = (catalog: Catalog) => document.createTextNode(catalog.attributes.name);
</script>

<template>
  <account-sign-in
    :base-url="baseUrl"
    client-id="storefront"
    mode="popup"
    @signed-in="(e) => (shopper = e.detail.accountMemberId)"
  />
  <account-picker client-id="storefront" @account-selected="(e) => (shopper = e.detail.accountName)" />
  <catalog-list
    :base-url="baseUrl"
    client-id="storefront"
    :page-size="50"
    :render-item="row"
    @catalog-selected="(e) => e.detail.catalog.id"
  />
  <p>{{ shopper }}</p>
</template>
`,
  );
  writeMistakes(
    'vue',
    vueMistakes,
    (code) => `<script setup lang="ts"></script>\n\n<template>\n  ${code}\n</template>\n`,
  );
  const output = run('vue', 'vue-tsc/bin/vue-tsc.js', ['-p', 'tsconfig.json', '--pretty', 'false']);
  assert.ok(tscErrors(output).length, output);
  assert.deepEqual(surprises(tscErrors(output), vueMistakes), []);
});

const jsxMistakes = [
  {
    what: 'an attribute value its property does not take',
    code: '<account-sign-in mode="window" />',
    reported: /'"window"' is not assignable/,
  },
  {
    what: 'a number attribute given a word',
    code: '<catalog-list page-size="many" />',
    reported: /'string' is not assignable to type 'number'/,
  },
  {
    what: 'a listener reading a detail its event does not have',
    code: '<account-picker onaccount-selected={(e) => e.detail.accountMemberId} />',
    reported: /'accountMemberId' does not exist on type 'AccountSelectedDetail'/,
  },
  {
    what: 'a property given a value of another type',
    code: '<catalog-list renderItem={(catalog) => catalog.attributes.name} />',
    reported: /not assignable to type 'CatalogItemRenderer'/,
  },
  {
    // TypeScript lets any attribute with a dash through: the listener's event is not typed, which strict reports
    what: 'a listener of an event the element does not fire',
    code: '<account-picker onsigned-in={(e) => e.detail.accountMemberId} />',
    reported: /Parameter 'e' implicitly has an 'any' type/,
  },
].map((mistake, index) => ({ ...mistake, file: `Mistake${index}.tsx` }));

test('React 19 JSX: tsc takes the tags as written and reports each mistake', () => {
  write(
    'react/tsconfig.json',
    JSON.stringify({ compilerOptions: { ...compilerOptions, jsx: 'react-jsx' }, include: ['src'] }),
  );
  write(
    'react/src/Store.tsx',
    `import type {} from 'storefront-elements/jsx';
import type { Catalog } from 'storefront-elements';
import { useState } from 'react';

const row = (catalog: Catalog) => document.createTextNode(catalog.attributes.name);

export function Store() {
  const [shopper, setShopper] = useState('Browsing as a guest');
  return (
    <>
      <account-sign-in
        base-url="http://localhost:8787"
        client-id="storefront"
        mode="popup"
        onsigned-in={(e) => setShopper(e.detail.accountMemberId)}
      />
      <account-picker client-id="storefront" onaccount-selected={(e) => setShopper(e.detail.accountName)} />
      <catalog-list
        base-url="http://localhost:8787"
        client-id="storefront"
        page-size={50}
        renderItem={row}
        oncatalog-selected={(e) => e.detail.catalog.id}
      />
      <p>{shopper}</p>
    </>
  );
}
`,
  );
  writeMistakes(
    'react',
    jsxMistakes,
    (code) => `import type {} from 'storefront-elements/jsx';\n\nexport const mistake = ${code};\n`,
  );
  const output = run('react', 'typescript/bin/tsc', ['-p', 'tsconfig.json', '--pretty', 'false']);
  assert.ok(tscErrors(output).length, output);
  assert.deepEqual(surprises(tscErrors(output), jsxMistakes), []);
});
