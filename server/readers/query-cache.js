/**
 * The matches of the last queries asked, kept while the data they were read from is unchanged: paging through a
 * large filtered list does not count it again.
 */

/**
 * @typedef {import('../domain/member-tables.js').MemberMatches} MemberMatches
 * @typedef {import('./member-lists.js').MembersPage} MembersPage
 */

/** The most queries kept, the least recently asked given up first. */
const QUERIES_KEPT = 32;

export class QueryCache {
  /** @type {Map<string, Promise<MemberMatches>>} */
  #entries = new Map();
  /** @type {number | undefined} */
  #version;

  /**
   * A page of the matches kept for `key` at this version of the data, else of `find()`'s, then kept.
   * @param {number} version changes with every change of the data
   * @param {string} key
   * @param {() => Promise<MemberMatches>} find
   * @param {number} offset
   * @param {number} limit
   * @returns {Promise<MembersPage>}
   */
  async page(version, key, find, offset, limit) {
    if (version !== this.#version) this.#entries.clear();
    this.#version = version;
    const entries = this.#entries;
    const matches = entries.get(key) ?? find();
    // a search that failed is not kept
    matches.catch(() => entries.get(key) === matches && entries.delete(key));
    entries.delete(key);
    entries.set(key, matches);
    if (entries.size > QUERIES_KEPT) entries.delete(/** @type {string} */ (entries.keys().next().value));
    const { total, page } = await matches;
    return { total, rows: page(offset, limit) };
  }
}
