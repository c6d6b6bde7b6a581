/**
 * Which rows' text may contain a given text, without reading every row: for every run of three characters,
 * the rows whose (lower-cased) text contains it. The runs are hashed into a fixed number of buckets, so a
 * bucket may hold rows of other runs too: the index answers with a superset of the rows that contain the
 * text, sorted by row number, and the caller checks each of them. A text shorter than three characters has no
 * run, and the index cannot narrow it down.
 *
 * The rows known when the index is built are packed in one byte array, bucket after bucket, each row written
 * as its distance from the row before it in its bucket, seven bits a byte (the high bit set on every byte of
 * a number but its last): a million names' runs take about 20 MB there, where four bytes a row took 70.
 * Rows added later go to short lists per bucket, which are packed in with the rest once they hold a sixteenth
 * as much.
 *
 * The index keeps the texts too, one after the other in one string, so that checking a row needs no
 * lower-casing (and no more memory than the texts' characters).
 */

const BUCKET_BITS = 16;
const BUCKETS = 1 << BUCKET_BITS;
/** Buckets read at most to narrow a text down (the shortest lists; more cost more than they remove). */
const LISTS_READ = 4;
/** About how many rows' numbers are read in the time one row's text is checked against a filter. */
const CHECK_COST = 32;
/** Rows handled between two steps while building. */
const STEP = 4096;

/**
 * The bucket of the three characters of `text` at `at`.
 * @param {string} text
 * @param {number} at
 */
function bucketAt(text, at) {
  let h = Math.imul(text.charCodeAt(at), 0x9e3779b1);
  h ^= Math.imul(text.charCodeAt(at + 1), 0x85ebca77);
  h ^= Math.imul(text.charCodeAt(at + 2), 0xc2b2ae3d);
  return (h ^ (h >>> BUCKET_BITS)) & (BUCKETS - 1);
}

/**
 * Bytes a number takes, seven bits a byte.
 * @param {number} n
 */
const sizeOf = (n) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/**
 * Writes a number, seven bits a byte, and returns where the next one goes.
 * @param {Uint8Array} bytes
 * @param {number} at
 * @param {number} n
 */
function write(bytes, at, n) {
  while (n >= 0x80) {
    bytes[at++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 0x80);
  }
  bytes[at] = n;
  return at + 1;
}

export class TextIndex {
  /** @type {Uint32Array} where each bucket's rows start in {@link #packed} */
  #starts = new Uint32Array(BUCKETS + 1);
  /** @type {Uint32Array} where each bucket's rows end (the next bucket's start, less the rows taken out) */
  #ends = new Uint32Array(BUCKETS);
  /** @type {Uint32Array} how many rows each bucket holds packed */
  #counts = new Uint32Array(BUCKETS);
  /** @type {Int32Array} the last row packed in each bucket (-1: none) */
  #lastRows = new Int32Array(BUCKETS).fill(-1);
  #packed = new Uint8Array(0);
  /** @type {Map<number, number[]>} rows added since the last packing, by bucket */
  #recent = new Map();
  #recentCount = 0;
  /** the texts of rows `0 … #packedRows - 1`, one after the other */
  #text = '';
  /** @type {Uint32Array} where each packed row's text starts in {@link #text}, and at [row + 1] ends */
  #offsets = new Uint32Array(1);
  #packedRows = 0;
  /** @type {string[]} the texts of the rows added since the last packing */
  #recentTexts = [];

  /** @param {(row: number) => string} textOf a row's text, lower-cased */
  constructor(textOf) {
    this.textOf = textOf;
  }

  /**
   * Indexes rows `0 … count - 1`, in steps (see ./time-slices.js); keeps `texts` as they are.
   * @param {number} count
   * @param {(row: number) => string} textOf
   * @param {import('./string-sort.js').TextKeys} texts the rows' texts, lower-cased
   * @returns {Generator<void, TextIndex, void>}
   */
  static *build(count, textOf, texts) {
    const index = new TextIndex(textOf);
    yield* index.#build(count, texts);
    return index;
  }

  /**
   * Adds the next row (rows are added in ascending order).
   * @param {number} row
   */
  add(row) {
    const text = this.textOf(row);
    this.#recentTexts.push(text);
    this.#forEachBucket(text, (bucket) => {
      const list = this.#recent.get(bucket);
      if (list === undefined) this.#recent.set(bucket, [row]);
      else if (list[list.length - 1] !== row) list.push(row);
      else return;
      this.#recentCount++;
    });
    if (this.#recentCount * 16 > this.#packed.length + 4096) this.#packRecent();
  }

  /**
   * Takes out the last row added (undoing its add): it ends each of its lists.
   * @param {number} row
   */
  remove(row) {
    this.#forEachBucket(this.text(row), (bucket) => {
      const list = this.#recent.get(bucket);
      if (list?.[list.length - 1] === row) {
        list.pop();
        this.#recentCount--;
      } else if (this.#lastRows[bucket] === row) {
        // the last number of the bucket starts after the last byte before it with the high bit clear
        let at = this.#ends[bucket] - 1;
        while (at > this.#starts[bucket] && this.#packed[at - 1] & 0x80) at--;
        this.#lastRows[bucket] = row - this.#read(at);
        this.#ends[bucket] = at;
        this.#counts[bucket]--;
      }
    });
    if (row >= this.#packedRows) this.#recentTexts.pop();
    else this.#packedRows = row;
  }

  /**
   * A row's text, lower-cased.
   * @param {number} row
   */
  text(row) {
    if (row >= this.#packedRows) return this.#recentTexts[row - this.#packedRows];
    return this.#text.slice(this.#offsets[row], this.#offsets[row + 1]);
  }

  /**
   * The rows whose text may contain every one of `texts` (lower-cased), ascending; null when none of them
   * is long enough to narrow the rows down.
   *
   * The lists read are the shortest ones of runs apart from each other: runs that overlap mostly come from the
   * same word and hold the same rows (the three runs of "ada" all list every Ada), where a run from another part
   * of the text narrows the rows down. Lists are read until what is left costs less to check than the next
   * list costs to read.
   * @param {string[]} texts
   * @returns {Uint32Array | null}
   */
  candidates(texts) {
    /** @type {Array<{ bucket: number, text: number, at: number, length: number }>} */
    const runs = [];
    texts.forEach((text, t) =>
      this.#forEachBucket(text, (bucket, at) => runs.push({ bucket, text: t, at, length: this.#length(bucket) })),
    );
    if (runs.length === 0) return null;
    runs.sort((a, b) => a.length - b.length || a.text - b.text || a.at - b.at);
    /** @type {typeof runs} */
    const read = [];
    for (const run of runs) {
      if (read.length === LISTS_READ) break;
      const apart = read.every((r) => r.bucket !== run.bucket && (r.text !== run.text || Math.abs(r.at - run.at) >= 3));
      if (apart) read.push(run);
    }
    const rows = this.#rowsOf(read[0].bucket);
    let count = rows.length;
    for (const { bucket } of read.slice(1)) {
      if (count * CHECK_COST < this.#length(bucket)) break;
      count = this.#keepIn(rows, count, bucket);
    }
    return rows.subarray(0, count);
  }

  /**
   * How many rows the shortest list of `texts` holds: a bound on {@link candidates}' length, for choosing
   * among indexes; Infinity when the texts are too short.
   * @param {string[]} texts
   */
  estimate(texts) {
    let fewest = Infinity;
    for (const text of texts) this.#forEachBucket(text, (b) => (fewest = Math.min(fewest, this.#length(b))));
    return fewest;
  }

  /** @param {number} bucket */
  #length(bucket) {
    return this.#counts[bucket] + (this.#recent.get(bucket)?.length ?? 0);
  }

  /**
   * A bucket's rows, ascending.
   * @param {number} bucket
   */
  #rowsOf(bucket) {
    const recent = this.#recent.get(bucket) ?? [];
    const rows = new Uint32Array(this.#counts[bucket] + recent.length);
    let row = -1;
    let i = 0;
    for (let at = this.#starts[bucket]; at < this.#ends[bucket];) {
      const n = this.#read(at);
      at += sizeOf(n);
      row += n;
      rows[i++] = row;
    }
    rows.set(recent, i);
    return rows;
  }

  /**
   * Keeps of `rows` (the first `count`, ascending) those a bucket holds too, moved to the front; returns how
   * many. The bucket's rows are read as they are stored, in one pass beside the rows.
   * @param {Uint32Array} rows
   * @param {number} count
   * @param {number} bucket
   */
  #keepIn(rows, count, bucket) {
    const end = this.#ends[bucket];
    const recent = this.#recent.get(bucket) ?? [];
    let kept = 0;
    let i = 0;
    let row = -1;
    let at = this.#starts[bucket];
    let r = 0;
    while (i < count) {
      if (at < end) {
        const n = this.#read(at);
        at += sizeOf(n);
        row += n;
      } else if (r < recent.length) row = recent[r++];
      else break;
      while (i < count && rows[i] < row) i++;
      if (i < count && rows[i] === row) rows[kept++] = rows[i++];
    }
    return kept;
  }

  /**
   * The number written at `at` (it takes {@link sizeOf} it bytes: numbers are written in as few as they need).
   * @param {number} at
   */
  #read(at) {
    let n = 0;
    let scale = 1;
    let byte;
    do {
      byte = this.#packed[at++];
      n += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte & 0x80);
    return n;
  }

  /**
   * @param {string} text
   * @param {(bucket: number, at: number) => void} visit
   */
  #forEachBucket(text, visit) {
    for (let at = 0; at + 3 <= text.length; at++) visit(bucketAt(text, at), at);
  }

  /**
   * Indexes rows `0 … count - 1` anew: counts each bucket's rows, then places them.
   * @param {number} count
   * @param {import('./string-sort.js').TextKeys} texts
   * @returns {Generator<void, void, void>}
   */
  *#build(count, { text: all, starts: rowStarts }) {
    const sizes = new Uint32Array(BUCKETS);
    const counts = new Uint32Array(BUCKETS);
    const last = new Int32Array(BUCKETS).fill(-1);
    for (let row = 0; row < count; row++) {
      for (let at = rowStarts[row]; at + 3 <= rowStarts[row + 1]; at++) {
        const bucket = bucketAt(all, at);
        if (last[bucket] === row) continue;
        sizes[bucket] += sizeOf(row - last[bucket]);
        counts[bucket]++;
        last[bucket] = row;
      }
      if (row % STEP === 0) yield;
    }
    const starts = new Uint32Array(BUCKETS + 1);
    for (let b = 0; b < BUCKETS; b++) starts[b + 1] = starts[b] + sizes[b];
    const packed = new Uint8Array(starts[BUCKETS]);
    const next = starts.slice(0, BUCKETS);
    last.fill(-1);
    for (let row = 0; row < count; row++) {
      for (let at = rowStarts[row]; at + 3 <= rowStarts[row + 1]; at++) {
        const bucket = bucketAt(all, at);
        if (last[bucket] === row) continue;
        next[bucket] = write(packed, next[bucket], row - last[bucket]);
        last[bucket] = row;
      }
      if (row % STEP === 0) yield;
    }
    this.#packed = packed;
    this.#starts = starts;
    this.#ends = starts.slice(1);
    this.#counts = counts;
    this.#lastRows = last;
    this.#recent = new Map();
    this.#recentCount = 0;
    this.#text = all;
    this.#offsets = rowStarts.subarray(0, count + 1);
    this.#packedRows = count;
    this.#recentTexts = [];
  }

  /** Moves the recent rows into the packed bytes, each bucket's after its packed ones (they are higher rows). */
  #packRecent() {
    const starts = new Uint32Array(BUCKETS + 1);
    for (let b = 0; b < BUCKETS; b++) {
      let size = this.#ends[b] - this.#starts[b];
      let last = this.#lastRows[b];
      for (const row of this.#recent.get(b) ?? []) {
        size += sizeOf(row - last);
        last = row;
      }
      starts[b + 1] = starts[b] + size;
    }
    const packed = new Uint8Array(starts[BUCKETS]);
    for (let b = 0; b < BUCKETS; b++) {
      packed.set(this.#packed.subarray(this.#starts[b], this.#ends[b]), starts[b]);
      let at = starts[b] + this.#ends[b] - this.#starts[b];
      for (const row of this.#recent.get(b) ?? []) {
        at = write(packed, at, row - this.#lastRows[b]);
        this.#lastRows[b] = row;
        this.#counts[b]++;
      }
    }
    this.#packed = packed;
    this.#starts = starts;
    this.#ends = starts.slice(1);
    this.#recent = new Map();
    this.#recentCount = 0;
    this.#keepTexts(this.#recentTexts, this.#packedRows);
  }

  /**
   * Keeps `texts` as the texts of the rows from `first` on, after those before it.
   * @param {string[]} texts
   * @param {number} first
   */
  #keepTexts(texts, first) {
    const offsets = new Uint32Array(first + texts.length + 1);
    offsets.set(this.#offsets.subarray(0, first + 1));
    for (let i = 0; i < texts.length; i++) offsets[first + i + 1] = offsets[first + i] + texts[i].length;
    this.#text = this.#text.slice(0, offsets[first]) + texts.join('');
    this.#offsets = offsets;
    this.#packedRows = first + texts.length;
    this.#recentTexts = [];
  }
}
