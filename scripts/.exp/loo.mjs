import { build } from 'vite';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { minifyHTMLLiterals } from 'minify-literals';
import { litStaticProperties } from '../lit-static-properties.mjs';
const entry = process.argv[2] ?? 'src/bundles/storefront-elements.ts';
const mini = { name: 'm', async transform(code, id) { if (!/\/src\/.*\.ts$/.test(id)) return null; return minifyHTMLLiterals(code, { fileName: id }); } };
await build({ configFile: false, logLevel: 'silent', root: process.cwd(), plugins: [litStaticProperties(), mini],
  build: { outDir: '/tmp/ec/loo', emptyOutDir: true, target: 'es2022', sourcemap: true, lib: { entry, formats: ['es'], fileName: () => 'b.js' }, rolldownOptions: { output: { minify: true } } } });
const code = readFileSync('/tmp/ec/loo/b.js', 'utf8');
const map = new SourceMapConsumer(JSON.parse(readFileSync('/tmp/ec/loo/b.js.map', 'utf8')));
const lines = code.split('\n');
const owner = lines.map((l) => new Array(l.length).fill(null));
const segs = [];
map.eachMapping((m) => segs.push(m));
segs.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
for (let i = 0; i < segs.length; i++) {
  const s = segs[i], n = segs[i + 1];
  const end = n && n.generatedLine === s.generatedLine ? n.generatedColumn : lines[s.generatedLine - 1].length;
  for (let c = s.generatedColumn; c < end; c++) owner[s.generatedLine - 1][c] = s.source;
}
const g = (t) => gzipSync(t, { level: 9 }).length;
const total = g(code);
const sources = new Set(segs.map((s) => s.source).filter(Boolean));
const rows = [];
for (const src of sources) {
  const kept = lines.map((l, i) => [...l].filter((_, c) => owner[i][c] !== src).join('')).join('\n');
  rows.push([total - g(kept), src.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')]);
}
rows.sort((a, b) => b[0] - a[0]);
console.log('total', total);
for (const [d, s] of rows) if (d > 20) console.log(String(d).padStart(6), s);
{
  const kept = lines.map((l, i) => [...l].filter((_, c) => owner[i][c] !== null).join('')).join('\n');
  console.log('unmapped', total - g(kept));
  const un = lines.map((l, i) => [...l].filter((_, c) => owner[i][c] === null).join('')).join('\n');
  console.log(un.slice(0, 3000));
}
