// `npm run build`: ESM modules with types, the custom elements manifest, and two self-contained bundles.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { buildBundle, buildModules, SELF_CONTAINED } from './bundle.mjs';
import { printSizes, writeIntegrity } from './integrity.mjs';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

rmSync('dist', { recursive: true, force: true });

// 1. dist/**/*.js + .d.ts, one module per source file, for bundlers and TypeScript users: the entry points and
//    every module they reach; tsc writes the declarations.
const elements = readdirSync('src/elements')
  .map((tag) => `src/elements/${tag}/define.ts`)
  .filter((entry) => existsSync(entry));
await buildModules({
  entries: [
    'src/index.ts',
    'src/define.ts',
    'src/define-operator.ts',
    'src/react.ts',
    ...elements,
    // the store's server side (no DOM): the session handler and its adapters
    'src/server/index.ts',
    'src/server/node.ts',
    'src/server/next.ts',
    'src/server/redis.ts',
  ],
  outDir: 'dist',
});
run('npx', ['tsc', '-p', 'tsconfig.build.json', '--emitDeclarationOnly']);

// 2. Self-contained files for a plain <script type="module">: lit included, fully minified. One with chunks loaded on
//    first use is a one-line entry over its core, chunks/<name>-<hash>.js, which those chunks import by that plain
//    address (see bundle.mjs).
for (const [name, { entry, core }] of Object.entries(SELF_CONTAINED)) {
  await buildBundle({ entry, outDir: 'dist', fileName: `${name}.js`, logLevel: 'warn', core });
}

// 3. dist/locales/<language>.js, one self-contained file per language module of src/locales/: the same file serves
//    `import 'storefront-elements/locales/de.js'` and a <script type="module"> beside the bundles.
for (const file of readdirSync('src/locales').filter((name) => name !== 'translation.ts')) {
  const language = file.replace(/\.ts$/, '');
  await buildBundle({
    entry: `src/locales/${file}`,
    outDir: 'dist/locales',
    fileName: `${language}.js`,
    logLevel: 'warn',
  });
}

// 4. dist/host.css: the elements' space before their script runs, for a page's <head>.
copyFileSync('src/host.css', 'dist/host.css');
// its types: nothing, so that `import 'storefront-elements/host.css'` type-checks and the package's checkers (attw)
// resolve every entry as a store's TypeScript does
writeFileSync(
  'dist/host.css.d.ts',
  "// A style sheet: importing it adds the elements' space to the page, and exports nothing.\nexport {};\n",
);

// 5. custom-elements.json from the elements' JSDoc, and from it the editor and framework data in dist/ (VS Code,
//    JetBrains web-types, JSX, Vue and Svelte typings; scripts/editor-data.mjs).
run('npx', [
  'custom-elements-manifest',
  'analyze',
  '--litelement',
  '--globs',
  'src/**/*.ts',
  '--exclude',
  'src/**/*.styles.ts',
  '--exclude',
  'src/bundles/**',
]);

// 6. dist/integrity.json: the Subresource Integrity value of each file a page loads by address, and their sizes,
//    from this build.
const files = Object.keys(writeIntegrity('dist'));
console.log(`integrity: wrote dist/integrity.json (${files.length} files)`);
printSizes('dist');
console.log('built dist/ and custom-elements.json');
