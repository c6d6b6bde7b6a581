// `npm test`: every check of the project in one run, ending with one line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'storefront-test-'));
const totals = { passed: 0, failed: 0 };
const only = process.argv.slice(2);

function run(command, args, env = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A step that is one check: it passes or fails as a whole. */
function check(name, command, args) {
  if (only.length && !only.includes(name)) return;
  const ok = run(command, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) console.log(`✗ ${name} failed`);
}

/** node --test with a TAP copy of the results, so each test counts. */
function nodeTests(name, dir) {
  if (only.length && !only.includes(name)) return;
  if (!existsSync(dir)) return;
  const tap = join(scratch, `${name}.tap`);
  const ok = run('node', [
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    `${dir}/`,
  ]);
  countTap(name, tap, ok);
}

function countTap(name, tap, ok) {
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const pass = Number(/^# pass (\d+)/m.exec(text)?.[1] ?? 0);
  const fail = Number(/^# fail (\d+)/m.exec(text)?.[1] ?? 0);
  totals.passed += pass;
  totals.failed += fail;
  if (!ok && fail === 0) totals.failed += 1; // the runner itself failed (a file that did not load)
  console.log(`${name}: ${pass} passed, ${fail} failed`);
}

function browserTests() {
  if (only.length && !only.includes('browser')) return;
  const results = join(scratch, 'browser.json');
  const ok = run('npx', ['web-test-runner'], { WTR_RESULTS_FILE: results });
  const counts = existsSync(results) ? JSON.parse(readFileSync(results, 'utf8')) : { passed: 0, failed: 0 };
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  if (!ok && counts.failed === 0) totals.failed += 1;
  console.log(`browser: ${counts.passed} passed, ${counts.failed} failed`);
}

const chromium = ensureChromium();
if (!chromium) {
  totals.failed += 1;
} else {
  process.env.CHROMIUM_PATH = chromium;
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);
check('build', 'node', ['scripts/build.mjs']);
check('size', 'npx', ['size-limit']);
if (chromium) browserTests();
nodeTests('server', 'test/server');
// the store's server side of the package (dist/server), against the reference service and a real Redis
nodeTests('sessions', 'test/sessions');
nodeTests('vendor', 'test/vendor');
nodeTests('package', 'test/package');
if (chromium) nodeTests('e2e', 'test/e2e');
// the example stores: each installs the packed package, builds with its framework and runs in Chromium
if (chromium) nodeTests('examples', 'test/examples');

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
