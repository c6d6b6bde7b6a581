// The files a page loads by address from dist/ (the two self-contained files, every chunk they can import, every
// language file), each with its Subresource Integrity value and its size. `npm run build` writes
// dist/integrity.json from here and prints the sizes, so both come from the same build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export const ENTRIES = ['storefront-elements.js', 'storefront-operator.js'];

const STATIC_IMPORT = /\bfrom\s*["'](\.\.?\/[^"']+)["']/g;
const ANY_IMPORT = /(?:\bfrom|\bimport\(?)\s*["'](\.\.?\/[^"']+)["']/g;

/** `file` (relative to `dist`) and every file it imports by a relative address (`pattern`), in the order met. */
function reachable(file, dist, pattern) {
  const seen = [];
  const visit = (name) => {
    if (seen.includes(name)) return;
    seen.push(name);
    for (const [, specifier] of readFileSync(posix.join(dist, name), 'utf8').matchAll(pattern)) {
      visit(posix.normalize(posix.join(posix.dirname(name), specifier)));
    }
  };
  visit(file);
  return seen;
}

/** `file` and every file it can import, statically or with import(): all a page may load through it. */
export const filesLoadedBy = (file, dist = 'dist') => reachable(file, dist, ANY_IMPORT);

/** `file` and what it imports statically: what a page loads before the elements run. */
export const staticFiles = (file, dist = 'dist') => reachable(file, dist, STATIC_IMPORT);

/** The language files: dist/locales/<language>.js built from src/locales/<language>.ts. */
export function localeFiles(dist = 'dist') {
  if (!existsSync('src/locales')) return [];
  return readdirSync('src/locales')
    .filter((name) => name.endsWith('.ts') && name !== 'translation.ts')
    .map((name) => `locales/${name.replace(/\.ts$/, '.js')}`)
    .filter((name) => existsSync(posix.join(dist, name)));
}

/** Every file a page can load by address, each once. */
export function pageFiles(dist = 'dist') {
  const files = ENTRIES.flatMap((entry) => filesLoadedBy(entry, dist));
  return [...new Set([...files, ...localeFiles(dist).flatMap((file) => filesLoadedBy(file, dist))])];
}

export function sri(content) {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** { path: 'sha384-…' } for every file a page can load, sorted by path. */
export function integrity(dist = 'dist') {
  const files = pageFiles(dist).sort();
  return Object.fromEntries(files.map((file) => [file, sri(readFileSync(posix.join(dist, file)))]));
}

export function writeIntegrity(dist = 'dist') {
  const map = integrity(dist);
  writeFileSync(posix.join(dist, 'integrity.json'), `${JSON.stringify(map, null, 2)}\n`);
  return map;
}

/** Bytes and gzip bytes (level 9, as size-limit and the benchmarks count) of each file a page can load. */
export function sizes(dist = 'dist') {
  return pageFiles(dist).map((file) => {
    const content = readFileSync(posix.join(dist, file));
    return { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
}

export function printSizes(dist = 'dist') {
  const rows = sizes(dist);
  const width = Math.max(...rows.map((row) => row.file.length));
  console.log(`${'file (dist/)'.padEnd(width)}  ${'bytes'.padStart(7)}  ${'gzip'.padStart(7)}`);
  for (const { file, bytes, gzip } of rows) {
    console.log(`${file.padEnd(width)}  ${String(bytes).padStart(7)}  ${String(gzip).padStart(7)}`);
  }
  for (const entry of ENTRIES) {
    const loaded = filesLoadedBy(entry, dist);
    const onLoad = staticFiles(entry, dist);
    const sum = (names) => rows.filter((row) => names.includes(row.file)).reduce((total, row) => total + row.gzip, 0);
    console.log(
      `${entry}: ${sum(onLoad)} bytes gzip on every page (${onLoad.join(' + ')}); ` +
        `${sum(loaded)} with every chunk it can load`,
    );
  }
}
