/**
 * storefront-reference-service as a store gets it: the size of its tarball and of its install (with its
 * dependencies), and the start-up time of its bin, from the process's start to the "ready" line, with the
 * default fixtures and with a fixtures file of 10,000 members (and as many memberships and identity-provider
 * users). Median of a few starts. Run alone: `node bench/service-package.mjs`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installServicePackage, startServiceBin } from '../scripts/service-package.mjs';

const STARTS = 5;
const MEMBERS = 10_000;
const ACCOUNTS = 100;

/**
 * Bytes of the files below a project's node_modules, and how many packages npm installed there.
 * @param {string} project
 */
function installed(project) {
  const folder = join(project, 'node_modules');
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  const lock = JSON.parse(readFileSync(join(folder, '.package-lock.json'), 'utf8'));
  return { bytes, packages: Object.keys(lock.packages).length };
}

/** A store of {@link MEMBERS} members in {@link ACCOUNTS} accounts, each able to sign in. */
function largeFixtures() {
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
    id: randomUUID(),
    name: `Account ${i + 1}`,
    legal_name: `Account ${i + 1} Ltd`,
  }));
  const members = Array.from({ length: MEMBERS }, (_, i) => ({
    id: randomUUID(),
    name: `Member ${i + 1}`,
    email: `member${i + 1}@shop.test`,
  }));
  return {
    clients: [{ client_id: 'shop' }, { client_id: 'shop-ci', client_secret: 'shop-ci-secret' }],
    accounts,
    account_members: members,
    account_memberships: members.map((m, i) => ({
      id: randomUUID(),
      account_id: accounts[i % ACCOUNTS].id,
      account_member_id: m.id,
    })),
    idp_users: members.map((m) => ({ email: m.email, password: 'password', name: m.name })),
    oidc_profiles: [{ id: randomUUID(), name: 'Shop Login' }],
    catalogs: accounts.slice(0, 10).map((a) => ({ id: randomUUID(), name: a.name, rules: [{ account_ids: [a.id] }] })),
  };
}

/**
 * CPU time (user + system) a process has used so far, in ms, where /proc tells it (Linux); else NaN.
 * @param {number | undefined} pid
 */
function cpuTimeOf(pid) {
  try {
    // fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** @param {number[]} values */
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * From spawning the bin to its ready line: the median wall time and the median CPU time it used, in ms. CPU
 * time says more on a machine shared with other work, where wall time waits for the cores.
 * @param {string} project
 * @param {string[]} args
 */
async function startUp(project, args) {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < STARTS; i++) {
    const started = performance.now();
    const { child, stop } = await startServiceBin(project, ['--port', '0', '--quiet', ...args]);
    wall.push(performance.now() - started);
    cpu.push(cpuTimeOf(child.pid));
    await stop();
  }
  return `${median(wall).toFixed(0)} / ${median(cpu).toFixed(0)}`;
}

export async function benchServicePackage() {
  const project = mkdtempSync(join(tmpdir(), 'service-package-bench-'));
  try {
    const packed = installServicePackage(project);
    const { bytes, packages } = installed(project);
    writeFileSync(join(project, 'large.json'), JSON.stringify(largeFixtures()));
    const large = statSync(join(project, 'large.json')).size;
    const kB = (/** @type {number} */ bytes) => (bytes / 1000).toFixed(1);
    return [
      { name: 'tarball (npm pack)', value: kB(packed.size), unit: 'kB', note: `${packed.files.length} files` },
      { name: 'the package unpacked', value: kB(packed.unpackedSize), unit: 'kB' },
      {
        name: 'install, with its dependencies',
        value: (bytes / 1e6).toFixed(1),
        unit: 'MB',
        note: `node_modules of a new project: ${packages} packages`,
      },
      {
        name: 'start-up, default fixtures: wall / CPU time',
        value: await startUp(project, []),
        unit: 'ms',
        note: `bin start to ready, median of ${STARTS}`,
      },
      {
        name: `start-up, ${MEMBERS.toLocaleString('en')} members: wall / CPU time`,
        value: await startUp(project, ['--fixtures', 'large.json']),
        unit: 'ms',
        note: `fixtures file of ${(large / 1e6).toFixed(1)} MB (as many memberships and users), median of ${STARTS}`,
      },
    ];
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  for (const row of await benchServicePackage()) console.log(`${row.name}: ${row.value} ${row.unit} ${row.note ?? ''}`);
}
