/**
 * One sort order of a list, kept across writes: the row numbers (positions in the list) ordered by a text key,
 * then by a tie key (the record's id), then by row number. A new row is put in its place (a binary search and
 * one move of the rows after it), never by sorting again.
 *
 * Descending order reverses the keys only: rows with equal keys stay in ascending order of tie key and row,
 * as lists sort elsewhere in the service. A mark per position (`equalToPrevious`) lets a descending walk find
 * those runs without comparing keys again.
 *
 * Each row also carries a label, a number that orders rows as their keys do (equal keys, equal labels), so that
 * a few rows (the matches of a filter) are put in order by sorting numbers rather than by reading and comparing
 * their keys. Labels are spaced apart when they are given, so a new row gets one between its neighbours'
 * without the others changing; only when two neighbours have no number left between them are all given anew.
 */
import { sortRows } from './string-sort.js';

/**
 * @typedef {(row: number) => string} KeyOf
 * @typedef {(row: number) => boolean | void} Visit called for each row in order; true stops the walk
 */

/** Labels are below this. */
const LABELS = 2 ** 32;
/** Where the matches of a sort are numbered, below a row's label: they number fewer than this. */
const SORTED_AT_ONCE = 2 ** 21;

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
  /** @type {Uint32Array} each row's label (by row number) */
  #labels = new Uint32Array(0);
  /** the distance between neighbouring labels given at the last labelling */
  #spacing = 1;
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
    this.#label();
  }

  /**
   * Orders rows `0 … count - 1`, in steps (see ./time-slices.js).
   * @param {number} count
   * @param {KeyOf} keyOf
   * @param {KeyOf} tieOf
   * @param {import('./string-sort.js').Keys} keys the rows' keys
   * @returns {Generator<void, SortedRows, void>}
   */
  static *build(count, keyOf, tieOf, keys) {
    const rows = new Uint32Array(count);
    for (let row = 0; row < count; row++) rows[row] = row;
    const equalToPrevious = yield* sortRows(rows, keys, tieOf);
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
    this.#labelAt(at);
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
   * Some rows (each one once) in this order, as {@link walk} gives them; for a few rows of many, since it
   * takes about as long as reading each of them.
   * @param {ArrayLike<number>} rows
   * @param {boolean} descending
   * @returns {number[]}
   */
  sort(rows, descending) {
    if (rows.length >= SORTED_AT_ONCE) throw new RangeError(`Sorting ${rows.length} rows at once`);
    const labels = this.#labels;
    // a row's label and its place in `rows` in one number (below 2^53), sorted as numbers
    const numbered = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const label = labels[rows[i]];
      numbered[i] = (descending ? LABELS - 1 - label : label) * SORTED_AT_ONCE + i;
    }
    numbered.sort();
    const sorted = Array.from(numbered, (n) => rows[n % SORTED_AT_ONCE]);
    // rows with equal keys (equal labels) by tie key and row, whichever the direction
    for (let start = 0; start < sorted.length;) {
      let end = start + 1;
      while (end < sorted.length && labels[sorted[end]] === labels[sorted[start]]) end++;
      if (end - start > 1) {
        const equal = sorted.slice(start, end).sort((a, b) => compare(this.tieOf(a), this.tieOf(b)) || a - b);
        sorted.splice(start, end - start, ...equal);
      }
      start = end;
    }
    return sorted;
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

  /**
   * Labels every row anew, spaced evenly with room above the last for as many rows again.
   */
  #label() {
    let distinct = 1;
    for (let i = 1; i < this.#size; i++) distinct += 1 - this.#equalToPrevious[i];
    const spacing = Math.max(1, Math.floor(LABELS / (2 * distinct + 2)));
    let highest = 0;
    for (let i = 0; i < this.#size; i++) highest = Math.max(highest, this.#rows[i]);
    if (this.#labels.length <= highest) this.#labels = new Uint32Array(Math.ceil((highest + 1) * 1.25) + 1024);
    let label = 0;
    for (let i = 0; i < this.#size; i++) {
      if (i > 0 && !this.#equalToPrevious[i]) label += spacing;
      this.#labels[this.#rows[i]] = label;
    }
    this.#spacing = spacing;
  }

  /**
   * Labels the row just put at `at`: its equal neighbour's label, or one between its neighbours' labels.
   * @param {number} at
   */
  #labelAt(at) {
    const row = this.#rows[at];
    if (this.#labels.length <= row) {
      const labels = new Uint32Array(Math.ceil((row + 1) * 1.25) + 1024);
      labels.set(this.#labels);
      this.#labels = labels;
    }
    const before = at > 0 ? this.#labels[this.#rows[at - 1]] : -1;
    const after = at + 1 < this.#size ? this.#labels[this.#rows[at + 1]] : LABELS;
    if (this.#equalToPrevious[at]) this.#labels[row] = before;
    else if (at + 1 < this.#size && this.#equalToPrevious[at + 1]) this.#labels[row] = after;
    else if (after - before >= 2) {
      // next to the last (or first) label, as far as the spacing; between two, half way
      const step = Math.min(this.#spacing, Math.floor((after - before) / 2));
      this.#labels[row] = at + 1 < this.#size ? after - step : before + step;
    } else this.#label();
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
