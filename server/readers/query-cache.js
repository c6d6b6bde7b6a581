/**
 * The matches of the last queries asked, kept while the data they were read from is unchanged: paging through a
 * large filtered list does not count it again.
 */

/** The most queries kept, the least recently asked given up first. */
const QUERIES_KEPT = 32;

/** @template T */
export class QueryCache {
  /** @type {Map<string, T>} */
  #entries = new Map();
  /** @type {number | undefined} */
  #version;

  /**
   * The value kept for `key` at this version of the data, else `compute()`'s, then kept.
   * @param {number} version changes with every change of the data
   * @param {string} key
   * @param {() => T} compute
   * @returns {T}
   */
  get(version, key, compute) {
    if (version !== this.#version) this.#entries.clear();
    this.#version = version;
    const entries = this.#entries;
    const value = entries.has(key) ? /** @type {T} */ (entries.get(key)) : compute();
    // a computation that failed is not kept
    if (value instanceof Promise) value.catch(() => entries.get(key) === value && entries.delete(key));
    entries.delete(key);
    entries.set(key, value);
    if (entries.size > QUERIES_KEPT) entries.delete(/** @type {string} */ (entries.keys().next().value));
    return value;
  }
}
