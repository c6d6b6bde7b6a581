// `npm run release:check`: what a maintainer runs before `npm publish`. Every step runs and says how it went:
// the whole test suite (which builds), publint and @arethetypeswrong/cli on the packed tarball, the size budget
// and the sizes of every file a page loads (from the build whose dist/integrity.json ships), `npm publish
// --dry-run`, and whether CHANGELOG.md has a section for the version in package.json.
// `--skip-tests` leaves out the test suite and builds instead (for a second look after a green run).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { attw, pack, publint } from './package-check.mjs';
import { printSizes } from './integrity.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const skipTests = process.argv.includes('--skip-tests');
const results = [];

function step(name, run) {
  console.log(`\n=== ${name}`);
  let ok;
  try {
    ok = run();
  } catch (error) {
    console.log(String(error?.message ?? error));
    ok = false;
  }
  results.push({ name, ok });
}

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;

if (skipTests) step('build', () => run('node', ['scripts/build.mjs']));
else step('tests (npm test, which builds)', () => run('node', ['scripts/test.mjs']));

const tarball = pack();
for (const check of [publint, attw]) {
  step(check.name, () => {
    const result = check(tarball);
    console.log(result.output);
    return result.ok;
  });
}

step('sizes (size-limit budget; every file a page loads, from this build)', () => {
  const ok = run('npx', ['size-limit']);
  printSizes('dist');
  return ok;
});

step('npm publish --dry-run', () => run(npm, ['publish', '--dry-run', '--ignore-scripts']));

step('CHANGELOG.md', () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const changelog = readFileSync('CHANGELOG.md', 'utf8');
  if (new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\]`, 'm').test(changelog)) {
    console.log(`CHANGELOG.md has a section for ${version}.`);
    return true;
  }
  console.log(
    `CHANGELOG.md has no section for ${version} yet. Before publishing, set the version (npm version …) and move ` +
      `the lines under [Unreleased] to "## [${version}] - ${new Date().toISOString().slice(0, 10)}".`,
  );
  return false;
});

console.log('\n=== release:check');
for (const { name, ok } of results) console.log(`${ok ? '✓' : '✗'} ${name}`);
const failed = results.filter((result) => !result.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
