/**
 * The store's members, in the order they were added (a row is a position in it). The members read from a data
 * file at start are packed: for every few thousand members, each field's values one after the other in a string
 * of its own, with where each value ends in an array of numbers. A million members then take five strings and
 * two arrays per few thousand rather than five million objects and strings: half the memory, and nothing for
 * the collector to copy from the young generation to the old one or to mark again at each of its passes. A
 * member is made an object when it is read ({@link MemberList#at}), or only the field asked for
 * ({@link MemberList#field}).
 *
 * Members added while the service runs are kept as the objects they are (an undone write takes them back), and
 * so is a record of another shape (more fields, a field that is not a string), which the store's checks see as
 * it is.
 */

import { compareRuns } from './string-sort.js';

/** @typedef {import('./store.js').MemberRecord} MemberRecord */

const FIELDS = /** @type {const} */ (['id', 'name', 'email', 'created_at', 'updated_at']);
const FIELD_COUNT = FIELDS.length;
const FIELD_AT = /** @type {Record<string, number>} */ (Object.fromEntries(FIELDS.map((f, i) => [f, i])));
const CREATED = FIELD_AT.created_at;
const UPDATED = FIELD_AT.updated_at;

/** Rows of a block: a power of two, so that a row's block and place are a shift and a mask. */
const BLOCK_BITS = 12;
const BLOCK = 1 << BLOCK_BITS;

/** A row's flags: kept as the object it is; its `updated_at` is its `created_at` (not written twice). */
const OBJECT = 1;
const SAME_TIMES = 2;

/**
 * An instant as the service writes them (`2025-01-06T09:00:00.000Z`): lower-casing changes only its T and Z,
 * which every such instant has in the same places, so such instants sort alike with or without it.
 */
export const INSTANT = /^[0-9:.-]{10}T[0-9:.-]{12}Z$/;

/** Every value of a field of a block an instant, one after the other (each one's length checked besides). */
const INSTANTS = /^(?:[0-9:.-]{10}T[0-9:.-]{12}Z)*$/;
const INSTANT_LENGTH = 24;

/** A field's values sort as they are: each is lower-case already, or each is an instant. */
const LOWER = 1;
const INSTANTS_ONLY = 2;

/**
 * Whether a record has the shape packing keeps: the five fields, each a string, and nothing else.
 * @param {unknown} record
 */
function packable(record) {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return false;
  const fields = /** @type {Record<string, unknown>} */ (record);
  let count = 0;
  for (const key in fields) {
    if (!Object.hasOwn(FIELD_AT, key) || typeof fields[key] !== 'string') return false;
    count++;
  }
  return count === FIELD_COUNT;
}

/**
 * How a value sorts as it is ({@link LOWER}, {@link INSTANTS_ONLY}); 0 for neither.
 * @param {unknown} value
 */
function sortsAsItIs(value) {
  if (typeof value !== 'string') return 0;
  // an instant has an upper-case T and Z: never lower-case already
  if (INSTANT.test(value)) return INSTANTS_ONLY;
  return value.toLowerCase() === value ? LOWER : 0;
}

/** Up to {@link BLOCK} members packed: each field's values one after the other in a text of its own. */
class Block {
  /**
   * @param {unknown[]} records
   */
  constructor(records) {
    const size = records.length;
    this.size = size;
    this.flags = new Uint8Array(size);
    /** field f of the row at i ends at `ends[f * size + i]` in `texts[f]` */
    this.ends = new Uint32Array(size * FIELD_COUNT);
    /** @type {Map<number, unknown>} rows kept as objects, by place in the block */
    this.objects = new Map();
    /** @type {string[][]} */
    const values = FIELDS.map(() => new Array(size).fill(''));
    for (let i = 0; i < size; i++) {
      const record = records[i];
      if (!packable(record)) {
        this.flags[i] = OBJECT;
        this.objects.set(i, record);
        continue;
      }
      const member = /** @type {MemberRecord} */ (record);
      for (let f = 0; f < UPDATED; f++) values[f][i] = member[FIELDS[f]];
      if (member.updated_at === member.created_at) this.flags[i] = SAME_TIMES;
      else values[UPDATED][i] = member.updated_at;
    }
    /** @type {string[]} */
    this.texts = values.map((list, f) => {
      let end = 0;
      for (let i = 0; i < size; i++) this.ends[f * size + i] = end += list[i].length;
      return list.join('');
    });
    /** @type {number[]} how each field's packed values sort as they are, {@link LOWER} and {@link INSTANTS_ONLY} */
    this.sortable = [];
    for (let f = 0; f < FIELD_COUNT; f++) this.sortable.push(this.#sortable(f));
  }

  /**
   * How the packed values of field `f` sort as they are (the fields before it known already).
   * @param {number} f
   */
  #sortable(f) {
    if (f === FIELD_AT.name) return 0;
    const text = this.texts[f];
    let instants = INSTANTS.test(text);
    for (let i = 0; i < this.size && instants; i++) {
      const length = this.ends[f * this.size + i] - this.start(i, f);
      const empty = this.flags[i] & OBJECT || (f === UPDATED && this.flags[i] & SAME_TIMES);
      instants = length === (empty ? 0 : INSTANT_LENGTH);
    }
    // an instant has an upper-case T and Z: never lower-case already (no values at all are both)
    const lower = !(instants && text !== '') && text.toLowerCase() === text;
    const sorts = (instants ? INSTANTS_ONLY : 0) | (lower ? LOWER : 0);
    // an update time equal to the creation time is the creation time's
    return f === UPDATED ? sorts & this.sortable[CREATED] : sorts;
  }

  /**
   * Where a field of the row at `i` starts in `texts[f]` (it ends at `ends[f * size + i]`).
   * @param {number} i
   * @param {number} f
   */
  start(i, f) {
    return i === 0 ? 0 : this.ends[f * this.size + i - 1];
  }

  /**
   * The field that holds a packed row's value (an update time equal to the creation time is not written twice).
   * @param {number} i
   * @param {number} f
   */
  fieldOf(i, f) {
    return f === UPDATED && this.flags[i] & SAME_TIMES ? CREATED : f;
  }

  /**
   * A field of a packed row.
   * @param {number} i
   * @param {number} f
   */
  field(i, f) {
    const of = this.fieldOf(i, f);
    return this.texts[of].slice(this.start(i, of), this.ends[of * this.size + i]);
  }

  /** @param {number} i @returns {MemberRecord} */
  record(i) {
    if (this.flags[i] & OBJECT) return /** @type {MemberRecord} */ (this.objects.get(i));
    const created = this.field(i, CREATED);
    return {
      id: this.field(i, 0),
      name: this.field(i, 1),
      email: this.field(i, 2),
      created_at: created,
      updated_at: this.flags[i] & SAME_TIMES ? created : this.field(i, UPDATED),
    };
  }
}

export class MemberList {
  /** @type {Block[]} every block full but the last */
  #blocks = [];
  /** rows held in blocks */
  #packed = 0;
  /** @type {unknown[]} rows after the packed ones, as objects */
  #tail = [];
  /** whether the tail is packed as it fills (while a data file is read) */
  #packing = false;

  /**
   * A list of these records, kept as they are (identity included).
   * @param {Iterable<MemberRecord>} [records]
   */
  constructor(records = []) {
    this.#tail = [...records];
  }

  /** A list for the members of a data file: packed as they are added, until {@link loaded}. */
  static loading() {
    const list = new MemberList();
    list.#packing = true;
    return list;
  }

  /**
   * The list `members` is, or a list of its records.
   * @param {MemberList | MemberRecord[]} members
   */
  static of(members) {
    if (!(members instanceof MemberList)) return new MemberList(members);
    members.loaded();
    return members;
  }

  /** Packs what is left of the data file's members; members added from now on are kept as objects. */
  loaded() {
    if (!this.#packing) return;
    this.#packing = false;
    this.#pack();
  }

  get length() {
    return this.#packed + this.#tail.length;
  }

  /**
   * Adds members at the end; returns the new length.
   * @param {...unknown} records (checked by the store's checks where they come from a file)
   */
  push(...records) {
    for (const record of records) {
      this.#tail.push(record);
      if (this.#packing && this.#tail.length === BLOCK) this.#pack();
    }
    return this.length;
  }

  /**
   * Takes the members from `length` on out again (only members added since start: an undone write).
   * @param {number} length
   */
  truncate(length) {
    if (length < this.#packed) throw new RangeError(`Members read at start cannot be taken out (${length})`);
    this.#tail.length = length - this.#packed;
  }

  /**
   * The member at a row, as a record (made anew for a packed row, so compare members by value).
   * @param {number} row
   * @returns {MemberRecord}
   */
  at(row) {
    if (row >= this.#packed) return /** @type {MemberRecord} */ (this.#tail[row - this.#packed]);
    return this.#blocks[row >>> BLOCK_BITS].record(row & (BLOCK - 1));
  }

  /**
   * One field of the member at a row (without making the whole record).
   * @param {number} row
   * @param {string} field
   * @returns {string}
   */
  field(row, field) {
    const f = FIELD_AT[field];
    if (row < this.#packed && f !== undefined) {
      const block = this.#blocks[row >>> BLOCK_BITS];
      const i = row & (BLOCK - 1);
      if (!(block.flags[i] & OBJECT)) return block.field(i, f);
    }
    return /** @type {any} */ (this.at(row))[field];
  }

  /**
   * The members from `start` to `end`, as records.
   * @param {number} [start]
   * @param {number} [end]
   */
  slice(start = 0, end = this.length) {
    /** @type {MemberRecord[]} */
    const records = [];
    for (let row = start; row < Math.min(end, this.length); row++) records.push(this.at(row));
    return records;
  }

  /**
   * Removes members (a repair dropping damaged records of a data file): the list is made again without them.
   * @param {number} start
   * @param {number} count
   */
  splice(start, count) {
    const records = this.slice();
    const removed = records.splice(start, count);
    const packed = this.#packed > 0;
    this.#blocks = [];
    this.#packed = 0;
    this.#tail = [];
    this.#packing = packed;
    // one at a time: a million records are too many arguments for one call
    for (const record of records) this.push(record);
    if (packed) this.loaded();
    return removed;
  }

  /** The list as it is now, for a snapshot written while members are added (rows added later are not in it). */
  frozen() {
    const copy = new MemberList();
    copy.#blocks = this.#blocks.slice();
    copy.#packed = this.#packed;
    copy.#tail = this.#tail.slice();
    return copy;
  }

  /** The rows kept as objects, with their records (those of another shape, and those added since start). */
  *objects() {
    for (const [b, block] of this.#blocks.entries()) {
      for (const [i, record] of block.objects) yield /** @type {[number, unknown]} */ ([b * BLOCK + i, record]);
    }
    for (const [i, record] of this.#tail.entries()) yield /** @type {[number, unknown]} */ ([this.#packed + i, record]);
  }

  *[Symbol.iterator]() {
    for (let row = 0; row < this.length; row++) yield this.at(row);
  }

  /**
   * A field's values as sort keys that need no copy ({@link import('./string-sort.js').Keys}): when every
   * value is lower-case already, or every value is an instant (which sort alike whatever their case); null
   * when some value would have to be lower-cased. In steps (see ./time-slices.js): the members added since
   * start are objects, each value checked, and there may be a million of them.
   * @param {string} field
   * @returns {Generator<void, FieldKeys | null, void>}
   */
  *keysAsTheyAre(field) {
    const f = FIELD_AT[field];
    if (f === undefined || f === FIELD_AT.name) return null;
    let sorts = LOWER | INSTANTS_ONLY;
    for (const block of this.#blocks) sorts &= block.sortable[f];
    let checked = 0;
    for (const [, record] of this.objects()) {
      sorts &= sortsAsItIs(/** @type {any} */ (record)?.[field]);
      if (!sorts) return null;
      if (++checked % BLOCK === 0) yield;
    }
    return sorts ? new FieldKeys(this, f) : null;
  }

  /** @param {number} row */
  block(row) {
    return row < this.#packed ? this.#blocks[row >>> BLOCK_BITS] : undefined;
  }

  #pack() {
    for (let from = 0; from < this.#tail.length; from += BLOCK) {
      this.#blocks.push(new Block(this.#tail.slice(from, from + BLOCK)));
    }
    this.#packed += this.#tail.length;
    this.#tail = [];
  }
}

/** The values of one field of a list's members, read where they are packed, as sort keys. */
class FieldKeys {
  /**
   * @param {MemberList} list
   * @param {number} f
   */
  constructor(list, f) {
    this.list = list;
    this.f = f;
    this.field = FIELDS[f];
    /** where the value last found is */
    this.text = '';
    this.start = 0;
    this.end = 0;
  }

  /**
   * Where a row's value is: sets {@link text}, {@link start} and {@link end} (no object made for each of the
   * millions of times a sort asks).
   * @param {number} row
   */
  #find(row) {
    const block = this.list.block(row);
    const i = row & (BLOCK - 1);
    if (!block || block.flags[i] & OBJECT) {
      this.text = this.list.field(row, this.field);
      this.start = 0;
      this.end = this.text.length;
      return;
    }
    const f = block.fieldOf(i, this.f);
    this.text = block.texts[f];
    this.start = block.start(i, f);
    this.end = block.ends[f * block.size + i];
  }

  /** @param {number} row */
  length(row) {
    this.#find(row);
    return this.end - this.start;
  }

  /** @param {number} row @param {number} at */
  code(row, at) {
    this.#find(row);
    return this.text.charCodeAt(this.start + at);
  }

  /**
   * @param {number} a
   * @param {number} b
   * @param {number} depth
   */
  compare(a, b, depth) {
    this.#find(a);
    const textA = this.text;
    const startA = this.start + depth;
    const lengthA = this.end - startA;
    this.#find(b);
    return compareRuns(textA, startA, lengthA, this.text, this.start + depth, this.end - this.start - depth);
  }

  /**
   * Marks in `of` the code units of the keys of rows `from` to `to`.
   * @param {Uint32Array} of
   * @param {number} from
   * @param {number} to
   */
  markCodes(of, from, to) {
    for (let row = from; row < to; row++) {
      // the value found once per row, not once per code unit
      this.#find(row);
      for (let at = this.start; at < this.end; at++) of[this.text.charCodeAt(at)] = 1;
    }
  }
}
