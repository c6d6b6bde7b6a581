/**
 * Sorting a million rows by a text key at start-up, in a fraction of the time a comparison sort takes, and in
 * steps (a generator that yields every few thousand rows, see ./time-slices.js) so that the service can answer
 * requests between them: a stable most-significant-digit radix sort on UTF-16 code
 * units (the order of `<` on strings) reads each character of the keys about once, where a comparison sort
 * calls a closure and walks two strings twenty times per row. Rows already nearly in order (creation times,
 * in a list kept in creation order) are merged from the runs they are in, in one or two passes.
 *
 * The keys are strings of their own ({@link ListKeys}: values the records hold already) or one text, one after
 * the other ({@link TextKeys}: keys made for the sort, such as lower-cased names, are then one string and one
 * array of numbers rather than a million strings for the collector to keep). The sort tells which rows have
 * the same key as the row before them (it finds out while sorting), so nobody compares the sorted keys again.
 */

/**
 * @typedef {Generator<void, void, void>} Steps
 * @typedef {{ length: (row: number) => number, code: (row: number, at: number) => number,
 *   compare: (a: number, b: number, depth: number) => number,
 *   markCodes: (of: Uint32Array, from: number, to: number) => void }} Keys the keys of rows 0 … n - 1: a key's
 *   length, its code unit at a place, two keys compared from a depth on, and the code units some keys use
 */

/** Buckets this small are finished by insertion sort (counting costs more than it saves there). */
const SMALL = 32;
/** At most one run in this many rows counts as nearly in order. */
const NEARLY_SORTED = 64;
/** Rows with equal keys are sorted by their tie key by comparing, unless they are this many or more. */
const MANY_TIES = 1024;
/** Rows handled between two steps. */
const STEP = 4096;

/** @param {string} a @param {string} b */
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** The keys of rows 0 … n - 1 one after the other in one text: row r's is `text.slice(starts[r], starts[r + 1])`. */
export class TextKeys {
  /**
   * @param {string} text
   * @param {Uint32Array} starts
   */
  constructor(text, starts) {
    this.text = text;
    this.starts = starts;
  }

  /** @param {number} row */
  length(row) {
    return this.starts[row + 1] - this.starts[row];
  }

  /** @param {number} row @param {number} at */
  code(row, at) {
    return this.text.charCodeAt(this.starts[row] + at);
  }

  /**
   * Compares the keys of two rows from character `depth` on (those before are the same), as `<` does.
   * @param {number} a
   * @param {number} b
   * @param {number} depth
   */
  compare(a, b, depth) {
    const { text, starts } = this;
    const startA = starts[a] + depth;
    const startB = starts[b] + depth;
    return compareRuns(text, startA, starts[a + 1] - startA, text, startB, starts[b + 1] - startB);
  }

  /**
   * Marks in `of` the code units of the keys of rows `from` to `to`.
   * @param {Uint32Array} of
   * @param {number} from
   * @param {number} to
   */
  markCodes(of, from, to) {
    for (let i = this.starts[from]; i < this.starts[to]; i++) of[this.text.charCodeAt(i)] = 1;
  }
}

/** The keys of rows as a list of strings: row r's key is `keys[r]`. */
export class ListKeys {
  /** @param {ArrayLike<string>} keys */
  constructor(keys) {
    this.keys = keys;
  }

  /** @param {number} row */
  length(row) {
    return this.keys[row].length;
  }

  /** @param {number} row @param {number} at */
  code(row, at) {
    return this.keys[row].charCodeAt(at);
  }

  /**
   * @param {number} a
   * @param {number} b
   * @param {number} _depth the characters before are the same, and the strings compare whole
   */
  compare(a, b, _depth) {
    return compare(this.keys[a], this.keys[b]);
  }

  /**
   * @param {Uint32Array} of
   * @param {number} from
   * @param {number} to
   */
  markCodes(of, from, to) {
    for (let row = from; row < to; row++) {
      const key = this.keys[row];
      for (let i = 0; i < key.length; i++) of[key.charCodeAt(i)] = 1;
    }
  }
}

/**
 * Compares two runs of code units of texts as `<` compares strings.
 * @param {string} textA
 * @param {number} startA
 * @param {number} lengthA
 * @param {string} textB
 * @param {number} startB
 * @param {number} lengthB
 */
export function compareRuns(textA, startA, lengthA, textB, startB, lengthB) {
  const length = Math.min(lengthA, lengthB);
  for (let i = 0; i < length; i++) {
    const difference = textA.charCodeAt(startA + i) - textB.charCodeAt(startB + i);
    if (difference !== 0) return difference;
  }
  return lengthA - lengthB;
}

/**
 * Sorts `rows` (row numbers in ascending order, sorted in place) by their keys, rows with equal keys by
 * `tieOf(row)`, and rows equal in both by row number; returns, by position, 1 where the row's key equals the
 * key of the row before it.
 * @param {Uint32Array} rows
 * @param {Keys} keys
 * @param {(row: number) => string} tieOf a row's tie key (asked for rows with equal keys only)
 * @returns {Generator<void, Uint8Array, void>}
 */
export function* sortRows(rows, keys, tieOf) {
  const order = (/** @type {number} */ a, /** @type {number} */ b) =>
    keys.compare(a, b, 0) || compare(tieOf(a), tieOf(b)) || a - b;
  const runs = yield* ascendingRuns(rows, order);
  if (runs) {
    yield* mergeRuns(rows, runs, order);
    const equal = new Uint8Array(rows.length);
    for (let i = 1; i < rows.length; i++) {
      equal[i] = keys.compare(rows[i - 1], rows[i], 0) === 0 ? 1 : 0;
      if (i % STEP === 0) yield;
    }
    return equal;
  }
  const equal = yield* sortByKey(rows, keys);
  for (let start = 0; start < rows.length;) {
    let end = start + 1;
    while (end < rows.length && equal[end]) end++;
    const same = rows.subarray(start, end);
    if (same.length >= MANY_TIES) {
      // by position in the run (the rows are in ascending order there), with the tie keys of the run only; a run
      // can be every row (a million members added at one time), so its keys are read and its rows moved in steps
      const positions = new Uint32Array(same.length);
      const ties = new Array(same.length);
      for (let i = 0; i < same.length; i++) {
        positions[i] = i;
        ties[i] = tieOf(same[i]);
        if (i % STEP === STEP - 1) yield;
      }
      yield* sortByKey(positions, new ListKeys(ties));
      const before = same.slice();
      for (let i = 0; i < same.length; i++) {
        same[i] = before[positions[i]];
        if (i % STEP === STEP - 1) yield;
      }
    } else if (same.length > 1) same.set(Array.from(same).sort(order));
    if (Math.floor(end / STEP) > Math.floor(start / STEP)) yield;
    start = end;
  }
  return equal;
}

/**
 * Where each ascending run of `rows` starts, or null when there are too many runs for merging to pay.
 * @param {Uint32Array} rows
 * @param {(a: number, b: number) => number} order
 * @returns {Generator<void, number[] | null, void>}
 */
function* ascendingRuns(rows, order) {
  const runs = [0];
  for (let i = 1; i < rows.length; i++) {
    if (order(rows[i - 1], rows[i]) > 0) {
      runs.push(i);
      if (runs.length * NEARLY_SORTED > rows.length) return null;
    }
    if (i % STEP === 0) yield;
  }
  return runs;
}

/**
 * Merges the runs of `rows` two by two until one is left.
 * @param {Uint32Array} rows
 * @param {number[]} runs where each run starts
 * @param {(a: number, b: number) => number} order
 * @returns {Steps}
 */
function* mergeRuns(rows, runs, order) {
  let bounds = [...runs, rows.length];
  /** @type {Uint32Array} */
  let from = rows;
  /** @type {Uint32Array} */
  let to = new Uint32Array(rows.length);
  while (bounds.length > 2) {
    const merged = [0];
    for (let r = 0; r + 1 < bounds.length; r += 2) {
      const [start, middle] = [bounds[r], bounds[r + 1]];
      const end = r + 2 < bounds.length ? bounds[r + 2] : middle;
      let [i, j, k] = [start, middle, start];
      while (i < middle && j < end) {
        to[k++] = order(from[i], from[j]) <= 0 ? from[i++] : from[j++];
        if (k % STEP === 0) yield;
      }
      to.set(from.subarray(i, middle), k);
      to.set(from.subarray(j, end), k + middle - i);
      merged.push(end);
    }
    bounds = merged;
    [from, to] = [to, from];
  }
  if (from !== rows) rows.set(from);
}

/**
 * Sorts `rows` by their keys, stably: rows with equal keys keep their order. Returns, by position, 1 where the
 * key equals the one before it: within a bucket every key shares the characters before `depth`, so the keys
 * that end at `depth` are equal, and keys of different buckets are not.
 * @param {Uint32Array} rows
 * @param {Keys} keys
 * @returns {Generator<void, Uint8Array, void>}
 */
function* sortByKey(rows, keys) {
  const equal = new Uint8Array(rows.length);
  const symbols = yield* alphabet(keys, rows.length);
  const size = symbols.count + 1;
  const scratch = new Uint32Array(rows.length);
  // the symbol of each position's key at the depth being sorted, so that each key is read once per depth
  const at = new Uint32Array(rows.length);
  const counts = new Uint32Array(size + 1);
  // buckets still to sort: [start, end, depth] triples; an explicit stack, so long keys cannot overflow the call stack
  const stack = [0, rows.length, 0];
  let sinceStep = 0;
  while (stack.length) {
    const depth = /** @type {number} */ (stack.pop());
    const end = /** @type {number} */ (stack.pop());
    const start = /** @type {number} */ (stack.pop());
    sinceStep += end - start;
    if (sinceStep >= STEP) {
      sinceStep = 0;
      yield;
    }
    if (end - start <= SMALL) {
      insertionSort(rows, keys, start, end, depth);
      for (let i = start + 1; i < end; i++) equal[i] = keys.compare(rows[i - 1], rows[i], depth) === 0 ? 1 : 0;
      continue;
    }
    if (end - start < size) {
      // a large alphabet (many scripts in the keys): counting would cost more than comparing
      const sorted = Array.from(rows.subarray(start, end)).sort((a, b) => keys.compare(a, b, depth));
      rows.set(sorted, start);
      for (let i = start + 1; i < end; i++) equal[i] = keys.compare(rows[i - 1], rows[i], depth) === 0 ? 1 : 0;
      continue;
    }
    // symbol 0: the key ends before `depth` (it sorts first); others: the character at `depth`
    counts.fill(0);
    for (let i = start; i < end; i++) {
      const row = rows[i];
      const symbol = depth < keys.length(row) ? symbols.of[keys.code(row, depth)] : 0;
      at[i] = symbol;
      counts[symbol + 1]++;
      if (i % STEP === 0) yield;
    }
    if (counts[at[start] + 1] === end - start) {
      // one character for all (a shared prefix): nothing moves; all ended: all equal
      if (at[start] !== 0) stack.push(start, end, depth + 1);
      else equal.fill(1, start + 1, end);
      continue;
    }
    for (let s = 1; s <= size; s++) counts[s] += counts[s - 1];
    for (let i = start; i < end; i++) scratch[start + counts[at[i]]++] = rows[i];
    rows.set(scratch.subarray(start, end), start);
    // counts[s] is now where bucket s ends; bucket 0 holds equal keys, already in their order
    if (counts[0] > 1) equal.fill(1, start + 1, start + counts[0]);
    for (let s = 1; s < size; s++) {
      const from = start + counts[s - 1];
      const to = start + counts[s];
      if (to - from > 1) stack.push(from, to, depth + 1);
    }
  }
  return equal;
}

/**
 * The code units the keys of rows `0 … count - 1` use, numbered from 1 in ascending order (so symbols sort as
 * the characters do).
 * @param {Keys} keys
 * @param {number} count
 * @returns {Generator<void, { of: Uint32Array, count: number }, void>}
 */
function* alphabet(keys, count) {
  const of = new Uint32Array(65536);
  for (let from = 0; from < count; from += STEP) {
    keys.markCodes(of, from, Math.min(count, from + STEP));
    yield;
  }
  let symbols = 0;
  for (let c = 0; c < of.length; c++) if (of[c]) of[c] = ++symbols;
  return { of, count: symbols };
}

/**
 * Sorts the rows from `start` to `end`, whose keys share their first `depth` characters, stably.
 * @param {Uint32Array} rows
 * @param {Keys} keys
 * @param {number} start
 * @param {number} end
 * @param {number} depth
 */
function insertionSort(rows, keys, start, end, depth) {
  for (let i = start + 1; i < end; i++) {
    const row = rows[i];
    let j = i - 1;
    while (j >= start && keys.compare(rows[j], row, depth) > 0) {
      rows[j + 1] = rows[j];
      j--;
    }
    rows[j + 1] = row;
  }
}
