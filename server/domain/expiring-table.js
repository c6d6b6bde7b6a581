/**
 * A map of entries that expire, bounded in size. Each entry names its owners (the client address that
 * made it, the browser it belongs to), and the bounds are fair to them: an owner over its own bound loses
 * its own oldest entry, and when the table is full the owner holding the most entries loses its oldest.
 * So one client flooding the table only ever pushes out its own entries, never another's.
 * Expired entries are never returned; `sweep()` (run on a timer) frees them.
 */

/**
 * @template V
 * @typedef {{ value: V, expiresAt: number, owners: Record<string, string> }} Entry
 */

/** @template V */
export class ExpiringTable {
  /** @type {Map<string, Entry<V>>} oldest first */
  #entries = new Map();
  /** @type {Map<string, Map<string, Set<string>>>} owner kind → owner → keys, oldest first */
  #byOwner = new Map();
  #max;
  #perOwner;
  #fairBy;
  #onDelete;

  /**
   * @param {{
   *   max: number,
   *   perOwner?: Record<string, number>,
   *   fairBy?: string,
   *   onDelete?: (key: string, value: V) => void,
   * }} options `max` entries in total; `perOwner` bounds per owner kind (`{ browser: 16 }`); when full,
   *   the owner of kind `fairBy` (default `address`) with most entries gives way; `onDelete` hears of every
   *   entry that leaves, whatever the reason.
   */
  constructor({ max, perOwner = {}, fairBy = 'address', onDelete }) {
    this.#max = max;
    this.#perOwner = perOwner;
    this.#fairBy = fairBy;
    this.#onDelete = onDelete;
  }

  get size() {
    return this.#entries.size;
  }

  /**
   * Adds or replaces an entry (a replaced entry counts as new: it moves to the end).
   * @param {string} key
   * @param {V} value
   * @param {number} expiresAt epoch milliseconds
   * @param {Record<string, string>} [owners] e.g. `{ address: '192.0.2.1', browser: 'b7…' }`
   */
  set(key, value, expiresAt, owners = {}) {
    this.delete(key);
    const allOwners = { [this.#fairBy]: '', ...owners };
    for (const [kind, owner] of Object.entries(allOwners)) {
      const bound = this.#perOwner[kind];
      if (bound === undefined) continue;
      const own = this.#byOwner.get(kind)?.get(owner);
      while (own && own.size >= bound) this.delete(/** @type {string} */ (own.values().next().value));
    }
    while (this.#entries.size >= this.#max) this.#evictFromLargestOwner();
    this.#entries.set(key, { value, expiresAt, owners: allOwners });
    for (const [kind, owner] of Object.entries(allOwners)) {
      let owners = this.#byOwner.get(kind);
      if (!owners) this.#byOwner.set(kind, (owners = new Map()));
      let keys = owners.get(owner);
      if (!keys) owners.set(owner, (keys = new Set()));
      keys.add(key);
    }
  }

  /**
   * The value of a live entry; an expired one is removed and reads as missing.
   * @param {string} key
   * @returns {V | undefined}
   */
  get(key) {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The owners an entry was stored with (undefined when there is no live entry).
   * @param {string} key
   */
  ownersOf(key) {
    return this.get(key) === undefined ? undefined : this.#entries.get(key)?.owners;
  }

  /** @param {string} key */
  delete(key) {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#entries.delete(key);
    for (const [kind, owner] of Object.entries(entry.owners)) {
      const owners = this.#byOwner.get(kind);
      const keys = owners?.get(owner);
      keys?.delete(key);
      if (keys?.size === 0) owners?.delete(owner);
    }
    this.#onDelete?.(key, entry.value);
    return true;
  }

  /** Removes every expired entry; returns how many went. */
  sweep(now = Date.now()) {
    let removed = 0;
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) {
        this.delete(key);
        removed++;
      }
    }
    return removed;
  }

  clear() {
    for (const key of [...this.#entries.keys()]) this.delete(key);
  }

  #evictFromLargestOwner() {
    /** @type {Set<string> | undefined} */
    let largest;
    for (const keys of this.#byOwner.get(this.#fairBy)?.values() ?? []) {
      if (!largest || keys.size > largest.size) largest = keys;
    }
    const key = largest?.values().next().value ?? this.#entries.keys().next().value;
    if (key !== undefined) this.delete(key);
  }
}
