/**
 * The members lists (filter, sort, page) answered in threads of their own, each with its own connection to the
 * store's database file: SQLite's reads are synchronous, and a list that reads a million members would keep
 * every other request waiting on the service's one thread. Writes stay on that thread; a thread's read sees
 * every change answered before it was asked (WAL). A filter no index narrows is a pass over every member: its
 * thread runs one part of it and another thread the rest, side by side. A store in memory is read on the
 * service's thread.
 */
import { Worker } from 'node:worker_threads';
import { UnavailableError } from '../domain/errors.js';
import { WILDCARD } from '../domain/filter.js';
import { QueryCache } from './query-cache.js';

/**
 * @typedef {import('../domain/member-tables.js').MemberQuery} MemberQuery
 * @typedef {import('../domain/store.js').MemberRecord} MemberRecord
 * @typedef {{ total: number, rows: MemberRecord[] }} MembersPage
 * @typedef {import('../domain/filter.js').FilterExpr} FilterExpr
 * @typedef {Omit<MemberQuery, 'exprs'> & { exprs: Array<Omit<FilterExpr, 'parts'> & { parts: Array<string | null> }> }}
 *   SentQuery
 * @typedef {import('../domain/member-tables.js').PassPart} PassPart
 * @typedef {import('../domain/member-tables.js').PassCounted} PassCounted
 * @typedef {{ kind: 'page', id: number, key: string, query: SentQuery, offset: number, limit: number }
 *   | { kind: 'pass', id: number, part: PassPart }
 *   | { kind: 'passed', id: number, counted?: PassCounted, error?: string }} ToThread a page to answer, a part of
 *   another thread's pass to run, the answer to a part this thread asked to be run elsewhere
 * @typedef {{ kind: 'answer', id: number, value?: any, error?: string }
 *   | { kind: 'pass', id: number, part: PassPart }} FromThread an answer, or a part of a pass to run elsewhere
 * @typedef {{ resolve: (value: any) => void, reject: (error: Error) => void }} Waiting
 * @typedef {{ worker: Worker, waiting: Map<number, Waiting> }} ListThread
 */

/**
 * The young generation of a thread's JavaScript heap, at most: a list's garbage is short-lived, and V8 would
 * otherwise let it grow to 64 MB or more per thread.
 */
const YOUNG_GENERATION_MB = 16;

/**
 * A query as a message carries it: a wildcard, a symbol, as `null`.
 * @param {MemberQuery} query
 * @returns {SentQuery}
 */
const sendable = (query) => ({
  ...query,
  exprs: query.exprs.map((expr) => ({ ...expr, parts: expr.parts.map((part) => (part === WILDCARD ? null : part)) })),
});

/**
 * A query a message carried, as it was sent.
 * @param {SentQuery} query
 * @returns {MemberQuery}
 */
export const received = (query) => ({
  ...query,
  exprs: query.exprs.map((expr) => ({ ...expr, parts: expr.parts.map((part) => part ?? WILDCARD) })),
});

export class MemberLists {
  /** @type {ListThread[]} */
  #threads = [];
  #cache = new QueryCache();
  #next = 0;
  #store;
  #log;

  /**
   * @param {import('../domain/store.js').Store} store
   * @param {{ file?: string, threads?: number, bounds?: { fewMatches?: number, narrowingRows?: number },
   *   log?: (message: string) => void }} [options] `file`: the store's database file (without it, or with no
   *   `threads`, the lists are read on this thread); `bounds`: the member tables' (tests)
   */
  constructor(store, { file, threads = 0, bounds, log = () => {} } = {}) {
    this.#store = store;
    this.#log = log;
    if (!file) return;
    const url = new URL('./list-thread.js', import.meta.url);
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(url, {
        workerData: { file, tables: { passParts: threads, ...bounds } },
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      worker.unref();
      /** @type {ListThread} */
      const thread = { worker, waiting: new Map() };
      worker.on('message', (/** @type {FromThread} */ message) => {
        if (message.kind === 'pass') {
          this.#passElsewhere(thread, message.id, message.part);
          return;
        }
        const waiting = thread.waiting.get(message.id);
        thread.waiting.delete(message.id);
        if (message.error === undefined) waiting?.resolve(message.value);
        else waiting?.reject(new Error(`A members list failed in its thread: ${message.error}`));
      });
      worker.on('error', (error) => this.#lose(thread, error));
      worker.on('exit', (code) => this.#lose(thread, new Error(`it ended with code ${code}`)));
      this.#threads.push(thread);
    }
  }

  /**
   * A page of the members a query matches, and their count. Asked again with the same `key` while the store is
   * unchanged, the matches are not looked for again (on the thread that found them, when it is free enough).
   * @param {MemberQuery} query
   * @param {string} key the query as text
   * @param {number} offset
   * @param {number} limit
   * @returns {Promise<MembersPage>}
   */
  async page(query, key, offset, limit) {
    const thread = this.#threadFor(key);
    if (!thread) return this.#cache.page(this.#store.version, key, () => this.#store.findMembers(query), offset, limit);
    return new Promise((resolve, reject) => {
      this.#ask(thread, { kind: 'page', key, query: sendable(query), offset, limit }, { resolve, reject });
    });
  }

  /**
   * @param {ListThread} thread
   * @param {{ kind: ToThread['kind'] } & Record<string, unknown>} message a {@link ToThread} but its id
   * @param {Waiting} waiting
   */
  #ask(thread, message, waiting) {
    const id = this.#next++;
    thread.waiting.set(id, waiting);
    thread.worker.postMessage({ ...message, id });
  }

  /**
   * Runs a part of a thread's pass on the thread with the fewest requests waiting among the others (here, when
   * there is none), and gives the asking thread its count.
   * @param {ListThread} asking
   * @param {number} id
   * @param {PassPart} part
   */
  #passElsewhere(asking, id, part) {
    /** @type {Waiting} */
    const relay = {
      resolve: (counted) => asking.worker.postMessage({ kind: 'passed', id, counted }),
      reject: (error) => asking.worker.postMessage({ kind: 'passed', id, error: error.message }),
    };
    const others = this.#threads.filter((thread) => thread !== asking);
    if (others.length > 0) {
      this.#ask(
        others.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a)),
        { kind: 'pass', part },
        relay,
      );
      return;
    }
    try {
      relay.resolve(this.#store.tables.pass(part));
    } catch (error) {
      relay.reject(/** @type {Error} */ (error));
    }
  }

  /**
   * The thread whose turn it is: the one that last answered `key`, unless another has fewer requests waiting.
   * @param {string} key
   */
  #threadFor(key) {
    const threads = this.#threads;
    if (threads.length === 0) return undefined;
    let hash = 0;
    for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
    const own = threads[Math.abs(hash) % threads.length];
    const least = threads.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    return own.waiting.size <= least.waiting.size ? own : least;
  }

  /**
   * A thread that failed or ended: what waits on it fails, and the others (or this thread) answer from now on.
   * @param {ListThread} thread
   * @param {Error} why
   */
  #lose(thread, why) {
    const at = this.#threads.indexOf(thread);
    if (at < 0) return;
    this.#threads.splice(at, 1);
    this.#log(`a members list thread stopped (${why.message}); ${this.#threads.length} left`);
    for (const waiting of thread.waiting.values()) {
      waiting.reject(new Error(`A members list thread stopped: ${why.message}`));
    }
    thread.waiting.clear();
  }

  /** Ends the threads; what they were asked and have not answered fails. */
  async close() {
    const threads = this.#threads;
    this.#threads = [];
    for (const thread of threads) {
      for (const waiting of thread.waiting.values()) waiting.reject(new UnavailableError('The service is stopping'));
    }
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }
}
