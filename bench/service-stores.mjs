/**
 * 0.1.0's store and the store in SQLite side by side, at a million members: the same HTTP workload against the
 * whole service of each, in a process of its own, over loopback.
 *
 * 0.1.0's store (the hand-made engine) is the service of {@link OLD_COMMIT}, the last commit with it, taken from
 * git history (`git archive`) with this checkout's node_modules (its dependencies are the same packages); it
 * starts from a 0.1.0 data file (./service-data.mjs). The SQLite service imports that file as it does any 0.1.0
 * data file (the import's time is a row), then starts again from the database it made. Without git history (a
 * tarball), the 0.1.0 column says why it is empty.
 *
 * Rows: time from start to answering; RSS; a members query with a filter not asked before (median); the same
 * right after a write; one membership by id; the first `sort=name` page of the account of 100,000 memberships,
 * asked right after a write; 50 clients at once (p99, errors); 10,000 random filters (the slowest answer, and
 * any 5xx); a crafted filter of 790 expressions.
 * Run alone: `node bench/service-stores.mjs [members]`. For repeated runs, `BENCH_STORES_DIR=<folder>` keeps the
 * data files and the imported database there (each run starts from a copy of it, the import's row then empty), and
 * `BENCH_STORES_ONLY=sqlite` leaves out 0.1.0's store.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { random } from '../test/support/random.js';
import { clientsAtOnce, get, oneAfterTheOther, operatorToken, unseenQueries } from './service.mjs';
import { FIRST_NAMES, LAST_NAMES, WHOLESALE_ACCOUNT, writeStoreFile } from './service-data.mjs';
import { startServiceProcess } from './service-process.mjs';
import { mebibytes as mb, quantile, round } from './stats.mjs';

/** The last commit whose service keeps its records in the hand-made engine (0.1.0's store). */
const OLD_COMMIT = 'cf348d9';
const MEMBERS = 1_000_000;
const SEQUENTIAL = 200;
const AFTER_WRITE = 30;
const BY_ID = 50;
const FIRST_PAGES = 20;
const FUZZ = 10_000;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ms = (/** @type {number} */ n) => `${round(n)} ms`;

/**
 * 0.1.0's service in `dir`: its `server/` and the benchmark's service process, with this checkout's packages.
 * @param {string} dir
 * @returns {Promise<string>} the service process module
 */
async function oldService(dir) {
  await mkdir(join(dir, 'bench'), { recursive: true });
  const archive = execFileSync('git', ['archive', OLD_COMMIT, 'server', 'bench/service-process.mjs'], {
    cwd: ROOT,
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  await symlink(join(ROOT, 'server', 'node_modules'), join(dir, 'server', 'node_modules'));
  return join(dir, 'bench', 'service-process.mjs');
}

/**
 * A random filter of the grammar (http/list-params.js): 1–4 expressions, bare or quoted values, wildcards, any
 * letter case, pieces of the members' names and addresses and characters the grammar must escape.
 * @param {ReturnType<typeof random>} rnd
 */
export function randomFilter(rnd) {
  const pieces = [...FIRST_NAMES, ...LAST_NAMES, 'member', '@bench', '.example', '1', '42', 'a', 'e', ' ', 'zz'];
  const escaped = ['\\*', '\\"', '\\\\', '\\(', '\\,', '\\:', 'é', 'ß', '%', '_', "'"];
  let wildcards = 0;
  const value = () => {
    let text = '';
    for (let n = 1 + rnd.int(4); n > 0; n--) {
      const r = rnd.next();
      if (r < 0.25 && wildcards < 4) {
        text += '*';
        wildcards++;
      } else if (r < 0.35) text += rnd.pick(escaped);
      else {
        const piece = rnd.pick(pieces);
        const from = rnd.int(piece.length);
        const cut = piece.slice(from, from + 1 + rnd.int(piece.length));
        text += rnd.next() < 0.5 ? cut.toLowerCase() : cut.toUpperCase();
      }
    }
    return rnd.next() < 0.5 ? `"${text}"` : text.replace(/[ "]/g, '');
  };
  return Array.from({ length: 1 + rnd.int(4) }, () => {
    const v = value();
    return `${rnd.pick(['eq', 'like', 'ilike'])}(${rnd.pick(['name', 'email'])},${v === '' || v === '""' ? 'x' : v})`;
  }).join(':');
}

/**
 * The workload, against one service.
 * @param {import('./service-process.mjs').ServiceProcess} service
 */
async function workload(service) {
  const load = loadavg()[0].toFixed(2);
  const started = await service.memory();
  const base = new URL(service.baseUrl.replace('localhost', '127.0.0.1'));
  const headers = { authorization: `Bearer ${await operatorToken(base)}`, accept: 'application/json' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = async (/** @type {string} */ path) => {
    const answer = await get(agent, base, path, headers);
    if (answer.status !== 200) throw new Error(`GET ${path}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
    return answer;
  };
  // 0.1.0 builds its members' indexes after start-up, while it answers: the rows measure it once they are built
  await service.ask('indexed');
  const queries = unseenQueries();
  const take = (/** @type {number} */ count) => Array.from({ length: count }, () => queries.next().value ?? '');
  await oneAfterTheOther(base, take(20), headers);
  const fresh = await oneAfterTheOther(base, take(SEQUENTIAL), headers);
  const afterWrite = await oneAfterTheOther(base, take(AFTER_WRITE), headers, () => service.ask('createMember'));

  const account = `/v2/accounts/${WHOLESALE_ACCOUNT.id}/account-memberships`;
  const firstByName = `${account}?sort=name&page[limit]=100`;
  const firstAsked = (await ask(firstByName)).ms;
  const pages = await oneAfterTheOther(base, Array(FIRST_PAGES).fill(firstByName), headers, () =>
    service.ask('createMember'),
  );
  const ids = JSON.parse((await ask(`${account}?page[limit]=${BY_ID}`)).body).data.map((/** @type {any} */ m) => m.id);
  const byId = await oneAfterTheOther(
    base,
    ids.map((/** @type {string} */ id) => `${account}/${id}`),
    headers,
  );

  const crowd = await clientsAtOnce(base, queries);
  const { timeout, dropped, other } = crowd.failed;

  const rnd = random(33);
  /** @type {number[]} */
  const fuzzTimes = [];
  /** @type {Record<number, number>} */
  const statuses = {};
  let slowest = { ms: 0, asked: '' };
  for (let i = 0; i < FUZZ; i++) {
    const filter = randomFilter(rnd);
    const sort = rnd.pick(['name', '-created_at', 'email']);
    const answer = await get(
      agent,
      base,
      `/v2/account-members?filter=${encodeURIComponent(filter)}&sort=${sort}`,
      headers,
    );
    fuzzTimes.push(answer.ms);
    if (answer.ms > slowest.ms) slowest = { ms: answer.ms, asked: `${filter} sort=${sort}` };
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  const crafted = Array.from({ length: 790 }, () => 'like(name,*a*)').join(':');
  const craftedAnswer = await get(agent, base, `/v2/account-members?filter=${encodeURIComponent(crafted)}`, headers);
  agent.destroy();
  const end = await service.memory();
  return {
    load: `${load} → ${loadavg()[0].toFixed(2)}`,
    start: ms(service.startMs),
    rssStart: `${mb(started.rss)} MB`,
    fresh: `${ms(fresh.median)} (p99 ${round(fresh.p99)})`,
    afterWrite: `${ms(afterWrite.median)} (p99 ${round(afterWrite.p99)})`,
    byId: `${ms(byId.median)} (p99 ${round(byId.p99)})`,
    firstPage: `${ms(pages.median)} (first asked ${round(firstAsked)})`,
    crowd: `${ms(quantile(crowd.times, 0.99))}, errors ${timeout + dropped + other}`,
    fuzz: `slowest ${ms(slowest.ms)} (\`${slowest.asked}\`; p99 ${round(quantile(fuzzTimes, 0.99))}), 5xx ${Object.entries(
      statuses,
    )
      .filter(([status]) => Number(status) >= 500)
      .reduce((n, [, count]) => n + count, 0)}`,
    crafted: `HTTP ${craftedAnswer.status} in ${ms(craftedAnswer.ms)}`,
    rssEnd: `${mb(end.rss)} / ${mb(end.peakRss)} MB${end.heapTotal ? ` (JS heap ${mb(end.heapTotal)} MB)` : ''}`,
  };
}

/**
 * Starts a service with `start`, runs the workload and stops it.
 * @param {() => Promise<import('./service-process.mjs').ServiceProcess>} start
 */
async function measure(start) {
  const service = await start();
  try {
    return await workload(service);
  } finally {
    await service.stop();
  }
}

/** @param {number} [members] */
export async function benchServiceStores(members = MEMBERS) {
  const kept = process.env.BENCH_STORES_DIR;
  const dir = kept ?? (await mkdtemp(join(tmpdir(), 'bench-stores-')));
  try {
    const oldFile = join(dir, `store-0.1.0-${members}.json`);
    const imported = join(dir, `store-${members}.db`);
    const newFile = join(dir, 'store.db');
    const made = kept !== undefined && existsSync(oldFile) && existsSync(imported);
    await mkdir(dir, { recursive: true });
    const counted = join(dir, `memberships-${members}.txt`);
    if (!made) await writeFile(counted, String((await writeStoreFile(oldFile, members)).memberships));
    const memberships = Number(await readFile(counted, 'utf8'));

    /** @type {Record<string, string> | undefined} */
    let old;
    let oldMissing = '';
    if (process.env.BENCH_STORES_ONLY === 'sqlite') oldMissing = "0.1.0's store left out (BENCH_STORES_ONLY=sqlite)";
    else {
      try {
        const process = await oldService(join(dir, 'old'));
        const { startServiceProcess: startOld } = await import(process);
        old = await measure(() => startOld({ dataFile: oldFile }));
      } catch (error) {
        oldMissing = `0.1.0's store not measured: ${error instanceof Error ? error.message.split('\n')[0] : error}`;
      }
    }

    // made right before the SQLite service starts: made before 0.1.0's run, the copy sat unread for minutes, and a
    // machine that reclaims cold pages (DAMON) dropped most of it from the page cache, so the service read from
    // the disk (the big account's first page 231 ms, against 27-50 ms)
    // a stopped service may leave its write-ahead log beside the database: SQLite would replay it onto the copy
    for (const leftover of ['-wal', '-shm']) await rm(newFile + leftover, { force: true });
    await copyFile(made ? imported : oldFile, newFile);
    let importMs = NaN;
    if (!made) {
      const importing = await startServiceProcess({ dataFile: newFile });
      importMs = importing.startMs;
      await importing.stop();
      if (kept) await copyFile(newFile, imported);
    }
    const now = await measure(() => startServiceProcess({ dataFile: newFile }));

    const size = `${members.toLocaleString('en')} members, ${memberships.toLocaleString('en')} in one account`;
    /** @type {Array<[string, keyof typeof now, string]>} */
    const measures = [
      ['start → answering', 'start', '≤ 1 s'],
      ['RSS after start-up', 'rssStart', ''],
      ['members query, a new filter, sort=name: median', 'fresh', '≤ 20 ms'],
      ['the same right after a write: median', 'afterWrite', '≤ 30 ms'],
      ['one membership by id: median', 'byId', '≤ 1 ms'],
      ['first sort=name page of the account, after a write: median', 'firstPage', '≤ 20 ms'],
      ['50 clients at once: p99', 'crowd', '≤ 500 ms, no error'],
      [`${FUZZ.toLocaleString('en')} random filters, one after the other`, 'fuzz', 'each ≤ 200 ms, no 5xx'],
      ['a crafted filter of 790 expressions', 'crafted', '≤ 200 ms, no 5xx'],
      ['RSS at the end / peak', 'rssEnd', '≤ 300 MB'],
      ['load average (1 min) before → after the rows', 'load', ''],
    ];
    return [
      {
        name: 'SQLite: a 0.1.0 data file imported',
        value: Number.isNaN(importMs) ? '–' : round(importMs / 1000),
        unit: 's',
        note: `${size}; the service's first start from it`,
      },
      ...measures.map(([name, key, target]) => ({
        name,
        value: now[key],
        unit: '',
        note: `0.1.0's store: ${old?.[key] ?? '–'}; target ${target || 'none'}; ${size}`,
        old: old?.[key] ?? '–',
        target,
      })),
      ...(oldMissing ? [{ name: '0.1.0 column', value: '–', unit: '', note: oldMissing }] : []),
    ];
  } finally {
    if (kept) await rm(join(dir, 'old'), { recursive: true, force: true });
    else await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const members = Number(process.argv[2] ?? MEMBERS);
  const rows = await benchServiceStores(members);
  console.log(
    `load average (1, 5, 15 min) at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  console.log(`| at ${members.toLocaleString('en')} members | 0.1.0's store | SQLite store | target |`);
  console.log('| --- | ---: | ---: | --- |');
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.old ?? ''} | ${row.value} ${row.unit} | ${row.target ?? row.note} |`);
  }
}
