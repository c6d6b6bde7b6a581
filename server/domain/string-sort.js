/**
 * Sorting a million rows by a text key at start-up, in a fraction of the time a comparison sort takes, and in
 * steps (a generator that yields every few thousand rows, see ./time-slices.js) so that the service can answer
 * requests between them: a stable most-significant-digit radix sort on UTF-16 code
 * units (the order of `<` on strings) reads each character of the keys about once, where a comparison sort
 * calls a closure and walks two strings twenty times per row. Rows already nearly in order (creation times,
 * in a list kept in creation order) are merged from the runs they are in, in one or two passes.
 */

/** @typedef {Generator<void, void, void>} Steps */

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

/**
 * Sorts `rows` (row numbers in ascending order, sorted in place) by `keys[row]`, rows with equal keys by
 * `tieOf(row)`, and rows equal in both by row number.
 * @param {Uint32Array} rows
 * @param {ArrayLike<string>} keys a key per row number
 * @param {(row: number) => string} tieOf a row's tie key (asked for rows with equal keys only)
 * @returns {Steps}
 */
export function* sortRows(rows, keys, tieOf) {
  const order = (/** @type {number} */ a, /** @type {number} */ b) =>
    compare(keys[a], keys[b]) || compare(tieOf(a), tieOf(b)) || a - b;
  const runs = yield* ascendingRuns(rows, order);
  if (runs) {
    yield* mergeRuns(rows, runs, order);
    return;
  }
  yield* sortByKey(rows, keys);
  for (let start = 0; start < rows.length;) {
    let end = start + 1;
    while (end < rows.length && keys[rows[end]] === keys[rows[start]]) end++;
    const equal = rows.subarray(start, end);
    if (equal.length >= MANY_TIES) {
      // by position in the run (the rows are in ascending order there), with the tie keys of the run only
      const positions = Uint32Array.from(equal.keys());
      yield* sortByKey(
        positions,
        Array.from(equal, (row) => tieOf(row)),
      );
      equal.set(Array.from(positions, (at) => equal[at]));
    } else if (equal.length > 1) equal.set(Array.from(equal).sort(order));
    if (Math.floor(end / STEP) > Math.floor(start / STEP)) yield;
    start = end;
  }
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
 * Sorts `rows` by `keys[row]`, stably: rows with equal keys keep their order.
 * @param {Uint32Array} rows
 * @param {ArrayLike<string>} keys
 * @returns {Steps}
 */
function* sortByKey(rows, keys) {
  const symbols = yield* alphabet(rows, keys);
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
      insertionSort(rows, keys, start, end);
      continue;
    }
    if (end - start < size) {
      // a large alphabet (many scripts in the keys): counting would cost more than comparing
      rows.set(
        Array.from(rows.subarray(start, end)).sort((a, b) => compare(keys[a], keys[b])),
        start,
      );
      continue;
    }
    // symbol 0: the key ends before `depth` (it sorts first); others: the character at `depth`
    counts.fill(0);
    for (let i = start; i < end; i++) {
      const key = keys[rows[i]];
      const symbol = depth < key.length ? symbols.of[key.charCodeAt(depth)] : 0;
      at[i] = symbol;
      counts[symbol + 1]++;
      if (i % STEP === 0) yield;
    }
    if (counts[at[start] + 1] === end - start) {
      // one character for all (a shared prefix): nothing moves
      if (at[start] !== 0) stack.push(start, end, depth + 1);
      continue;
    }
    for (let s = 1; s <= size; s++) counts[s] += counts[s - 1];
    for (let i = start; i < end; i++) scratch[start + counts[at[i]]++] = rows[i];
    rows.set(scratch.subarray(start, end), start);
    // counts[s] is now where bucket s ends; bucket 0 holds equal keys, already in their order
    for (let s = 1; s < size; s++) {
      const from = start + counts[s - 1];
      const to = start + counts[s];
      if (to - from > 1) stack.push(from, to, depth + 1);
    }
  }
}

/**
 * The code units the keys use, numbered from 1 in ascending order (so symbols sort as the characters do).
 * @param {Uint32Array} rows
 * @param {ArrayLike<string>} keys
 * @returns {Generator<void, { of: Uint32Array, count: number }, void>}
 */
function* alphabet(rows, keys) {
  const of = new Uint32Array(65536);
  for (let i = 0; i < rows.length; i++) {
    const key = keys[rows[i]];
    for (let j = 0; j < key.length; j++) of[key.charCodeAt(j)] = 1;
    if (i % STEP === 0) yield;
  }
  let count = 0;
  for (let c = 0; c < of.length; c++) if (of[c]) of[c] = ++count;
  return { of, count };
}

/**
 * @param {Uint32Array} rows
 * @param {ArrayLike<string>} keys
 * @param {number} start
 * @param {number} end
 */
function insertionSort(rows, keys, start, end) {
  for (let i = start + 1; i < end; i++) {
    const row = rows[i];
    const key = keys[row];
    let j = i - 1;
    while (j >= start && keys[rows[j]] > key) {
      rows[j + 1] = rows[j];
      j--;
    }
    rows[j + 1] = row;
  }
}
