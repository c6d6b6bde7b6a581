/**
 * Service benchmark: 100,000 members, a filtered, sorted page of the members list with an operator token,
 * measured sequentially (median, p99) and under 32 concurrent keep-alive connections (requests per second),
 * beside a trivial route (OPTIONS preflight) as a baseline. Loopback only, bounded loops.
 * Run alone: `node bench/service.mjs`.
 */
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { startService } from '../server/index.js';

const MEMBERS = 100_000;
const SEQUENTIAL_REQUESTS = 200;
const CONCURRENCY = 32;
const THROUGHPUT_MS = 3000;
const QUERY = '/v2/account-members?filter=like(name,*an*)&sort=name&page[limit]=100';

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
];

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

/**
 * @param {URL} base
 * @param {string} method
 * @param {string} path
 * @param {Record<string, string>} headers
 * @param {() => void} [beforeEach]
 */
async function sequential(base, method, path, headers, beforeEach) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
    beforeEach?.();
    const t0 = performance.now();
    const status = await request(agent, base, method, path, headers);
    times.push(performance.now() - t0);
    if (status !== 200 && status !== 204) throw new Error(`${method} ${path}: HTTP ${status}`);
  }
  agent.destroy();
  return { median: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/**
 * @param {URL} base
 * @param {string} method
 * @param {string} path
 * @param {Record<string, string>} headers
 */
async function throughput(base, method, path, headers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const end = performance.now() + THROUGHPUT_MS;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await request(agent, base, method, path, headers);
        done++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return done / seconds;
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
    await request(new http.Agent(), base, 'GET', QUERY, auth);
    const coldMs = performance.now() - first;

    const preflight = { 'origin': 'http://shop.example', 'access-control-request-method': 'GET' };
    const baseSeq = await sequential(base, 'OPTIONS', '/v2/account-members', preflight);
    const listSeq = await sequential(base, 'GET', QUERY, auth);
    // the store caches query results until the next change; this forgets them before every request
    const uncachedSeq = await sequential(base, 'GET', QUERY, auth, () => service.store.queryCache.clear());
    const baseRps = await throughput(base, 'OPTIONS', '/v2/account-members', preflight);
    const listRps = await throughput(base, 'GET', QUERY, auth);
    const round = (/** @type {number} */ n, /** @type {number} */ d = 2) => Number(n.toFixed(d));
    const note = `${MEMBERS} members`;
    return [
      { name: 'service: bulk load members', value: round(loadMs, 0), unit: 'ms', note },
      { name: 'service: members query, first (builds sort index)', value: round(coldMs, 1), unit: 'ms', note: QUERY },
      {
        name: 'service: members query median',
        value: round(listSeq.median),
        unit: 'ms',
        note: `${SEQUENTIAL_REQUESTS} sequential, target < 50 ms`,
      },
      {
        name: 'service: members query p99',
        value: round(listSeq.p99),
        unit: 'ms',
        note: `${SEQUENTIAL_REQUESTS} sequential`,
      },
      {
        name: 'service: members query median, uncached',
        value: round(uncachedSeq.median),
        unit: 'ms',
        note: 'result cache cleared before each request',
      },
      {
        name: 'service: members query p99, uncached',
        value: round(uncachedSeq.p99),
        unit: 'ms',
        note: 'result cache cleared before each request',
      },
      {
        name: 'service: members query throughput',
        value: round(listRps, 0),
        unit: 'req/s',
        note: `${CONCURRENCY} keep-alive connections, ${THROUGHPUT_MS / 1000} s`,
      },
      { name: 'service: preflight median (baseline)', value: round(baseSeq.median), unit: 'ms', note: 'OPTIONS' },
      { name: 'service: preflight p99 (baseline)', value: round(baseSeq.p99), unit: 'ms', note: 'OPTIONS' },
      {
        name: 'service: preflight throughput (baseline)',
        value: round(baseRps, 0),
        unit: 'req/s',
        note: `${CONCURRENCY} keep-alive connections, ${THROUGHPUT_MS / 1000} s`,
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
