/**
 * The reference service under abuse and load, each case in a child process of its own (so the load
 * generator's memory and event loop do not count):
 * - memory: heap after 20,000 unauthenticated sign-in starts (`/oidc/authorize`) and 20,000 unauthenticated
 *   identity provider requests (`/idp/auth`), from one client address and from 20, and after they expire;
 * - writes: 100,000 members in a data file, membership POSTs from 4 concurrent writers while `/health` is
 *   asked every 10 ms, with two snapshots of the 100,000 members written during the run;
 * - floods: `/health` asked every 10 ms while 4 clients send 1 MB deeply nested JSON bodies 6 times a second
 *   each, and while 200 connections pipeline 2,000 requests each and never read the answers;
 * - filters: the most costly member filter at 100,000 members, the one a client can craft (15 kB) and the
 *   worst the bounds let through;
 * - limiter: what a new client address costs once 100,000 are known.
 * Loopback only, bounded loops. Run alone: `node bench/service-abuse.mjs [memory writes floods filters limiter]`.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { quantile, round } from './stats.mjs';

const REQUESTS = 20_000;
const ADDRESSES = 20;
const MEMBERS = 100_000;
const WRITERS = 4;
const WRITE_MS = 8000;
const HEALTH_EVERY_MS = 10;
const FLOOD_MS = 8000;
const NESTED_CLIENTS = 4;
const NESTED_PER_SECOND = 6;
const NESTED_BYTES = 2 ** 20;
const PIPE_CONNECTIONS = 200;
const PIPELINED = 2000;
const FILTER_RUNS = 5;
const LIMITER_KNOWN = 100_000;
const LIMITER_NEW = 10_000;

const mb = (/** @type {number} */ bytes) => round(bytes / 2 ** 20);

/**
 * The service in a child process, driven over IPC (see `child()` below).
 * @param {Record<string, unknown>} options
 */
async function startChild(options) {
  const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--expose-gc'], stdio: 'inherit' });
  let next = 0;
  /** @type {Map<number, (value: any) => void>} */
  const waiting = new Map();
  child.on('message', (/** @type {any} */ message) => {
    waiting.get(message.id)?.(message.value);
    waiting.delete(message.id);
  });
  /** @param {string} command @param {unknown} [arg] @returns {Promise<any>} */
  const ask = (command, arg) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      child.send({ id, command, arg });
    });
  const baseUrl = await ask('start', options);
  return { child, ask, baseUrl: /** @type {string} */ (baseUrl) };
}

/**
 * One request; resolves with the status and how long it took (ms).
 * @param {http.Agent} agent
 * @param {URL} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string, localAddress?: string }} [options]
 * @returns {Promise<{ status: number, ms: number }>}
 */
function timed(agent, url, { method = 'GET', headers = {}, body, localAddress } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        localAddress,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** @param {string} baseUrl */
async function operatorToken(baseUrl) {
  const response = await fetch(`${baseUrl}/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'admin', client_secret: 'admin-secret' }),
  });
  return /** @type {string} */ ((await response.json()).access_token);
}

/**
 * The address a storefront sends a shopper to, and the identity provider's address it leads to.
 * @param {string} baseUrl
 */
async function signInAddresses(baseUrl) {
  const base = new URL(baseUrl.replace('localhost', '127.0.0.1'));
  const token = await fetch(`${baseUrl}/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'implicit', client_id: 'storefront' }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${token.access_token}` };
  const settings = await fetch(`${baseUrl}/v2/settings/account-authentication`, { headers }).then((r) => r.json());
  const realm = settings.data.relationships.authentication_realm.data.id;
  const profiles = await fetch(`${baseUrl}/v2/authentication-realms/${realm}/oidc-profiles`, { headers }).then((r) =>
    r.json(),
  );
  const authorize = new URL(profiles.data[0].links['authorization-endpoint']);
  const params = {
    scope: 'openid email',
    response_type: 'code',
    client_id: settings.data.meta.client_id,
    redirect_uri: 'http://localhost:5173/',
    state: 'bench',
    code_challenge_method: 'S256',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  // a browser's first visit is sent back with a cookie (the service's cookie check): follow it once, as a browser
  let first = await fetch(authorize, { redirect: 'manual' });
  if (first.status === 307) {
    const cookie = first.headers.getSetCookie()[0].split(';')[0];
    first = await fetch(new URL(/** @type {string} */ (first.headers.get('location')), authorize), {
      redirect: 'manual',
      headers: { cookie },
    });
  }
  const idp = new URL(/** @type {string} */ (first.headers.get('location')));
  // by address, so that requests can come from several loopback addresses
  for (const url of [authorize, idp]) url.hostname = base.hostname;
  return { authorize, idp };
}

/**
 * Sends `count` requests to `url`, from the given loopback addresses in turn, 16 at a time.
 * @param {URL} url
 * @param {number} count
 * @param {string[]} addresses
 */
async function flood(url, count, addresses) {
  const agents = addresses.map((localAddress) => new http.Agent({ keepAlive: true, maxSockets: 16, localAddress }));
  let sent = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (sent < count) {
        const i = sent++;
        const { status } = await timed(agents[i % agents.length], url);
        if (status >= 400) throw new Error(`${url.pathname}: HTTP ${status}`);
      }
    }),
  );
  for (const agent of agents) agent.destroy();
}

async function benchMemory() {
  /** @type {Array<{ name: string, value: number, unit: string, note?: string }>} */
  const rows = [];
  for (const addressCount of [1, ADDRESSES]) {
    const addresses = Array.from({ length: addressCount }, (_, i) => `127.0.0.${i + 2}`);
    const { child, ask, baseUrl } = await startChild({ sweepIntervalMs: 200 });
    try {
      const { authorize, idp } = await signInAddresses(baseUrl);
      const before = await ask('heap');
      /** @type {number[]} */
      const after = [];
      for (let round = 0; round < 2; round++) {
        await flood(authorize, REQUESTS, addresses);
        await flood(idp, REQUESTS, addresses);
        after.push(await ask('heap'));
      }
      const kept = await ask('stats');
      await ask('expire');
      const swept = await ask('heap');
      const from = addressCount === 1 ? 'one address' : `${addressCount} addresses`;
      const what = `${REQUESTS} GET /oidc/authorize + ${REQUESTS} GET /idp/auth from ${from}`;
      rows.push(
        { name: `heap before the requests (${from})`, value: mb(before), unit: 'MB', note: 'after start, gc' },
        { name: `heap after the requests (${from})`, value: mb(after[0]), unit: 'MB', note: what },
        {
          name: `heap after as many again (${from})`,
          value: mb(after[1]),
          unit: 'MB',
          note: `kept ${kept.pendingSignIns} pending sign-ins, ${kept.idpEntries} identity provider entries`,
        },
        { name: `heap once they expired (${from})`, value: mb(swept), unit: 'MB', note: 'swept by the timer, gc' },
      );
    } finally {
      child.kill();
    }
  }
  return rows;
}

/** @param {boolean} syncWrites */
async function benchWrites(syncWrites) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-writes-'));
  const dataFile = join(dir, 'store.json');
  const { child, ask, baseUrl } = await startChild({ dataFile, syncWrites, members: MEMBERS });
  try {
    const base = new URL(baseUrl.replace('localhost', '127.0.0.1'));
    const token = await operatorToken(base.origin);
    const { accounts, members } = await ask('ids');
    const json = { 'authorization': `Bearer ${token}`, 'content-type': 'application/json' };
    /** @type {number[]} */
    const posts = [];
    /** @type {number[]} */
    const health = [];
    const end = performance.now() + WRITE_MS;
    let next = 0;
    const writers = Array.from({ length: WRITERS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < end) {
        const i = next++;
        const body = JSON.stringify({
          data: { type: 'account_membership', account_member_id: members[i % members.length] },
        });
        const url = new URL(`/v2/accounts/${accounts[Math.floor(i / members.length)]}/account-memberships`, base);
        const { status, ms } = await timed(agent, url, { method: 'POST', headers: json, body });
        if (status !== 201) throw new Error(`POST membership: HTTP ${status}`);
        posts.push(ms);
      }
      agent.destroy();
    });
    const prober = (async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < end) {
        health.push((await timed(agent, new URL('/health', base))).ms);
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
      agent.destroy();
    })();
    await Promise.all([...writers, prober]);
    const databaseBytes = (await stat(dataFile)).size;
    const how = syncWrites ? ', --fsync' : '';
    const note = `${MEMBERS} members, ${WRITERS} writers, ${posts.length} POSTs in ${WRITE_MS / 1000} s${how}`;
    return [
      { name: `membership POST median${how}`, value: round(quantile(posts, 0.5), 2), unit: 'ms', note },
      {
        name: `membership POST p99${how}`,
        value: round(quantile(posts, 0.99), 2),
        unit: 'ms',
        note: `target < 50 ms; a database of ${mb(databaseBytes)} MB`,
      },
      { name: `membership POST max${how}`, value: round(Math.max(...posts), 1), unit: 'ms', note },
      {
        name: `/health p99 while writing${how}`,
        value: round(quantile(health, 0.99), 2),
        unit: 'ms',
        note: `target < 20 ms; ${health.length} requests, one every ${HEALTH_EVERY_MS} ms`,
      },
      { name: `/health max while writing${how}`, value: round(Math.max(...health), 1), unit: 'ms', note: '' },
    ];
  } finally {
    child.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Asks `/health` every {@link HEALTH_EVERY_MS} for `ms`, each time whether the last answer came or not (so that a
 * stall counts as long as it lasts, not as one slow answer); resolves with how long each answer took.
 * @param {URL} base
 * @param {number} ms
 */
async function probeHealth(base, ms) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  /** @type {Array<Promise<number>>} */
  const probes = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const sent = performance.now();
    // a probe the service drops counts as long as it waited, and is counted apart
    probes.push(
      timed(agent, new URL('/health', base)).then(
        ({ ms: took }) => took,
        () => -(performance.now() - sent),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  const times = await Promise.all(probes);
  agent.destroy();
  return Object.assign(times.map(Math.abs), { dropped: times.filter((time) => time < 0).length });
}

/**
 * Rows of `/health` answer times under a load.
 * @param {number[] & { dropped?: number }} health
 * @param {string} during what ran meanwhile
 * @param {string} note
 */
function healthRows(health, during, note) {
  const dropped = health.dropped ? `, ${health.dropped} dropped` : '';
  return [
    { name: `/health median during ${during}`, value: round(quantile(health, 0.5), 2), unit: 'ms', note },
    {
      name: `/health p99 during ${during}`,
      value: round(quantile(health, 0.99), 2),
      unit: 'ms',
      note: `target < 50 ms; ${health.length} requests, one every ${HEALTH_EVERY_MS} ms${dropped}`,
    },
  ];
}

/** A JSON body of about `bytes`, nested as deeply as that allows, for the token exchange. */
function nestedBody(/** @type {number} */ bytes) {
  const depth = Math.floor((bytes - 80) / 2);
  return `{"data":{"type":"account_management_authentication_token","x":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
}

/**
 * Sends a body as one request on a connection of its own; resolves with the status, or 0 when the service closed
 * the connection before taking it all (as it does with a body over its bound).
 * @param {URL} url
 * @param {Record<string, string>} headers
 * @param {string} body
 */
function post(url, headers, body) {
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function benchNestedFlood() {
  const { child, ask, baseUrl } = await startChild({});
  try {
    const base = new URL(baseUrl.replace('localhost', '127.0.0.1'));
    const token = await fetch(new URL('/oauth/access_token', base), {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'implicit', client_id: 'storefront' }),
    }).then((r) => r.json());
    const body = nestedBody(NESTED_BYTES);
    const headers = {
      'authorization': `Bearer ${token.access_token}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    };
    const url = new URL('/v2/account-members/tokens', base);
    /** @type {Map<number, number>} */
    const statuses = new Map();
    const cpuBefore = await ask('cpu');
    const end = performance.now() + FLOOD_MS;
    const clients = Array.from({ length: NESTED_CLIENTS }, async () => {
      while (performance.now() < end) {
        const next = performance.now() + 1000 / NESTED_PER_SECOND;
        const status = await post(url, headers, body);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
    });
    const [health] = await Promise.all([probeHealth(base, FLOOD_MS), ...clients]);
    const cpu = ((await ask('cpu')) - cpuBefore) / (FLOOD_MS / 1000);
    const answers = [...statuses].map(([status, count]) => `${count} × ${status || 'closed'}`).join(', ');
    const note =
      `${NESTED_CLIENTS} clients × ${NESTED_PER_SECOND}/s, 1 MB bodies nested ${Math.floor((NESTED_BYTES - 80) / 2)} ` +
      `deep; answers: ${answers}; the service used ${Math.round(cpu)} ms of CPU a second`;
    return healthRows(health, 'a nested-JSON flood', note);
  } finally {
    child.kill();
  }
}

async function benchPipelineFlood() {
  const { child, ask, baseUrl } = await startChild({});
  // the flood comes from a process of its own: writing 200 × 80 kB held this one's event loop up to 200 ms,
  // which delayed the probe's own requests and answers and counted against the service
  const flooder = fork(fileURLToPath(import.meta.url), ['--pipeline-flooder'], { stdio: 'inherit' });
  /** @param {Record<string, unknown>} message @returns {Promise<any>} */
  const tell = (message) =>
    new Promise((resolve) => {
      flooder.once('message', resolve);
      flooder.send(message);
    });
  try {
    const base = new URL(baseUrl.replace('localhost', '127.0.0.1'));
    const target = { host: base.hostname, port: Number(base.port) };
    const cpuBefore = await ask('cpu');
    await tell(target);
    const health = await probeHealth(base, FLOOD_MS);
    const cpu = (await ask('cpu')) - cpuBefore;
    const { closed } = await tell({ count: true, withinMs: 500 });
    // the same flood once more without the probes, to see what the flood alone costs the service
    const cpuAlone = await ask('cpu');
    await tell(target);
    const { closed: closedAlone } = await tell({ count: true, withinMs: 10_000 });
    const perConnection = ((await ask('cpu')) - cpuAlone) / PIPE_CONNECTIONS;
    const note =
      `${PIPE_CONNECTIONS} connections × ${PIPELINED} pipelined requests from another process, never read; ` +
      `${closed} closed by the service; it used ${Math.round(cpu)} ms of CPU with the probes`;
    return [
      ...healthRows(health, 'a pipelining flood', note),
      {
        name: 'service CPU per flooding connection',
        value: round(perConnection, 2),
        unit: 'ms',
        note: `the same flood again without the probes; ${closedAlone} of ${PIPE_CONNECTIONS} closed by the service`,
      },
    ];
  } finally {
    flooder.kill();
    child.kill();
  }
}

/**
 * The flooding process: on `{host, port}` it opens {@link PIPE_CONNECTIONS} connections and writes
 * {@link PIPELINED} requests on each, never reading, and answers once they are all under way; on `{count}` it reads
 * at last, to see which connections the service closed within `withinMs`, and answers how many.
 */
function pipelineFlooder() {
  /** @type {net.Socket[]} */
  let sockets = [];
  process.on('message', async (/** @type {any} */ message) => {
    if (!message.count) {
      const requests = Buffer.from(
        `GET /health HTTP/1.1\r\nHost: ${message.host}:${message.port}\r\n\r\n`.repeat(PIPELINED),
      );
      for (let i = 0; i < PIPE_CONNECTIONS; i++) {
        const socket = net.connect(message.port, message.host);
        socket.on('error', () => {});
        // never reads what comes back
        socket.pause();
        socket.write(requests);
        sockets.push(socket);
      }
      process.send?.({});
      return;
    }
    const closed = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise((resolve) => {
            if (socket.destroyed) return resolve(true);
            socket.once('close', () => resolve(true));
            setTimeout(() => resolve(false), message.withinMs).unref();
            socket.resume();
          }),
      ),
    );
    for (const socket of sockets) socket.destroy();
    sockets = [];
    process.send?.({ closed: closed.filter(Boolean).length });
  });
}

/**
 * Filters for the members list: what a client can craft in 15 kB (many expressions; one pattern of many
 * wildcards), and the costliest the bounds let through: four expressions, four wildcards, all matching every
 * member, so that every test runs on every record. Each is made with `i`, so that no answer comes from the query
 * cache.
 */
const FILTERS = {
  'crafted: 790 expressions in 15 kB': (/** @type {number} */ i) =>
    Array.from({ length: 790 }, () => `like(name,*${'aeiou'[i % 5]}*)`).join(':'),
  'crafted: one pattern of 7,500 wildcards': (/** @type {number} */ i) =>
    `like(email,${`*${'mbe'[i % 3]}`.repeat(7500)}*)`,
  'worst within the bounds: 4 expressions, 4 wildcards, all matching': (/** @type {number} */ i) =>
    [
      'like(email,*m*b*@b*)',
      // the same test written in other letter cases (like ignores case): a different filter each time
      `like(name,${[...'member'].map((c, bit) => ((i >> bit) & 1 ? c.toUpperCase() : c)).join('')})`,
      'like(email,bench)',
      'like(email,example)',
    ].join(':'),
};

async function benchFilters() {
  const { child, ask, baseUrl } = await startChild({ members: MEMBERS });
  try {
    const base = new URL(baseUrl.replace('localhost', '127.0.0.1'));
    const token = await operatorToken(base.origin);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { authorization: `Bearer ${token}` };
    const list = (/** @type {string} */ filter) =>
      timed(agent, new URL(`/v2/account-members?page[limit]=25&filter=${encodeURIComponent(filter)}`, base), {
        headers,
      });
    // the sorted list is made once and kept; the filters are what is measured
    await list('eq(email,nobody@example.com)');
    /** @type {Array<{ name: string, value: number, unit: string, note?: string }>} */
    const rows = [];
    for (const [name, make] of Object.entries(FILTERS)) {
      /** @type {number[]} */
      const times = [];
      /** @type {number[]} */
      const cpu = [];
      /** @type {Set<number>} */
      const statuses = new Set();
      for (let i = 0; i < FILTER_RUNS; i++) {
        const before = await ask('cpu');
        const { status, ms } = await list(make(i));
        cpu.push((await ask('cpu')) - before);
        times.push(ms);
        statuses.add(status);
      }
      // the service's own time (CPU), which other work on the machine does not stretch; the answer's time beside it
      rows.push({
        name: `member filter, ${name}`,
        value: round(Math.max(...cpu), 1),
        unit: 'ms CPU',
        note:
          `slowest of ${FILTER_RUNS}, ${MEMBERS} members, ${make(0).length} characters; HTTP ${[...statuses].join(', ')}; ` +
          `answered in ${round(Math.min(...times), 1)}–${round(Math.max(...times), 1)} ms; target < 200 ms`,
      });
    }
    agent.destroy();
    return rows;
  } finally {
    child.kill();
  }
}

/** What a failed attempt from a new address costs once the limiter knows 100,000 (in this process). */
async function benchLimiter() {
  const { RateLimiter } = await import('../server/http/rate-limit.js');
  const limiter = new RateLimiter(
    { own: { attempts: 600, failures: 20, windowMs: 60_000 }, perThing: { failures: 100 } },
    { attempts: 'token requests', thing: 'this client_id', who: 'this address' },
  );
  const address = (/** @type {number} */ i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  for (let i = 0; i < LIMITER_KNOWN; i++) limiter.failed({ who: address(i), thing: 'admin' });
  const started = performance.now();
  for (let i = LIMITER_KNOWN; i < LIMITER_KNOWN + LIMITER_NEW; i++) limiter.failed({ who: address(i), thing: 'admin' });
  const each = ((performance.now() - started) / LIMITER_NEW) * 1000;
  return [
    {
      name: 'rate limiter: a new address once 100,000 are known',
      value: round(each, 2),
      unit: 'µs',
      note: `mean of ${LIMITER_NEW} new addresses, the table full (the oldest window gives way)`,
    },
  ];
}

const BENCHES = {
  memory: benchMemory,
  writes: async () => [...(await benchWrites(false)), ...(await benchWrites(true))],
  floods: async () => [...(await benchNestedFlood()), ...(await benchPipelineFlood())],
  filters: benchFilters,
  limiter: benchLimiter,
};

/**
 * @param {string[]} [only] names of {@link BENCHES}; all when empty
 * @returns {Promise<Array<{ name: string, value: number, unit: string, note?: string }>>}
 */
export async function benchServiceAbuse(only = []) {
  const rows = [];
  for (const [name, bench] of Object.entries(BENCHES)) {
    if (only.length === 0 || only.includes(name)) rows.push(...(await bench()));
  }
  return rows;
}

/** The child: starts the service and answers the parent's questions. */
async function child() {
  const { startService } = await import('../server/index.js');
  /** @type {Awaited<ReturnType<typeof startService>> | undefined} */
  let service;
  let shift = 0;
  const realNow = Date.now;
  const heap = () => {
    /** @type {() => void} */ (globalThis.gc)();
    return process.memoryUsage().heapUsed;
  };
  /** @type {Record<string, (arg: any) => unknown>} */
  const commands = {
    // CPU time the service has used so far (user + system), in ms
    cpu: () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    },
    async start({ dataFile, syncWrites = false, members = 0, sweepIntervalMs }) {
      service = await startService({ port: 0, quiet: true, dataFile, syncWrites, limits: { sweepIntervalMs } });
      if (members) {
        await service.store.addMembersBulk(
          Array.from({ length: members }, (_, i) => ({ name: `Member ${i}`, email: `member${i}@bench.example` })),
        );
      }
      return service.baseUrl;
    },
    heap,
    stats: () => ({ ...service?.stats() }),
    ids: async () => ({
      accounts: service?.store.accounts.map((a) => a.id),
      // the members added for the bench: none of them has a membership yet
      members: service
        ? (await service.store.findMembers({ exprs: [], attribute: 'created_at', descending: false }))
            .page(0, 10_000)
            .filter((m) => m.email.endsWith('@bench.example'))
            .map((m) => m.id)
        : [],
    }),
    async expire() {
      // as if the 10 minutes a pending sign-in and a login form live had passed; the sweeper does the rest
      shift += 11 * 60_000;
      Date.now = () => realNow() + shift;
      await new Promise((resolve) => setTimeout(resolve, 600));
    },
  };
  process.on('message', async (/** @type {any} */ { id, command, arg }) => {
    process.send?.({ id, value: await commands[command](arg) });
  });
}

if (process.argv.includes('--child')) {
  await child();
} else if (process.argv.includes('--pipeline-flooder')) {
  pipelineFlooder();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchServiceAbuse(process.argv.slice(2));
  // the machine is shared: its load says how far to trust the times
  console.log(
    `load average (1 / 5 / 15 min) at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}`,
  );
  console.table(rows.map((r) => ({ name: r.name, value: r.value, unit: r.unit, note: r.note ?? '' })));
}
