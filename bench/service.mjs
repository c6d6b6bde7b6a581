/**
 * Service benchmark at 100,000 and 1,000,000 members: what an operator waits for, measured from outside the
 * service over loopback HTTP, the service in a process of its own started from a data file (`--data`).
 *
 * For each size:
 * - start-up: from starting the process to the service answering, the CPU time that took, and its memory
 *   (RSS) then and at its peak;
 * - the members list with a filter it has not seen (`like(name,*<first> <last>*)`, `sort=name`, 100 a page):
 *   the first one after start-up, then one after the other (median, p99); never the same filter twice, so
 *   never from the service's result cache;
 * - the same right after a write: a new member is made (as a shopper's first sign-in makes one), then a new
 *   filter asked;
 * - `eq(email,…)`, the memberships of an account of 10 % of the members sorted by name, and the unassigned
 *   members of that account with a name filter;
 * - 50 clients at once, each from a loopback address of its own with its own operator token, each asking the
 *   next unseen filter under one of the ten sorts as soon as it has its answer, for 10 s: latency p99,
 *   answers per second, and the answers that were 408, a dropped connection, or any other error.
 * The machine's load average is printed beside each size (the machine is shared; the numbers move with it).
 * Run alone: `node bench/service.mjs [members ...]`.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memberEmail, PERSON_NAMES, WHOLESALE_ACCOUNT, writeStoreFile } from './service-data.mjs';
import { startServiceProcess } from './service-process.mjs';
import { mebibytes as mb, quantile, round } from './stats.mjs';

const SIZES = [100_000, 1_000_000];
const WARM_UP = 20;
const SEQUENTIAL = 200;
const AFTER_WRITE = 30;
const EACH_OTHER_ROW = 50;
const CLIENTS = 50;
const CONCURRENT_MS = 10_000;
const SORTS = [
  'name',
  '-created_at',
  'email',
  '-name',
  'created_at',
  'id',
  '-email',
  'updated_at',
  '-id',
  '-updated_at',
];

/**
 * @typedef {{ name: string, value: number | string, unit: string, note?: string }} Row
 * @typedef {{ status: number, ms: number }} Answer
 */

const loadNow = () => loadavg()[0].toFixed(2);

/**
 * One GET; resolves with its status and time once the whole body is read.
 * @param {http.Agent} agent
 * @param {URL} base
 * @param {string} path
 * @param {Record<string, string>} headers
 * @returns {Promise<Answer & { body: string }>}
 */
export function get(agent, base, path, headers) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, host: base.hostname, port: base.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * An operator token, asked for from `localAddress`.
 * @param {URL} base
 * @param {string} [localAddress]
 */
export function operatorToken(base, localAddress) {
  const body = 'grant_type=client_credentials&client_id=admin&client_secret=admin-secret';
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: '/oauth/access_token',
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          const token = JSON.parse(text).access_token;
          if (typeof token === 'string') resolve(token);
          else reject(new Error(`No operator token: HTTP ${res.statusCode} ${text}`));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** @param {string} filter @param {string} sort */
export const membersPage = (filter, sort = 'name') =>
  `/v2/account-members?filter=${encodeURIComponent(filter)}&sort=${sort}&page[limit]=100`;
/** @param {string} name */
export const nameFilter = (name) => `like(name,*${name}*)`;

/** Members list addresses, each filter and sort once: every person name under `name`, then under the next sort. */
export function* unseenQueries() {
  for (const sort of SORTS) for (const name of PERSON_NAMES) yield membersPage(nameFilter(name), sort);
}

/**
 * Asks each path in turn, one at a time; every answer must be a 200.
 * @param {URL} base
 * @param {Iterable<string>} paths
 * @param {Record<string, string>} headers
 * @param {() => Promise<unknown>} [before] done before each request, not timed (a write)
 */
export async function oneAfterTheOther(base, paths, headers, before) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** @type {number[]} */
  const times = [];
  try {
    for (const path of paths) {
      await before?.();
      const { status, ms, body } = await get(agent, base, path, headers);
      if (status !== 200) throw new Error(`GET ${path}: HTTP ${status} ${body.slice(0, 200)}`);
      times.push(ms);
    }
  } finally {
    agent.destroy();
  }
  return { median: quantile(times, 0.5), p99: quantile(times, 0.99), count: times.length };
}

/**
 * {@link CLIENTS} clients at once, each with a connection and token of its own from its own loopback address,
 * each asking the next path as soon as it has its answer, until {@link CONCURRENT_MS} have passed.
 * @param {URL} base
 * @param {Iterator<string>} paths
 */
export async function clientsAtOnce(base, paths) {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const localAddress = `127.0.0.${i + 2}`;
      const token = await operatorToken(base, localAddress);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
      return { agent, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } };
    }),
  );
  /** @type {number[]} */
  const times = [];
  const failed = { timeout: 0, dropped: 0, other: 0 };
  let ranOut = false;
  const started = performance.now();
  const end = started + CONCURRENT_MS;
  await Promise.all(
    clients.map(async ({ agent, headers }) => {
      while (performance.now() < end) {
        const path = paths.next();
        if (path.done) {
          ranOut = true;
          break;
        }
        try {
          const { status, ms } = await get(agent, base, path.value, headers);
          if (status === 200) times.push(ms);
          else if (status === 408) failed.timeout++;
          else failed.other++;
        } catch {
          failed.dropped++;
        }
      }
      agent.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { times, failed, seconds, ranOut, answers: times.length + failed.timeout + failed.other };
}

/**
 * The rows of one size.
 * @param {number} members
 * @returns {Promise<Row[]>}
 */
async function benchSize(members) {
  const size = members >= 1e6 ? `${members / 1e6}M` : `${members / 1e3}k`;
  const dir = await mkdtemp(join(tmpdir(), 'bench-service-'));
  const dataFile = join(dir, 'store.json');
  const { memberships } = await writeStoreFile(dataFile, members);
  const loadBefore = loadNow();
  const service = await startServiceProcess({ dataFile });
  try {
    const started = await service.memory();
    const base = new URL(service.baseUrl.replace('localhost', '127.0.0.1'));
    const headers = { authorization: `Bearer ${await operatorToken(base)}`, accept: 'application/json' };
    const queries = unseenQueries();
    const take = (/** @type {number} */ count) => Array.from({ length: count }, () => queries.next().value ?? '');

    const first = await oneAfterTheOther(base, take(1), headers);
    await service.ask('indexed');
    const indexedMs = service.sinceStart();
    const indexedCpuMs = await service.cpuMs();
    // a filter that matched nothing would cost less than the rows claim to measure
    const probe = await get(new http.Agent(), base, membersPage(nameFilter(PERSON_NAMES.at(-1) ?? '')), headers);
    const matched = JSON.parse(probe.body).meta.results.total;
    if (!(matched > 0)) throw new Error(`A person name matched ${matched} members`);
    await oneAfterTheOther(base, take(WARM_UP), headers);
    const cpuBeforeFresh = await service.cpuMs();
    const fresh = await oneAfterTheOther(base, take(SEQUENTIAL), headers);
    const freshCpuMs = ((await service.cpuMs()) - cpuBeforeFresh) / fresh.count;
    const afterWrite = await oneAfterTheOther(base, take(AFTER_WRITE), headers, () => service.ask('createMember'));

    const emails = Array.from({ length: EACH_OTHER_ROW }, (_, i) =>
      membersPage(`eq(email,${memberEmail(Math.floor(((i + 0.5) * members) / EACH_OTHER_ROW))})`),
    );
    const byEmail = await oneAfterTheOther(base, emails, headers);
    const account = `/v2/accounts/${WHOLESALE_ACCOUNT.id}/account-memberships`;
    const pages = Array.from(
      { length: EACH_OTHER_ROW },
      (_, i) => `${account}?sort=name&page[limit]=100&page[offset]=${(i * 100) % 10_000}&include=account_member`,
    );
    const membershipList = await oneAfterTheOther(base, pages, headers);
    const unassigned = PERSON_NAMES.slice(0, EACH_OTHER_ROW).map(
      (name) => `${account}/unassigned-account-members?filter=${encodeURIComponent(nameFilter(name))}&page[limit]=100`,
    );
    const unassignedList = await oneAfterTheOther(base, unassigned, headers);

    const loadBeforeClients = loadNow();
    const cpuBeforeCrowd = await service.cpuMs();
    const crowd = await clientsAtOnce(base, queries);
    const crowdCpuMs = ((await service.cpuMs()) - cpuBeforeCrowd) / crowd.answers;
    const end = await service.memory();

    const sequential = `one after the other`;
    const newFilter = `a filter not asked before, sort=name, 100 a page`;
    const { timeout, dropped, other } = crowd.failed;
    return [
      {
        name: `${size}: start-up`,
        value: Math.round(service.startMs),
        unit: 'ms',
        note: `process start → service answering, from --data with ${members.toLocaleString('en')} members and ${memberships.toLocaleString('en')} memberships; target at 1M ≤ 5,000 ms; load average ${loadBefore}`,
      },
      {
        name: `${size}: start-up, CPU time`,
        value: Math.round(service.startCpuMs),
        unit: 'ms',
        note: 'of the service process, all its threads: what a start costs, however busy the machine is',
      },
      {
        name: `${size}: RSS after start-up`,
        value: mb(started.rss),
        unit: 'MB',
        note: `heap ${mb(started.heapUsed)} MB`,
      },
      {
        name: `${size}: members indexes ready`,
        value: Math.round(indexedMs),
        unit: 'ms',
        note: `from process start; they are built in slices after start-up, while the service answers; CPU time from process start ${Math.round(indexedCpuMs)} ms`,
      },
      {
        name: `${size}: members query, the first after start-up`,
        value: round(first.median),
        unit: 'ms',
        note: `like(name,*<first> <last>*), ${newFilter}; asked as soon as the service answers, it waits for the indexes`,
      },
      {
        name: `${size}: members query, new filter: median / p99`,
        value: `${round(fresh.median)} / ${round(fresh.p99)}`,
        unit: 'ms',
        note: `${fresh.count} ${sequential}, each ${newFilter}, about ${matched} matches; service CPU ${round(freshCpuMs)} ms an answer; target at 1M: median ≤ 20 ms`,
      },
      {
        name: `${size}: the same right after a write: median / p99`,
        value: `${round(afterWrite.median)} / ${round(afterWrite.p99)}`,
        unit: 'ms',
        note: `${afterWrite.count} times: a new member written (answered once on disk), then a new filter; target at 1M: median ≤ 30 ms`,
      },
      {
        name: `${size}: members query eq(email,…): median / p99`,
        value: `${round(byEmail.median)} / ${round(byEmail.p99)}`,
        unit: 'ms',
        note: `${byEmail.count} ${sequential}, each a different address`,
      },
      {
        name: `${size}: memberships of an account, sort=name: median / p99`,
        value: `${round(membershipList.median)} / ${round(membershipList.p99)}`,
        unit: 'ms',
        note: `${membershipList.count} pages of 100 with include=account_member; the account has ${memberships.toLocaleString('en')} members`,
      },
      {
        name: `${size}: unassigned members of that account, name filter: median / p99`,
        value: `${round(unassignedList.median)} / ${round(unassignedList.p99)}`,
        unit: 'ms',
        note: `${unassignedList.count} ${sequential}, like(name,*<first> <last>*), default sort`,
      },
      {
        name: `${size}: ${CLIENTS} clients at once: p99`,
        value: round(quantile(crowd.times, 0.99)),
        unit: 'ms',
        note: `median ${round(quantile(crowd.times, 0.5))} ms, p90 ${round(quantile(crowd.times, 0.9))} ms, slowest ${round(Math.max(...crowd.times))} ms; each client its own address, token and connection, a new filter under one of ${SORTS.length} sorts each request, for ${CONCURRENT_MS / 1000} s${crowd.ranOut ? ' (ran out of unseen filters)' : ''}; target at 1M ≤ 500 ms; load average ${loadBeforeClients}`,
      },
      {
        name: `${size}: ${CLIENTS} clients at once: answers/s`,
        value: round(crowd.answers / crowd.seconds),
        unit: 'req/s',
        note: `${crowd.answers} answers in ${crowd.seconds.toFixed(1)} s (the last ones waited for); service CPU ${round(crowdCpuMs)} ms an answer`,
      },
      {
        name: `${size}: ${CLIENTS} clients at once: 408 / dropped / other errors`,
        value: `${timeout} / ${dropped} / ${other}`,
        unit: 'count',
        note: 'target: none',
      },
      {
        name: `${size}: RSS at the end / peak`,
        value: `${mb(end.rss)} / ${mb(end.peakRss)}`,
        unit: 'MB',
        note: `heap ${mb(end.heapUsed)} MB; target at 1M ≤ 600 MB; load average at the end ${loadNow()}`,
      },
    ];
  } finally {
    await service.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** @param {number[]} [sizes] @returns {Promise<Row[]>} */
export async function benchService(sizes = SIZES) {
  /** @type {Row[]} */
  const rows = [];
  for (const members of sizes) rows.push(...(await benchSize(members)));
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv.slice(2).map(Number);
  const rows = await benchService(sizes.length ? sizes : undefined);
  console.log(
    `load average (1, 5, 15 min) at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  console.table(rows.map((r) => ({ name: r.name, value: r.value, unit: r.unit, note: r.note ?? '' })));
}
