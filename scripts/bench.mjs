// `npm run bench [suite …]`: size, render, sign-in, import and service benchmarks (all, or the suites named),
// printed as one table, each suite with the machine's load average (1 min) as it began: on a shared machine that
// says how far to trust its times.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { ensureChromium } from './ensure-chromium.mjs';

const suites = [
  ['size', () => import('../bench/size.mjs').then((m) => m.benchSize())],
  ['page load', () => import('../bench/page-load.mjs').then((m) => m.benchPageLoad())],
  ['sign-in click', () => import('../bench/sign-in-click.mjs').then((m) => m.benchSignInClick())],
  ['catalog render', () => import('../bench/catalog-render.mjs').then((m) => m.benchCatalogRender())],
  ['account menu', () => import('../bench/account-menu.mjs').then((m) => m.benchAccountMenu())],
  ['import cost', () => import('../bench/import-cost.mjs').then((m) => m.benchImportCost())],
  ['session proxy', () => import('../bench/session-proxy.mjs').then((m) => m.benchSessionProxy())],
  ['service', () => import('../bench/service.mjs').then((m) => m.benchService())],
  ['service stores', () => import('../bench/service-stores.mjs').then((m) => m.benchServiceStores())],
  ['service abuse', () => import('../bench/service-abuse.mjs').then((m) => m.benchServiceAbuse())],
  ['service package', () => import('../bench/service-package.mjs').then((m) => m.benchServicePackage())],
];

/** The machine's load average over 1, 5 and 15 minutes: the machine is shared, and the numbers move with it. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

// `npm run bench -- "service stores"`: the named suites only
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !suites.some(([suite]) => suite === name));
if (unknown.length) {
  console.error(`Unknown suite ${unknown.join(', ')}: the suites are ${suites.map(([suite]) => suite).join(', ')}`);
  process.exit(1);
}

const chromium = ensureChromium();
if (chromium) process.env.CHROMIUM_PATH = chromium;

const build = spawnSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const loadAtStart = load();
const rows = [];
for (const [suite, run] of suites.filter(([name]) => wanted.length === 0 || wanted.includes(name))) {
  const atStart = loadavg()[0].toFixed(1);
  try {
    for (const row of await run()) rows.push({ suite, load: atStart, ...row });
  } catch (error) {
    rows.push({
      suite,
      load: atStart,
      name: 'failed',
      value: '',
      unit: '',
      note: error instanceof Error ? error.message : String(error),
    });
  }
}

const browser = chromium ? spawnSync(chromium, ['--version'], { encoding: 'utf8' }).stdout.trim() : 'no Chromium';
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${browser}`;
console.log(`\nstorefront-elements benchmarks on ${machine}`);
console.log(`load average (1 / 5 / 15 min): ${loadAtStart} at the start, ${load()} at the end\n`);
console.log('| suite | load | measure | value | unit | note |');
console.log('| --- | ---: | --- | ---: | --- | --- |');
for (const row of rows) {
  console.log(`| ${row.suite} | ${row.load} | ${row.name} | ${row.value} | ${row.unit} | ${row.note ?? ''} |`);
}
