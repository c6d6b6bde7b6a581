// `npm test`: every check of the project in one run, ending with one line `N passed, N failed`.
// `npm run test:quick`: the inner loop (types, lint, the browser tests and the service's own tests).
// `node scripts/test.mjs browser server …`: the named steps only.
//
// The steps run three at a time (TEST_LANES sets another number), each as soon as what it needs is done, the
// longest first; each step's output is printed whole when it ends. Most steps wait on a browser, a service or the
// network as much as on a core, so on the two cores the project is tested on a third lane fills what would stand
// idle (a whole run took 427 s with three lanes, 502 s with two). The package is packed once, after the build, and
// every step that installs it takes that tarball.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { packNow } from './package-check.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'storefront-test-'));
const QUICK = ['typecheck', 'lint', 'browser', 'server'];
const args = process.argv.slice(2);
const only = args.includes('--quick') ? QUICK : args;
const lanes = Number(process.env.TEST_LANES ?? 3);

/**
 * The steps, in the order they start when they can (the longest first): what each runs, which steps it needs done
 * first, whether it needs Chromium, and how its results count (`tap`: each test of a node --test run; `browser`:
 * web-test-runner's counts; else the step as one check).
 */
const steps = [
  { name: 'build', run: ['node', ['scripts/build.mjs']], after: [], then: pack },
  { name: 'browser', run: ['npx', ['web-test-runner']], after: [], chromium: true, count: 'browser' },
  { name: 'examples', tests: 'test/examples', after: ['build'], chromium: true },
  { name: 'package', tests: 'test/package', after: ['build'] },
  { name: 'server', tests: 'test/server', after: [] },
  { name: 'e2e', tests: 'test/e2e', after: ['build'], chromium: true },
  { name: 'typecheck', run: ['npm', ['run', '--silent', 'typecheck']], after: [] },
  { name: 'lint', run: ['npm', ['run', '--silent', 'lint']], after: [] },
  { name: 'size', run: ['npx', ['size-limit']], after: ['build'] },
  // the store's server side of the package (dist/server), against the reference service and a real Redis
  { name: 'sessions', tests: 'test/sessions', after: ['build'] },
  { name: 'vendor', tests: 'test/vendor', after: [] },
].filter((step) => (!only.length || only.includes(step.name)) && (step.tests ? existsSync(step.tests) : true));

const totals = { passed: 0, failed: 0 };
const startedAll = Date.now();
const env = { ...process.env };

/** Packs the package once for every step that installs it (test/examples, test/package). */
async function pack() {
  try {
    env.STOREFRONT_TARBALL = packNow(join(scratch, 'packed'));
    return true;
  } catch (error) {
    console.log(error.message);
    return false;
  }
}

/** Runs a command with its output in the step's log file; resolves whether it succeeded. */
function runLogged(name, command, commandArgs, extraEnv = {}) {
  const log = join(scratch, `${name}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  out.write(`> ${command} ${commandArgs.join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => out.end(() => resolve(code === 0)));
  });
}

/** node --test with a TAP copy of the results, so each test counts. */
function nodeTestArgs(step) {
  step.tap = join(scratch, `${step.name}.tap`);
  return [
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${step.tap}`,
    // a pattern, as Node 22 and later take no folder
    `${step.tests}/**/*.test.{js,mjs}`,
  ];
}

function count(step, ok) {
  let passed = 0;
  let failed = 0;
  if (step.tests) {
    const text = existsSync(step.tap) ? readFileSync(step.tap, 'utf8') : '';
    passed = Number(/^# pass (\d+)/m.exec(text)?.[1] ?? 0);
    failed = Number(/^# fail (\d+)/m.exec(text)?.[1] ?? 0);
  } else if (step.count === 'browser') {
    const results = join(scratch, 'browser.json');
    ({ passed, failed } = existsSync(results) ? JSON.parse(readFileSync(results, 'utf8')) : { passed, failed });
  } else {
    return ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  }
  // the runner itself failed (a file that did not load) with no failed test to show for it
  if (!ok && failed === 0) failed += 1;
  return { passed, failed };
}

async function runStep(step) {
  const started = Date.now();
  const [command, commandArgs] = step.tests ? ['node', nodeTestArgs(step)] : step.run;
  const extraEnv = step.count === 'browser' ? { WTR_RESULTS_FILE: join(scratch, 'browser.json') } : {};
  let ok = await runLogged(step.name, command, commandArgs, extraEnv);
  if (ok && step.then) ok = await step.then();
  const { passed, failed } = count(step, ok);
  totals.passed += passed;
  totals.failed += failed;
  const seconds = Math.round((Date.now() - started) / 1000);
  const log = join(scratch, `${step.name}.log`);
  process.stdout.write(`\n━━ ${step.name} ━━\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
  console.log(`${ok ? '✓' : '✗'} ${step.name}: ${passed} passed, ${failed} failed (${seconds} s)`);
  return ok;
}

const chromium = ensureChromium();
if (chromium) env.CHROMIUM_PATH = chromium;
else totals.failed += 1;

/** Starts every step whose needs are met, `lanes` at a time; a step whose need failed does not run. */
const done = new Map();
const running = new Set();
await new Promise((finished) => {
  const next = () => {
    for (const step of steps) {
      if (running.size >= lanes) break;
      if (done.has(step.name) || running.has(step)) continue;
      if (step.chromium && !chromium) {
        done.set(step.name, false);
        continue;
      }
      const needs = step.after.filter((name) => steps.some((other) => other.name === name));
      if (needs.some((name) => done.get(name) === false)) {
        console.log(`✗ ${step.name}: not run, as ${needs.join(', ')} failed`);
        totals.failed += 1;
        done.set(step.name, false);
        continue;
      }
      if (!needs.every((name) => done.has(name))) continue;
      running.add(step);
      console.log(`→ ${step.name} started`);
      runStep(step).then((ok) => {
        running.delete(step);
        done.set(step.name, ok);
        next();
      });
    }
    if (!running.size && steps.every((step) => done.has(step.name))) finished();
  };
  next();
});

console.log(`\nall steps took ${Math.round((Date.now() - startedAll) / 1000)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
