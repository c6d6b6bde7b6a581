/**
 * One sort order of a list, kept across writes: the row numbers (positions in the list) ordered by a text key,
 * then by a tie key (the record's id), then by row number. A new row is put in its place (a binary search and
 * one move of the rows after it), never by sorting again.
 *
 * Descending order reverses the keys only: rows with equal keys stay in ascending order of tie key and row,
 * as lists sort elsewhere in the service. A mark per position (`equalToPrevious`) lets a descending walk find
 * those runs without comparing keys again.
 */
import { sortRows } from './string-sort.js';

/**
 * @typedef {(row: number) => string} KeyOf
 * @typedef {(row: number) => boolean | void} Visit called for each row in order; true stops the walk
 */

/** Rows handled between two steps while building. */
const STEP = 4096;

/**
 * @param {string} a
 * @param {string} b
 */
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export class SortedRows {
  /** @type {Uint32Array} */
  #rows;
  /** @type {Uint8Array} 1 where the row's key equals the key of the row before it */
  #equalToPrevious;
  #size = 0;

  /**
   * @param {KeyOf} keyOf the sort key of a row (lower-cased text)
   * @param {KeyOf} tieOf what orders rows with equal keys (the id)
   * @param {Uint32Array} rows the rows in order
   * @param {Uint8Array} equalToPrevious
   */
  constructor(keyOf, tieOf, rows, equalToPrevious) {
    this.keyOf = keyOf;
    this.tieOf = tieOf;
    this.#rows = rows;
    this.#equalToPrevious = equalToPrevious;
    this.#size = rows.length;
  }

  /**
   * Orders rows `0 … count - 1`, in steps (see ./time-slices.js).
   * @param {number} count
   * @param {KeyOf} keyOf
   * @param {KeyOf} tieOf
   * @param {string[]} [keys] the rows' keys, when the caller has them at hand
   * @returns {Generator<void, SortedRows, void>}
   */
  static *build(count, keyOf, tieOf, keys) {
    /** @type {string[]} */
    const keyed = keys ?? new Array(count);
    const rows = new Uint32Array(count);
    for (let row = 0; row < count; row++) {
      rows[row] = row;
      if (!keys) keyed[row] = keyOf(row);
      if (row % STEP === 0) yield;
    }
    yield* sortRows(rows, keyed, tieOf);
    const equalToPrevious = new Uint8Array(count);
    for (let i = 1; i < count; i++) equalToPrevious[i] = keyed[rows[i]] === keyed[rows[i - 1]] ? 1 : 0;
    return new SortedRows(keyOf, tieOf, rows, equalToPrevious);
  }

  get size() {
    return this.#size;
  }

  /**
   * Puts a row in its place.
   * @param {number} row
   */
  insert(row) {
    const key = this.keyOf(row);
    const at = this.#firstAfter(key, this.tieOf(row), row);
    this.#grow();
    this.#rows.copyWithin(at + 1, at, this.#size);
    this.#equalToPrevious.copyWithin(at + 1, at, this.#size);
    this.#rows[at] = row;
    this.#size++;
    this.#markEquals(at);
    this.#markEquals(at + 1);
  }

  /**
   * Takes a row out (undoing its insert).
   * @param {number} row
   */
  remove(row) {
    const at = this.#firstAfter(this.keyOf(row), this.tieOf(row), row) - 1;
    if (at < 0 || this.#rows[at] !== row) throw new Error(`Row ${row} is not in this order`);
    this.#rows.copyWithin(at, at + 1, this.#size);
    this.#equalToPrevious.copyWithin(at, at + 1, this.#size);
    this.#size--;
    this.#markEquals(at);
  }

  /**
   * Calls `visit` with each row in order, until it returns true.
   * @param {boolean} descending
   * @param {Visit} visit
   */
  walk(descending, visit) {
    const rows = this.#rows;
    if (!descending) {
      for (let i = 0; i < this.#size; i++) if (visit(rows[i])) return;
      return;
    }
    for (let end = this.#size - 1; end >= 0;) {
      let start = end;
      while (start > 0 && this.#equalToPrevious[start]) start--;
      for (let i = start; i <= end; i++) if (visit(rows[i])) return;
      end = start - 1;
    }
  }

  /**
   * The rows whose key is `key`, in ascending order.
   * @param {string} key
   */
  withKey(key) {
    const start = this.#search((k) => k < key);
    const end = this.#search((k) => k <= key);
    return this.#rows.slice(start, end);
  }

  /**
   * The rows whose key starts with `prefix`, in ascending order.
   * @param {string} prefix
   */
  withPrefix(prefix) {
    const start = this.#search((k) => k < prefix);
    const end = this.#search((k) => k < prefix || k.startsWith(prefix));
    return this.#rows.slice(start, end);
  }

  /**
   * How many rows start with `prefix`, without copying them.
   * @param {string} prefix
   */
  countWithPrefix(prefix) {
    return this.#search((k) => k < prefix || k.startsWith(prefix)) - this.#search((k) => k < prefix);
  }

  /**
   * The first position whose key fails `before` (which holds for a prefix of the order, then never).
   * @param {(key: string) => boolean} before
   */
  #search(before) {
    let low = 0;
    let high = this.#size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(this.keyOf(this.#rows[mid]))) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * The first position whose row sorts after (key, tie, row).
   * @param {string} key
   * @param {string} tie
   * @param {number} row
   */
  #firstAfter(key, tie, row) {
    let low = 0;
    let high = this.#size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = this.#rows[mid];
      const order = compare(this.keyOf(other), key) || compare(this.tieOf(other), tie) || other - row;
      if (order <= 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** @param {number} at */
  #markEquals(at) {
    if (at <= 0 || at >= this.#size) return;
    this.#equalToPrevious[at] = this.keyOf(this.#rows[at]) === this.keyOf(this.#rows[at - 1]) ? 1 : 0;
  }

  /** Room for one more row (a quarter more each time, so a million rows do not carry a million spare). */
  #grow() {
    if (this.#size < this.#rows.length) return;
    const capacity = Math.ceil(this.#rows.length * 1.25) + 1024;
    const rows = new Uint32Array(capacity);
    rows.set(this.#rows);
    const marks = new Uint8Array(capacity);
    marks.set(this.#equalToPrevious);
    this.#rows = rows;
    this.#equalToPrevious = marks;
  }
}
