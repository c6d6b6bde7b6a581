/**
 * A map of entries that expire, bounded in size. Each entry names its owners (the client address that
 * made it, the browser it belongs to), and the bounds are fair to them: an owner over its own bound loses
 * its own oldest entry, and when the table is full the owner holding the most entries loses its oldest.
 * So one client flooding the table only ever pushes out its own entries, never another's.
 * Expired entries are never returned; `sweep()` (run on a timer) frees them.
 * Every operation but `sweep()` and `clear()` takes constant time, also when the table is full: the owners of
 * the `fairBy` kind are kept in buckets by how many entries they hold, so the largest is at hand.
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
  /** @type {Map<number, Set<string>>} how many entries → the owners of kind `fairBy` holding that many */
  #bySize = new Map();
  /** the most entries any owner of kind `fairBy` holds */
  #largest = 0;
  #max;
  #perOwner;
  #fairBy;
  #ownFirst;
  #onDelete;

  /**
   * @param {{
   *   max: number,
   *   perOwner?: Record<string, number>,
   *   fairBy?: string,
   *   ownFirst?: string,
   *   onDelete?: (key: string, value: V) => void,
   * }} options `max` entries in total; `perOwner` bounds per owner kind (`{ browser: 16 }`); when full,
   *   the owner of kind `fairBy` (default `address`) with most entries gives way; an owner at its bound gives up
   *   an entry of the new entry's owner of kind `ownFirst` (a browser at a full address) before any other;
   *   `onDelete` hears of every entry that leaves, whatever the reason.
   */
  constructor({ max, perOwner = {}, fairBy = 'address', ownFirst, onDelete }) {
    this.#max = max;
    this.#perOwner = perOwner;
    this.#fairBy = fairBy;
    this.#ownFirst = ownFirst;
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
      while (this.countOf(kind, owner) >= bound) this.delete(this.#givingWay(allOwners, kind, owner));
    }
    while (this.#entries.size >= this.#max) this.#evictFromLargestOwner(allOwners);
    this.#entries.set(key, { value, expiresAt, owners: allOwners });
    for (const [kind, owner] of Object.entries(allOwners)) {
      let owners = this.#byOwner.get(kind);
      if (!owners) this.#byOwner.set(kind, (owners = new Map()));
      let keys = owners.get(owner);
      if (!keys) owners.set(owner, (keys = new Set()));
      keys.add(key);
      if (kind === this.#fairBy) this.#resized(owner, keys.size - 1, keys.size);
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

  /**
   * When an entry expires (undefined when there is none).
   * @param {string} key
   */
  expiresAt(key) {
    return this.#entries.get(key)?.expiresAt;
  }

  /**
   * How many entries an owner holds (expired ones not yet swept included).
   * @param {string} kind
   * @param {string} owner
   */
  countOf(kind, owner) {
    return this.#byOwner.get(kind)?.get(owner)?.size ?? 0;
  }

  /**
   * The key of an owner's oldest entry, if it holds any.
   * @param {string} kind
   * @param {string} owner
   * @returns {string | undefined}
   */
  oldestOf(kind, owner) {
    return this.#byOwner.get(kind)?.get(owner)?.values().next().value;
  }

  /**
   * Whether a new entry of `owners` should be refused rather than take another's place: its owner of kind `fairBy`
   * holds `bound` entries or more (or the most of a full table), and its owner of kind `ownFirst` holds none there
   * (a browser new at a full address). Returns when that owner will have room (its oldest entry expires), else 0.
   * @param {Record<string, string>} owners
   * @param {number} bound
   * @returns {number} epoch milliseconds, or 0
   */
  fullFor(owners, bound) {
    const kind = this.#fairBy;
    const owner = owners[kind] ?? '';
    const givesWhenFull = this.size >= this.#max && this.#largestOwner() === owner;
    if (this.countOf(kind, owner) < bound && !givesWhenFull) return 0;
    if (this.#ownEntryUnder(owners, kind, owner) !== undefined) return 0;
    return this.expiresAt(this.oldestOf(kind, owner) ?? '') ?? 0;
  }

  /** @param {string} key */
  delete(key) {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#entries.delete(key);
    for (const [kind, owner] of Object.entries(entry.owners)) {
      const owners = this.#byOwner.get(kind);
      const keys = owners?.get(owner);
      if (!keys?.delete(key)) continue;
      if (kind === this.#fairBy) this.#resized(owner, keys.size + 1, keys.size);
      if (keys.size === 0) owners?.delete(owner);
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

  /**
   * The entry that gives way where `owner` (of `kind`) is at its bound: the new entry's own one there, else the
   * oldest of `owner`.
   * @param {Record<string, string>} owners
   * @param {string} kind
   * @param {string} owner
   * @returns {string}
   */
  #givingWay(owners, kind, owner) {
    return this.#ownEntryUnder(owners, kind, owner) ?? /** @type {string} */ (this.oldestOf(kind, owner));
  }

  /**
   * The oldest entry of `owner` (of `kind`) that the new entry's owner of kind `ownFirst` holds too, if any.
   * @param {Record<string, string>} owners
   * @param {string} kind
   * @param {string} owner
   * @returns {string | undefined}
   */
  #ownEntryUnder(owners, kind, owner) {
    const own = this.#ownFirst === undefined ? undefined : owners[this.#ownFirst];
    if (own === undefined || kind === this.#ownFirst) return undefined;
    for (const key of this.#byOwner.get(/** @type {string} */ (this.#ownFirst))?.get(own) ?? []) {
      if (this.#entries.get(key)?.owners[kind] === owner) return key;
    }
    return undefined;
  }

  /** The owner of kind `fairBy` that gives way when the table is full: one of those holding the most. */
  #largestOwner() {
    return this.#bySize.get(this.#largest)?.values().next().value;
  }

  /** @param {Record<string, string>} owners */
  #evictFromLargestOwner(owners) {
    const owner = this.#largestOwner();
    const key =
      (owner === undefined ? undefined : this.#givingWay(owners, this.#fairBy, owner)) ??
      this.#entries.keys().next().value;
    if (key !== undefined) this.delete(key);
  }

  /**
   * Moves an owner of kind `fairBy` to the bucket of its new size.
   * @param {string} owner
   * @param {number} before
   * @param {number} after
   */
  #resized(owner, before, after) {
    const bucket = this.#bySize.get(before);
    bucket?.delete(owner);
    if (bucket?.size === 0) this.#bySize.delete(before);
    if (after > 0) {
      let bigger = this.#bySize.get(after);
      if (!bigger) this.#bySize.set(after, (bigger = new Set()));
      bigger.add(owner);
    }
    // sizes change by one at a time, so the largest is at most one step away
    if (after > this.#largest) this.#largest = after;
    else if (before === this.#largest && !this.#bySize.has(before)) this.#largest = after;
  }
}
