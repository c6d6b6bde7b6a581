// Bundle size: our self-contained files beside auth0-spa-js and oidc-client-ts, built the same way in the
// same run (Vite library mode, ES2022, fully minified, every dependency included), gzip level 9.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { buildBundle } from '../scripts/bundle.mjs';

const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1000;

/** What a sign-in page imports from each library: enough to start a PKCE redirect and handle the callback. */
const competitors = {
  'auth0-spa-js': `export { createAuth0Client } from '@auth0/auth0-spa-js';`,
  'oidc-client-ts': `export { UserManager } from 'oidc-client-ts';`,
};

const packageOf = { 'auth0-spa-js': '@auth0/auth0-spa-js', 'oidc-client-ts': 'oidc-client-ts' };

async function bundle(name, source, dir) {
  const entry = join(dir, `${name}.entry.js`);
  writeFileSync(entry, source);
  await buildBundle({ entry, outDir: dir, fileName: `${name}.js` });
  return join(dir, `${name}.js`);
}

export async function benchSize() {
  if (!existsSync('dist/storefront-elements.js')) throw new Error('Run `npm run build` first: dist/ is missing.');
  // Inside the project, so the entries resolve the competitors from node_modules.
  mkdirSync('node_modules/.cache', { recursive: true });
  const dir = mkdtempSync(join('node_modules/.cache', 'storefront-size-'));
  // each self-contained file is a one-line entry over its core, chunks/<name>-<hash>.js: together what a page loads
  const chunks = readdirSync('dist/chunks');
  const withCore = (name) =>
    chunks
      .filter((chunk) => chunk.startsWith(`${name}-`))
      .reduce((sum, chunk) => sum + gzipKb(`dist/chunks/${chunk}`), gzipKb(`dist/${name}.js`));
  const shopper = withCore('storefront-elements');
  const loadedLater = chunks
    .filter((name) => !/^storefront-(elements|operator)-/.test(name))
    .map((name) => gzipKb(`dist/chunks/${name}`));
  const catalogList = chunks
    .filter((name) => name.startsWith('catalog-list-'))
    .map((name) => gzipKb(`dist/chunks/${name}`));
  const rows = [
    {
      name: 'storefront-elements.js and its core chunk (sign-in and picker + lit), what every page loads',
      value: shopper,
      unit: 'kB gzip',
    },
    {
      name: "with the catalog list's chunk, what a page that shows a <catalog-list> loads",
      value: catalogList.reduce((sum, size) => sum + size, shopper),
      unit: 'kB gzip',
    },
    {
      name: 'its chunks (dist/chunks/) loaded when a page first needs them: sign-in flow, catalog list',
      value: loadedLater.reduce((sum, size) => sum + size, 0),
      unit: 'kB gzip',
    },
    {
      name: 'every file a shopper page can load (the core and its chunks)',
      value: loadedLater.reduce((sum, size) => sum + size, shopper),
      unit: 'kB gzip',
    },
    {
      name: 'storefront-operator.js (2 operator elements + lit)',
      value: gzipKb('dist/storefront-operator.js'),
      unit: 'kB gzip',
    },
  ];
  for (const [name, source] of Object.entries(competitors)) {
    const file = await bundle(name, source, dir);
    const { version } = JSON.parse(readFileSync(`node_modules/${packageOf[name]}/package.json`, 'utf8'));
    rows.push({
      name: `${name} ${version} (sign-in only, no UI)`,
      value: gzipKb(file),
      unit: 'kB gzip',
      note: 'same bundler and settings',
    });
  }
  return rows.map((row) => ({ ...row, value: Math.round(row.value * 10) / 10 }));
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await benchSize());
}
