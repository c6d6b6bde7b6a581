/**
 * Service benchmark: 100,000 members, a filtered, sorted page of the members list with an operator token,
 * measured sequentially (median, p99) and under 32 concurrent keep-alive connections (requests per second),
 * beside a trivial route (OPTIONS preflight) as a baseline. Loopback only, bounded loops.
 *
 * The service keeps the results of recent queries until the data changes, so one URL asked again is a cache
 * lookup, not a query. The query rows therefore send a different filter with every request, each filter once
 * (a person's first and last name, as an operator searching the directory would); the rows that repeat one URL
 * say "cached".
 * Run alone: `node bench/service.mjs`.
 */
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { startService } from '../server/index.js';

const MEMBERS = 100_000;
const SEQUENTIAL_REQUESTS = 200;
const WARM_UP_REQUESTS = 50;
const CONCURRENCY = 32;
const THROUGHPUT_MS = 3000;
const membersPage = (/** @type {string} */ filter) => `/v2/account-members?filter=${filter}&sort=name&page[limit]=100`;
const REPEATED = membersPage('like(name,*an*)');

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Barbara',
  'Dennis',
  'Frances',
  'Ken',
  'Margaret',
  'Radia',
  'Tim',
  'Vint',
  'Hedy',
  'John',
  'Mary',
  'Sophie',
  'Edsger',
  'Donald',
  'Niklaus',
  'Leslie',
  'Shafi',
  'Judea',
  'Robin',
  'Whitfield',
  'Adele',
  'Jean',
  'Kathleen',
  'Evelyn',
  'Carl',
  'Claude',
  'Stephen',
  'Annie',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Liskov',
  'Ritchie',
  'Allen',
  'Thompson',
  'Hamilton',
  'Perlman',
  'Lee',
  'Cerf',
  'Lamarr',
  'Backus',
  'Jackson',
  'Wilson',
  'Dijkstra',
  'Knuth',
  'Wirth',
  'Lamport',
  'Goldwasser',
  'Pearl',
  'Milner',
  'Diffie',
  'Goldberg',
  'Sammet',
  'Booth',
  'Boyd',
  'Petri',
  'Shannon',
  'Cook',
  'Easley',
];

/** One query per person name in the data: 1,024 filters, each matching about 98 members. */
const PERSON_QUERIES = FIRST.flatMap((first) =>
  LAST.map((last) => membersPage(`like(name,*${encodeURIComponent(`${first} ${last}`)}*)`)),
);

/** @param {number[]} values @param {number} q */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * One request on a keep-alive agent; resolves with the status after reading the body.
 * @param {http.Agent} agent
 * @param {URL} base
 * @param {string} method
 * @param {string} path
 * @param {Record<string, string>} headers
 */
function request(agent, base, method, path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: base.hostname, port: base.port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

/** @param {string} path @param {number} times */
function* repeat(path, times) {
  for (let i = 0; i < times; i++) yield path;
}

/**
 * One request after the other, one per path.
 * @param {URL} base
 * @param {string} method
 * @param {Iterable<string>} paths
 * @param {Record<string, string>} headers
 */
async function sequential(base, method, paths, headers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  for (const path of paths) {
    const t0 = performance.now();
    const status = await request(agent, base, method, path, headers);
    times.push(performance.now() - t0);
    if (status !== 200 && status !== 204) throw new Error(`${method} ${path}: HTTP ${status}`);
  }
  agent.destroy();
  return { median: quantile(times, 0.5), p99: quantile(times, 0.99), count: times.length };
}

/**
 * Requests per second over {@link CONCURRENCY} connections, each path once, until the paths or the time run out.
 * @param {URL} base
 * @param {string} method
 * @param {Iterable<string>} paths
 * @param {Record<string, string>} headers
 */
async function throughput(base, method, paths, headers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const next = paths[Symbol.iterator]();
  const end = performance.now() + THROUGHPUT_MS;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let path = next.next(); !path.done && performance.now() < end; path = next.next()) {
        const status = await request(agent, base, method, path.value, headers);
        if (status !== 200 && status !== 204) throw new Error(`${method} ${path.value}: HTTP ${status}`);
        done++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { rps: done / seconds, count: done, seconds };
}

/** @returns {Promise<Array<{ name: string, value: number, unit: string, note?: string }>>} */
export async function benchService() {
  const service = await startService({ port: 0, host: '127.0.0.1', quiet: true });
  try {
    const t0 = performance.now();
    service.store.addMembersBulk(
      Array.from({ length: MEMBERS }, (_, i) => ({
        name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
        email: `member${i}@bench.example`,
        created_at: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
      })),
    );
    const loadMs = performance.now() - t0;
    const base = new URL(service.baseUrl.replace('localhost', '127.0.0.1'));
    const response = await fetch(new URL('/oauth/access_token', base), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'admin',
        client_secret: 'admin-secret',
      }),
    });
    const { access_token: token } = await response.json();
    const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const first = performance.now();
    await request(new http.Agent(), base, 'GET', REPEATED, auth);
    const coldMs = performance.now() - first;
    // a filter that matched nothing would be a cheaper request than the rows claim to measure; checked sorted
    // by email, so the measured requests below still find nothing of theirs in the result cache
    for (const path of [REPEATED, PERSON_QUERIES[0], PERSON_QUERIES.at(-1)]) {
      const answer = await fetch(new URL(path.replace('sort=name', 'sort=email'), base), { headers: auth });
      const total = (await answer.json()).meta?.results?.total;
      if (!(total > 0)) throw new Error(`${path} matched ${total} members`);
    }

    // each person filter is sent once in the whole run: a few to warm the code up (not counted), then the
    // sequential requests, then the concurrent ones
    const queries = PERSON_QUERIES[Symbol.iterator]();
    const take = (/** @type {number} */ count) => Array.from({ length: count }, () => queries.next().value ?? '');
    await sequential(base, 'GET', take(WARM_UP_REQUESTS), auth);
    const freshSeq = await sequential(base, 'GET', take(SEQUENTIAL_REQUESTS), auth);
    const freshRps = await throughput(base, 'GET', queries, auth);
    const cachedSeq = await sequential(base, 'GET', repeat(REPEATED, SEQUENTIAL_REQUESTS), auth);
    const cachedRps = await throughput(base, 'GET', repeat(REPEATED, Infinity), auth);
    const preflight = { 'origin': 'http://shop.example', 'access-control-request-method': 'GET' };
    const baseSeq = await sequential(base, 'OPTIONS', repeat('/v2/account-members', SEQUENTIAL_REQUESTS), preflight);
    const baseRps = await throughput(base, 'OPTIONS', repeat('/v2/account-members', Infinity), preflight);

    const round = (/** @type {number} */ n, /** @type {number} */ d = 2) => Number(n.toFixed(d));
    const members = `${MEMBERS.toLocaleString('en')} members`;
    const freshNote = `like(name,*<first> <last>*), sort=name, 100 a page; a different name each request, never repeated`;
    const cachedNote = `${REPEATED} asked again: the service's result cache answers`;
    const connections = (/** @type {{ count: number, seconds: number }} */ run) =>
      `${CONCURRENCY} keep-alive connections, ${run.count} requests in ${run.seconds.toFixed(1)} s`;
    return [
      { name: 'service: bulk load members', value: round(loadMs, 0), unit: 'ms', note: members },
      {
        name: 'service: members query, first (builds the sort index)',
        value: round(coldMs, 1),
        unit: 'ms',
        note: REPEATED,
      },
      {
        name: 'service: members query median, new filter each request',
        value: round(freshSeq.median),
        unit: 'ms',
        note: `${freshSeq.count} sequential; ${freshNote}; target < 50 ms`,
      },
      {
        name: 'service: members query p99, new filter each request',
        value: round(freshSeq.p99),
        unit: 'ms',
        note: `${freshSeq.count} sequential; ${freshNote}`,
      },
      {
        name: 'service: members query throughput, new filter each request',
        value: round(freshRps.rps, 0),
        unit: 'req/s',
        note: `${connections(freshRps)}; each filter once, none used above`,
      },
      {
        name: 'service: members query median, cached',
        value: round(cachedSeq.median),
        unit: 'ms',
        note: `${cachedSeq.count} sequential; ${cachedNote}`,
      },
      {
        name: 'service: members query p99, cached',
        value: round(cachedSeq.p99),
        unit: 'ms',
        note: `${cachedSeq.count} sequential; ${cachedNote}`,
      },
      {
        name: 'service: members query throughput, cached',
        value: round(cachedRps.rps, 0),
        unit: 'req/s',
        note: `${connections(cachedRps)}; ${cachedNote}`,
      },
      { name: 'service: preflight median (baseline)', value: round(baseSeq.median), unit: 'ms', note: 'OPTIONS' },
      { name: 'service: preflight p99 (baseline)', value: round(baseSeq.p99), unit: 'ms', note: 'OPTIONS' },
      {
        name: 'service: preflight throughput (baseline)',
        value: round(baseRps.rps, 0),
        unit: 'req/s',
        note: connections(baseRps),
      },
    ];
  } finally {
    await service.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchService();
  console.table(rows.map((r) => ({ name: r.name, value: r.value, unit: r.unit, note: r.note ?? '' })));
}
