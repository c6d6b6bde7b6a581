// `npm run size:report [-- src/bundles/<name>.ts] [--json]`: each module's share of a self-contained bundle, and of
// each chunk (chunks/*.js) it loads when a page first needs it.
//
// Builds the bundle with scripts/bundle.mjs, as `npm run build` ships it (same plugins, same minifier, same file
// names, which the chunks' imports of the bundle name), in memory. Each file is counted on its own, as a browser
// fetches it.
// The bundler's module info says which modules the chunk holds and how long each one was after tree-shaking, but
// rolldown minifies the chunk as a whole after that, so those lengths are not the shipped bytes. Where each
// shipped byte came from is in the chunk's own source map: every byte belongs to the module of the nearest
// mapping before it, across line breaks too (template text keeps its newlines), and bytes the bundler wrote
// itself are counted as such. So the rows add up to the file, byte for byte.
//
// gzip is not additive, so each module's gzip figure is its marginal: what its bytes add to the gzip size of the
// modules before it in the file (level 9, as the size budget measures). That column, too, sums to the file's size.
import { decode } from '@jridgewell/sourcemap-codec';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildBundle, SELF_CONTAINED } from './bundle.mjs';

/** Rows for bytes that no source module produced. */
export const BUNDLER = '(written by the bundler)';
export const GZIP_FRAME = '(gzip header and trailer)';

const gzipBytes = (text) => gzipSync(text, { level: 9 }).length;

/** The module name a reader knows: a path in this project, or the package path inside node_modules. */
function displayName(id) {
  const path = relative(process.cwd(), id);
  return path.replace(/^(?:.*\/)?node_modules\//, '');
}

/**
 * Splits the code into pieces, each with the index of the source that produced it (-1: the bundler), in file order.
 * Source map columns count UTF-16 units, which is what string slicing counts too.
 */
function piecesBySource(code, mappings) {
  const lines = code.split('\n');
  const pieces = [];
  let owner = -1;
  const add = (text) => {
    const last = pieces.at(-1);
    if (last && last.source === owner) last.text += text;
    else if (text) pieces.push({ source: owner, text });
  };
  lines.forEach((line, index) => {
    let column = 0;
    for (const segment of mappings[index] ?? []) {
      add(line.slice(column, segment[0]));
      column = segment[0];
      owner = segment.length > 1 ? segment[1] : -1;
    }
    add(line.slice(column) + (index < lines.length - 1 ? '\n' : ''));
  });
  return pieces;
}

/**
 * Each module's share of one output file (the bundle, or a chunk): its bytes placed by the file's source map, and
 * the gzip marginals in file order.
 * @returns {{ file: string, bytes: number, gzip: number, rendered: number, modules: Array<{ module: string,
 *   bytes: number, gzip: number, rendered: number | undefined }> }} bytes are UTF-8 bytes of the shipped file
 */
function fileReport({ fileName, code, map, modules: info }, outDir) {
  const pieces = piecesBySource(code, decode(map.mappings));
  const ids = map.sources.map((source) => resolve(outDir, dirname(fileName), map.sourceRoot ?? '', source));

  const rows = new Map();
  for (const { source, text } of pieces) {
    const name = source < 0 ? BUNDLER : displayName(ids[source]);
    const row = rows.get(name) ?? { module: name, bytes: 0, gzip: 0, rendered: info[ids[source]]?.renderedLength };
    row.bytes += Buffer.byteLength(text);
    rows.set(name, row);
  }
  // modules the chunk holds that left no byte in the file (re-export only, or fully removed by the minifier)
  for (const [id, { renderedLength }] of Object.entries(info)) {
    const name = displayName(id);
    if (!rows.has(name)) rows.set(name, { module: name, bytes: 0, gzip: 0, rendered: renderedLength });
  }

  // gzip marginals in file order: each row's first byte decides its place
  const order = [...rows.keys()];
  const included = new Set();
  let previous = gzipBytes('');
  for (const name of order) {
    included.add(name);
    const prefix = pieces
      .filter(({ source }) => included.has(source < 0 ? BUNDLER : displayName(ids[source])))
      .map(({ text }) => text)
      .join('');
    const size = gzipBytes(prefix);
    rows.get(name).gzip = size - previous;
    previous = size;
  }

  const list = [...rows.values()].map(({ module, bytes, gzip, rendered }) => ({ module, bytes, gzip, rendered }));
  list.push({ module: GZIP_FRAME, bytes: 0, gzip: gzipBytes(''), rendered: undefined });
  return {
    file: fileName,
    bytes: Buffer.byteLength(code),
    gzip: gzipBytes(code),
    rendered: Object.values(info).reduce((sum, { renderedLength }) => sum + renderedLength, 0),
    modules: list.sort((a, b) => b.bytes - a.bytes || b.gzip - a.gzip),
  };
}

/**
 * @param {string} entry the bundle's entry module, e.g. `src/bundles/storefront-elements.ts`
 * @returns {Promise<ReturnType<typeof fileReport> & { chunks: Array<ReturnType<typeof fileReport>>,
 *   total: { bytes: number, gzip: number } }>} the bundle's own file (what every page loads), each chunk (a file
 *   under chunks/ that a page loads when it first needs it), and the total of every file a page can load
 */
export async function sizeReport(entry, { core = shippedWithCore(entry) } = {}) {
  const outDir = resolve('dist');
  const fileName = `${basename(entry, extname(entry))}.js`;
  const [entryChunk, ...built] = await buildBundle({
    entry,
    outDir,
    fileName,
    sourcemap: 'hidden',
    write: false,
    core,
  });
  // the entry file is one line over its core (chunks/<name>-<hash>.js): together, what every page loads
  const main = built.find((chunk) => entryChunk.imports.includes(chunk.fileName)) ?? entryChunk;
  // the chunks loaded when a page first needs them
  const chunks = built.filter((chunk) => chunk !== main).map((chunk) => fileReport(chunk, outDir));
  const entryFile = { file: entryChunk.fileName, bytes: Buffer.byteLength(entryChunk.code), gzip: 0 };
  entryFile.gzip = gzipBytes(entryChunk.code);
  const files = [fileReport(main, outDir), ...chunks, ...(main === entryChunk ? [] : [entryFile])];
  const sum = (key) => files.reduce((total, file) => total + file[key], 0);
  return { ...files[0], entry: entryFile, chunks, total: { bytes: sum('bytes'), gzip: sum('gzip') } };
}

/** Whether `npm run build` ships this entry's file over a core (any other entry is reported that way too). */
function shippedWithCore(entry) {
  const shipped = Object.values(SELF_CONTAINED).find((file) => resolve(file.entry) === resolve(entry));
  return shipped?.core ?? true;
}

/** The group a row belongs to: this package's own modules, an npm package, or the bundler's and gzip's bytes. */
function packageOf(module) {
  if (module.startsWith('(')) return '(bundler and gzip)';
  if (module.startsWith('src/')) return 'src/ (this package)';
  const parts = module.split('/');
  return module.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function byPackage(modules) {
  const groups = new Map();
  for (const { module, bytes, gzip } of modules) {
    const name = packageOf(module);
    const group = groups.get(name) ?? { module: name, bytes: 0, gzip: 0 };
    group.bytes += bytes;
    group.gzip += gzip;
    groups.set(name, group);
  }
  return [...groups.values()].filter((group) => group.bytes || group.gzip).sort((a, b) => b.bytes - a.bytes);
}

const number = (value) => (value === undefined ? '' : value.toLocaleString('en'));

/** One file's table: its modules, their total, and the same by package. */
function printFile(title, file) {
  const percent = (part, whole) => `${((100 * part) / whole).toFixed(1)} %`;
  const line = ({ module, bytes, gzip, rendered }) =>
    [number(bytes), percent(bytes, file.bytes), number(gzip), percent(gzip, file.gzip), number(rendered)]
      .map((cell, i) => cell.padStart(i === 4 ? 13 : 9))
      .join('') + `  ${module}`;
  const modules = file.modules.filter((m) => m.rendered !== undefined).length;
  const sum = (key) => file.modules.reduce((total, m) => total + m[key], 0);

  console.log(`${title}: ${number(file.bytes)} bytes minified, ${number(file.gzip)} bytes gzip (level 9)\n`);
  console.log(`${['bytes', 'share', 'gzip', 'share'].map((title) => title.padStart(9)).join('')}  before min.  module`);
  for (const m of file.modules) console.log(line(m));
  console.log(
    line({ module: `total, ${modules} modules`, bytes: sum('bytes'), gzip: sum('gzip'), rendered: file.rendered }),
  );
  console.log('\nby package');
  for (const group of byPackage(file.modules)) console.log(line(group));
}

function print(entry, report) {
  console.log(
    `${report.entry.file}: ${number(report.entry.bytes)} bytes, ${number(report.entry.gzip)} gzip, ` +
      `the one-line entry over ${report.file}\n`,
  );
  printFile(`${entry} (${report.file})`, report);
  for (const chunk of report.chunks) {
    console.log('');
    printFile(`${chunk.file}, loaded when a page first needs it`, chunk);
  }
  if (report.chunks.length) {
    const chunks = report.chunks.reduce((total, chunk) => total + chunk.gzip, 0);
    console.log(
      `\n${report.entry.file} and ${report.file}: ${number(report.gzip + report.entry.gzip)} bytes gzip on every ` +
        `page; its ${report.chunks.length} chunk(s) loaded on first use ` +
        `${number(chunks)}; every file a page can load ${number(report.total.gzip)} bytes gzip`,
    );
  }
  console.log(`
bytes: the module's bytes in the shipped file (UTF-8), placed by the file's source map. The bundler's own bytes
  are the export and import lists and the constructors and static blocks it writes around class fields and
  decorators.
gzip: what those bytes add to the gzip size of everything before them in the file, so an early module (lit)
  pays for words a later one reuses. Both columns sum to the file; each file is compressed on its own.
before min.: the module's length as the bundler rendered it into the chunk (tree-shaken, not yet minified).`);
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const entry = args.find((arg) => !arg.startsWith('--')) ?? 'src/bundles/storefront-elements.ts';
  const report = await sizeReport(entry);
  if (args.includes('--json')) console.log(JSON.stringify({ entry, ...report }, null, 2));
  else print(entry, report);
}
