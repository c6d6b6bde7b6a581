// `npm run size:report [-- src/bundles/<name>.ts]`: what each module adds to a self-contained bundle.
// Builds it like scripts/build.mjs does, into a temporary folder, and attributes the minified bytes to
// their source modules through the source map. Raw bytes per module; the gzip size of the whole file.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildBundle } from './bundle.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment: [column, source?, …] as deltas. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    let digit = BASE64.indexOf(char);
    const more = digit & 32;
    digit &= 31;
    value += digit << shift;
    if (more) shift += 5;
    else {
      values.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function bytesPerSource(code, map) {
  const sizes = new Map();
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    let column = 0;
    const segments = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = decodeSegment(segment);
      column += values[0];
      if (values.length > 1) source += values[1];
      segments.push([column, values.length > 1 ? source : -1]);
    }
    const text = lines[index] ?? '';
    segments.forEach(([start, src], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
      const name = src >= 0 ? map.sources[src] : '(unmapped)';
      sizes.set(name, (sizes.get(name) ?? 0) + (end - start));
    });
  });
  return sizes;
}

export async function sizeReport(entry) {
  const outDir = mkdtempSync(join(tmpdir(), 'storefront-size-report-'));
  await buildBundle({ entry, outDir, fileName: 'bundle.js', sourcemap: true });
  const code = readFileSync(join(outDir, 'bundle.js'), 'utf8');
  const map = JSON.parse(readFileSync(join(outDir, 'bundle.js.map'), 'utf8'));
  const modules = [...bytesPerSource(code, map)]
    .map(([source, bytes]) => ({
      module: relative(process.cwd(), join(outDir, source)).replace(/^.*node_modules\//, ''),
      bytes,
    }))
    .sort((a, b) => b.bytes - a.bytes);
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length, modules };
}

const entry = process.argv[2] ?? 'src/bundles/storefront-elements.ts';
const report = await sizeReport(entry);
console.log(`${entry}: ${(report.gzip / 1000).toFixed(2)} kB gzip, ${(report.raw / 1000).toFixed(1)} kB minified`);
for (const { module, bytes } of report.modules) console.log(`${String(bytes).padStart(8)}  ${module}`);
