/**
 * The reference service in a process of its own for the benchmarks, so that its start-up time and memory are
 * its own and the load generator's work does not share its event loop. The parent asks it things over IPC:
 * `startServiceProcess()` forks this file, which starts the service from a data file and then answers.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { favourSmallHeaps, YOUNG_GENERATION_MB } from '../server/heap-settings.js';

/**
 * @typedef {{ rss: number, peakRss: number, heapUsed: number }} Memory bytes: now, the most so far, JS heap
 * @typedef {{
 *   baseUrl: string,
 *   startMs: number,
 *   startCpuMs: number,
 *   sinceStart: () => number,
 *   ask: (command: string, arg?: unknown) => Promise<any>,
 *   cpuMs: () => Promise<number>,
 *   memory: () => Promise<Memory>,
 *   stop: () => Promise<void>,
 * }} ServiceProcess
 */

/**
 * Starts the service on a free loopback port with the data file `dataFile`; `startMs` is the time from the
 * fork to the service answering (node's start, the modules, reading the data, the identity provider), and
 * `startCpuMs` the CPU time the service's process used for it.
 * @param {{ dataFile: string, limits?: Record<string, unknown> }} options
 * @returns {Promise<ServiceProcess>}
 */
export async function startServiceProcess({ dataFile, limits = {} }) {
  const started = performance.now();
  // the young generation the service's command gives the thread it runs the service in (two semi-spaces of half
  // of it), and node's own flags for profiling (`BENCH_SERVICE_FLAGS="--cpu-prof --trace-gc"`)
  const flags = (process.env.BENCH_SERVICE_FLAGS ?? '').split(' ').filter(Boolean);
  const execArgv = [`--max-semi-space-size=${YOUNG_GENERATION_MB / 2}`, ...flags];
  const child = fork(fileURLToPath(import.meta.url), ['--child'], { stdio: 'inherit', execArgv });
  let next = 0;
  /** @type {Map<number, { resolve: (value: any) => void, reject: (error: Error) => void }>} */
  const waiting = new Map();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.on('message', (/** @type {any} */ { id, value, error }) => {
    const asked = waiting.get(id);
    waiting.delete(id);
    if (error) asked?.reject(new Error(error));
    else asked?.resolve(value);
  });
  child.once('exit', (code) => {
    for (const asked of waiting.values()) asked.reject(new Error(`The service process ended (${code})`));
  });
  /** @type {ServiceProcess['ask']} */
  const ask = (command, arg) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, command, arg });
    });
  const { baseUrl, cpuMs } = await ask('start', { dataFile, limits });
  return {
    baseUrl,
    startMs: performance.now() - started,
    startCpuMs: cpuMs,
    sinceStart: () => performance.now() - started,
    ask,
    memory: () => ask('memory'),
    cpuMs: () => ask('cpu'),
    async stop() {
      // a process that ends by itself writes what its flags ask for (a --cpu-prof profile); a kill if it does not
      const timer = setTimeout(() => child.kill(), 5000);
      child.send({ id: next++, command: 'exit' });
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The most memory the process has held (Linux: VmHWM), else its memory now. */
function peakRss() {
  try {
    const kb = /VmHWM:\s*(\d+)\s*kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return process.memoryUsage().rss;
}

/** The child: the service, and the answers to the parent's questions. */
async function child() {
  // as the service's command does before it starts the service
  favourSmallHeaps();
  const { startService } = await import('../server/index.js');
  /** @type {Awaited<ReturnType<typeof startService>> | undefined} */
  let service;
  let created = 0;
  /** @type {Record<string, (arg: any) => unknown>} */
  const commands = {
    async start({ dataFile, limits }) {
      // the threads that answer the members lists (`BENCH_LIST_THREADS=2`), else the service's default
      const threads = process.env.BENCH_LIST_THREADS;
      const listThreads = threads === undefined ? undefined : Number(threads);
      service = await startService({ port: 0, host: '127.0.0.1', quiet: true, dataFile, limits, listThreads });
      // the CPU time the process has used so far, every thread (the collector's too): on a shared machine
      // the time to answer mostly waits for a core, and this is the number that compares between runs
      const { user, system } = process.cpuUsage();
      return { baseUrl: service.baseUrl, cpuMs: (user + system) / 1000 };
    },
    /** The CPU time the process has used so far (every thread), in ms: what requests cost, whatever the load. */
    cpu: () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    },
    exit: () => process.exit(0),
    memory: () => ({ ...process.memoryUsage(), peakRss: peakRss() }),
    /** Resolves once the store's indexes are built (they are built in the background after start-up). */
    indexed: () => service?.store.indexed?.(),
    /** A new member, as a shopper's first sign-in makes one; answered once it is written. */
    async createMember() {
      const n = created++;
      const member = await service?.store.createMember({
        name: `Written Member ${n}`,
        email: `written${n}@bench.example`,
      });
      return member?.id;
    },
  };
  process.on('message', async (/** @type {any} */ { id, command, arg }) => {
    try {
      process.send?.({ id, value: await commands[command](arg) });
    } catch (error) {
      process.send?.({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--child')) await child();
