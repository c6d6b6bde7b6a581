// storefront-reference-service as a store installs it: `npm pack` of server/ into a new project, and its bin
// started there. Shared by the package test and the benchmark.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const serviceFolder = new URL('../server/', import.meta.url).pathname;

/**
 * Packs the service into `project` (a new folder) and installs the tarball there as a store's project would.
 * @param {string} project
 * @returns {{ filename: string, size: number, unpackedSize: number, files: string[] }} what `npm pack` made
 */
export function installServicePackage(project) {
  const [packed] = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', project], {
      cwd: serviceFolder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-store', private: true, type: 'module' }));
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', `./${packed.filename}`], {
    cwd: project,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return { ...packed, files: packed.files.map((/** @type {{ path: string }} */ file) => file.path) };
}

/**
 * Starts the installed bin (what `npx storefront-reference-service` runs) and resolves once it says it is
 * ready, with its base URL; rejects when it exits before that.
 * @param {string} project
 * @param {string[]} args
 * @returns {Promise<{ base: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
export function startServiceBin(project, args) {
  const child = spawn(join(project, 'node_modules/.bin/storefront-reference-service'), args, {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const ready = /^Reference service\s+(\S+)/m.exec(out);
      if (ready) resolve({ base: ready[1], child, stop });
    });
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => reject(new Error(`the service exited with ${code}: ${err}${out}`)));
  });
}
