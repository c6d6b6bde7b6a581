// `npm run cdn-snippet -- --base https://cdn.example.com/storefront-elements/1.2.3/`: the tags a page writes to load
// the self-contained files of this build from that address with Subresource Integrity: an import map whose
// `integrity` entries cover every chunk the file imports (its core, and those it loads on first use), then the
// `<script type="module" integrity>` tag. From dist/integrity.json (run `npm run build` first).
// Options: --base URL (where dist/ is served; default a placeholder), --operator (the operator file too),
// --locale de (a language file too; repeatable), --preload catalog-list (for a page that shows one: a
// `<link rel="modulepreload">` that fetches the chunk beside the file instead of after it; also `account-menu`, and
// `sign-in-flow` for a page where shoppers sign in; repeatable).
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { filesLoadedBy } from './integrity.mjs';

/** The snippet for the files `entries` (and `locales`, and the chunks of `preloads`) of dist/, served from `base`. */
export function cdnSnippet({ base, integrity, entries, locales = [], preloads = [], version, dist = 'dist' }) {
  const address = (file) => new URL(file, base).href;
  const chunks = [...new Set(entries.flatMap((entry) => filesLoadedBy(entry, dist).slice(1)))];
  const map = { integrity: Object.fromEntries(chunks.map((file) => [address(file), integrity[file]])) };
  const script = (file) => `<script type="module" src="${address(file)}" integrity="${integrity[file]}"></script>`;
  const preload = (file) => `<link rel="modulepreload" href="${address(file)}" integrity="${integrity[file]}">`;
  return [
    `<!-- storefront-elements ${version}: the import map first, before any module script of the page -->`,
    '<script type="importmap">',
    JSON.stringify(map, null, 2),
    '</script>',
    ...entries.map(script),
    ...locales.map((language) => script(`locales/${language}.js`)),
    ...preloads.map((element) => preload(chunkOf(element, chunks))),
  ].join('\n');
}

/** The chunk file of an element loaded on first use (`catalog-list`: `chunks/catalog-list-<hash>.js`). */
function chunkOf(element, chunks) {
  const file = chunks.find((candidate) => candidate.startsWith(`chunks/${element}-`));
  if (!file) throw new Error(`${element} is loaded with its file: it has no chunk of its own to preload.`);
  return file;
}

function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      operator: { type: 'boolean', default: false },
      locale: { type: 'string', multiple: true, default: [] },
      preload: { type: 'string', multiple: true, default: [] },
    },
  });
  if (!existsSync('dist/integrity.json')) {
    console.error('cdn-snippet: dist/integrity.json not found; run `npm run build` first.');
    return 1;
  }
  const { name, version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const base = values.base ?? `https://cdn.example.com/${name}/${version}/`;
  const integrity = JSON.parse(readFileSync('dist/integrity.json', 'utf8'));
  const entries = ['storefront-elements.js', ...(values.operator ? ['storefront-operator.js'] : [])];
  const missing = values.locale.filter((language) => !integrity[`locales/${language}.js`]);
  if (missing.length) {
    console.error(`cdn-snippet: no language file for ${missing.join(', ')} in dist/integrity.json.`);
    return 1;
  }
  try {
    const snippet = cdnSnippet({
      base: base.endsWith('/') ? base : `${base}/`,
      integrity,
      entries,
      locales: values.locale,
      preloads: values.preload,
      version,
    });
    console.log(snippet);
    return 0;
  } catch (error) {
    console.error(`cdn-snippet: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
