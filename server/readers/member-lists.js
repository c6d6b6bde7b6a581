/**
 * The members lists (filter, sort, page) answered in threads of their own, each with its own connection to the
 * store's database file: SQLite's reads are synchronous, and a list that reads a million members would keep
 * every other request waiting on the service's one thread. Writes stay on that thread; a thread's read sees
 * every change answered before it was asked (WAL). A store in memory is read on the service's thread.
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
 * @typedef {{ id: number, key: string, query: SentQuery, offset: number, limit: number }} PageAsked
 * @typedef {{ id: number, total: number, rows: MemberRecord[], error?: undefined }
 *   | { id: number, error: string }} PageAnswered
 * @typedef {{ resolve: (page: MembersPage) => void, reject: (error: Error) => void }} Waiting
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
  /** @type {QueryCache<import('../domain/member-tables.js').MemberMatches>} */
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
        workerData: { file, bounds },
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      worker.unref();
      /** @type {ListThread} */
      const thread = { worker, waiting: new Map() };
      worker.on('message', (/** @type {PageAnswered} */ answer) => {
        const waiting = thread.waiting.get(answer.id);
        thread.waiting.delete(answer.id);
        if (answer.error === undefined) waiting?.resolve({ total: answer.total, rows: answer.rows });
        else waiting?.reject(new Error(`A members list failed in its thread: ${answer.error}`));
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
    if (!thread) {
      const matched = this.#cache.get(this.#store.version, key, () => this.#store.findMembers(query));
      return { total: matched.total, rows: matched.page(offset, limit) };
    }
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage(/** @type {PageAsked} */ ({ id, key, query: sendable(query), offset, limit }));
    });
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
