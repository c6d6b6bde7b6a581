// `npm run check:package`: packs the package as `npm publish` would and runs the ecosystem's two checkers of a
// package on the tarball, offline: publint (package.json fields, exports, files) and @arethetypeswrong/cli (the
// types each entry resolves to under node16 and bundler resolution). Both must end without an error.
// Run `npm run build` first; `--tarball FILE` checks a tarball already packed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The tarball of this run: the one `npm test` packed once after its build (`STOREFRONT_TARBALL`), else packed now
 * into a new folder (or `into`). Returns its path.
 */
export function pack(into) {
  return process.env.STOREFRONT_TARBALL ?? packNow(into);
}

/** `npm pack` into a new folder (or `into`); returns the tarball's path. */
export function packNow(into = mkdtempSync(join(tmpdir(), 'storefront-pack-'))) {
  mkdirSync(into, { recursive: true });
  const result = spawnSync(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', into], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm pack failed:\n${result.stdout}${result.stderr}`);
  const tarball = readdirSync(into).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${into}`);
  return join(into, tarball);
}

/** The command a package installs in node_modules/.bin, as a file node runs (neither checker exports it). */
function binOf(name) {
  const dir = fileURLToPath(new URL(`../node_modules/${name}/`, import.meta.url));
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return join(dir, typeof bin === 'string' ? bin : Object.values(bin)[0]);
}

function runChecker(name, args) {
  const result = spawnSync(process.execPath, [binOf(name), ...args], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { name, ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

/** publint on the tarball: errors fail; warnings and suggestions are printed. */
export function publint(tarball) {
  return runChecker('publint', ['run', tarball]);
}

/**
 * @arethetypeswrong/cli on the tarball. The package is ESM only (`"type": "module"`, as lit is), so the
 * `esm-only` profile leaves out CommonJS `require` and node10 resolution, which cannot load it anyway. Every entry
 * is checked, the style sheet `host.css` too (its types say it exports nothing).
 */
export function attw(tarball) {
  return runChecker('@arethetypeswrong/cli', [tarball, '--profile', 'esm-only', '--format', 'table-flipped']);
}

function main() {
  const { values } = parseArgs({ options: { tarball: { type: 'string' } } });
  const tarball = values.tarball ?? pack();
  let failed = 0;
  for (const check of [publint(tarball), attw(tarball)]) {
    console.log(`\n> ${check.name} ${tarball}\n${check.output}`);
    if (!check.ok) failed += 1;
  }
  console.log(failed ? `\n${failed} of 2 package checks failed` : '\npublint and attw: no errors');
  return failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
