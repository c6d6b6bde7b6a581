/**
 * The indexes of the store's members, kept across writes (a new member is put in its place in each, never
 * by building them again), and the members list's queries answered from them.
 *
 * Rows are positions in the store's member list, which only grows (a write undone takes back the last rows).
 * - An order per sort attribute ({@link SortedRows}): pages of the whole list, `eq` (the rows of one key) and
 *   `like` patterns that start with a text (the rows of one prefix).
 * - The names' runs of three characters ({@link TextIndex}): `like(name,…)` with a text of three or more.
 * A filter is answered from the index that narrows it most; each row it gives is checked with the filter's
 * own test (the one a plain evaluation uses), so an index only has to hold every row that may match. A filter
 * no index narrows reads the rows in the order asked for.
 */
import { IdTable } from './id-table.js';
import { INSTANT } from './member-list.js';
import { compileFilter, likeSegments } from './filter.js';
import { SortedRows } from './sorted-rows.js';
import { ListKeys, TextKeys } from './string-sort.js';
import { TextIndex } from './text-index.js';

/**
 * @typedef {import('./store.js').MemberRecord} MemberRecord
 * @typedef {import('./member-list.js').MemberList} MemberList
 * @typedef {import('./filter.js').FilterExpr} FilterExpr
 * @typedef {{ total: number, page: (offset: number, limit: number) => MemberRecord[] }} MemberMatches
 * @typedef {{ exprs: FilterExpr[], attribute: string, descending: boolean, excluded?: Set<string> }}
 *   MemberQuery `excluded`: ids of members left out (the members of an account, for the unassigned ones)
 */

/** Attributes lists sort on. */
export const SORT_ATTRIBUTES = ['created_at', 'email', 'id', 'name', 'updated_at'];

/** Members handled between two steps while building. */
const STEP = 4096;

/** Matches up to this share of all members are sorted by their labels; more are read off the kept order. */
const SORTED_SHARE = 1 / 64;

/** @param {unknown} value */
const lower = (value) => String(value ?? '').toLowerCase();

/**
 * The members' keys of one attribute for sorting them: the values lower-cased or, when every value is an
 * instant (creation and update times), the values themselves, which sort alike and need no lower-cased copy
 * of a million strings.
 * @param {MemberList} members
 * @param {string} attribute
 * @returns {Generator<void, import('./string-sort.js').Keys, void>}
 */
function* sortKeys(members, attribute) {
  // the values where they are packed, when they need no lower-casing
  const asTheyAre = yield* members.keysAsTheyAre(attribute);
  if (asTheyAre) return asTheyAre;
  /** @type {any[]} */
  const values = new Array(members.length);
  let instants = true;
  for (let row = 0; row < values.length; row++) {
    values[row] = members.field(row, attribute);
    instants &&= typeof values[row] === 'string' && INSTANT.test(values[row]);
    if (row % STEP === 0) yield;
  }
  if (instants) return new ListKeys(values);
  for (let row = 0; row < values.length; row++) {
    values[row] = lower(values[row]);
    if (row % STEP === 0) yield;
  }
  return new ListKeys(values);
}

/** Only the first 128 characters (their lower case is one character each, and needs no context). */
const ASCII = /^[\0-\x7f]*$/;

/**
 * The members' names lower-cased, in one text: lower-cased a few thousand at a time (one string for each
 * few thousand, rather than a million strings to keep until the text is made).
 * @param {MemberList} members
 * @returns {Generator<void, TextKeys, void>}
 */
function* lowerNames(members) {
  const starts = new Uint32Array(members.length + 1);
  /** @type {string[]} */
  const pieces = [];
  for (let from = 0; from < members.length; from += STEP) {
    /** @type {string[]} */
    const names = [];
    for (let row = from; row < Math.min(members.length, from + STEP); row++) names.push(members.field(row, 'name'));
    const piece = names.join('');
    // a name's lower case may depend on what follows it (a final Σ), and be longer: those one by one
    const ascii = ASCII.test(piece);
    if (!ascii) for (let i = 0; i < names.length; i++) names[i] = names[i].toLowerCase();
    for (let i = 0; i < names.length; i++) starts[from + i + 1] = starts[from + i] + names[i].length;
    pieces.push(ascii ? piece.toLowerCase() : names.join(''));
    yield;
  }
  return new TextKeys(pieces.join(''), starts);
}

export class MemberIndex {
  /**
   * @param {MemberList} members the store's list
   * @param {Map<string, SortedRows>} orders an order per sort attribute
   * @param {TextIndex} names the names' runs of three characters
   * @param {IdTable} rowsById the row of each id (the last one, should an id be there twice)
   */
  constructor(members, orders, names, rowsById) {
    this.members = members;
    this.orders = orders;
    this.names = names;
    this.rowsById = rowsById;
  }

  /**
   * Indexes the members of `members` as it is now, in steps (see ./time-slices.js); members added meanwhile
   * are for the caller to {@link add}.
   * @param {MemberList} members the store's list
   * @returns {Generator<void, MemberIndex, void>}
   */
  static *build(members) {
    const count = members.length;
    // the names lower-cased once, for their runs and their order (the names index keeps them)
    const names = yield* lowerNames(members);
    const text = yield* TextIndex.build(count, (row) => members.field(row, 'name').toLowerCase(), names);
    /** @type {Map<string, SortedRows>} */
    const orders = new Map();
    for (const attribute of SORT_ATTRIBUTES) {
      const keyOf =
        attribute === 'name'
          ? (/** @type {number} */ row) => text.text(row)
          : (/** @type {number} */ row) => lower(members.field(row, attribute));
      const keys = attribute === 'name' ? names : yield* sortKeys(members, attribute);
      orders.set(attribute, yield* SortedRows.build(count, keyOf, (row) => members.field(row, 'id'), keys));
    }
    // by id, for reading members one by one (an account's memberships sorted by name read each one's member)
    const rowsById = new IdTable((row) => members.field(row, 'id'), count);
    for (let row = 0; row < count; row++) {
      rowsById.set(row);
      if (row % STEP === 0) yield;
    }
    return new MemberIndex(members, orders, text, rowsById);
  }

  /**
   * Indexes the member just added at `row` (the last of the list).
   * @param {number} row
   */
  add(row) {
    // the names' index first: the order by name reads a row's name from it
    this.names.add(row);
    for (const order of this.orders.values()) order.insert(row);
    this.rowsById.set(row);
  }

  /**
   * Takes the last member out again (before it leaves the list), undoing {@link add}.
   * @param {number} row
   */
  remove(row) {
    // the names' index last, as the order by name reads the row's name from it
    for (const order of this.orders.values()) order.remove(row);
    this.names.remove(row);
    const id = this.members.field(row, 'id');
    if (this.rowsById.get(id) !== row) return;
    const earlier = this.#last(this.#order('id').withKey(lower(id)), (m) => m.id === id);
    if (earlier < 0) this.rowsById.delete(id);
    else this.rowsById.set(earlier);
  }

  /**
   * The member with this id (the one added last, should a hand-made data file hold the id twice).
   * @param {string} id
   */
  withId(id) {
    const row = this.rowsById.get(id);
    return row < 0 ? undefined : this.members.at(row);
  }

  /**
   * The member with this email address, whatever its case (the one added last, where several have it).
   * @param {string} email
   */
  withEmail(email) {
    const row = this.#last(this.#order('email').withKey(lower(email)), () => true);
    return row < 0 ? undefined : this.members.at(row);
  }

  /**
   * Of `rows`, the last added whose member passes `test` (-1 for none).
   * @param {ArrayLike<number>} rows
   * @param {(m: MemberRecord) => boolean} test
   */
  #last(rows, test) {
    let last = -1;
    for (let i = 0; i < rows.length; i++) if (rows[i] > last && test(this.members.at(rows[i]))) last = rows[i];
    return last;
  }

  /**
   * The members a query matches, in its order.
   * @param {MemberQuery} query
   * @returns {MemberMatches}
   */
  find({ exprs, attribute, descending, excluded }) {
    const order = this.#order(attribute);
    if (exprs.length === 0 && !excluded) {
      return { total: order.size, page: (offset, limit) => this.#page(order, descending, offset, limit) };
    }
    const members = this.members;
    // the filter's own test, on rows: names lower-cased come from the names' index, which keeps them
    const test = exprs.length
      ? compileFilter(
          exprs,
          (/** @type {number} */ row, attr) => members.field(row, attr),
          (row, attr) => (attr === 'name' ? this.names.text(row) : lower(members.field(row, attr))),
        )
      : () => true;
    const keep = excluded ? (/** @type {number} */ row) => !excluded.has(members.field(row, 'id')) && test(row) : test;
    const candidates = this.#candidates(exprs);
    /** @type {number[]} */
    let rows = [];
    if (candidates) {
      for (let i = 0; i < candidates.length; i++) if (keep(candidates[i])) rows.push(candidates[i]);
      rows = this.#sort(rows, order, descending);
    } else {
      order.walk(descending, (row) => {
        if (keep(row)) rows.push(row);
      });
    }
    return {
      total: rows.length,
      page: (offset, limit) => rows.slice(offset, offset + limit).map((r) => members.at(r)),
    };
  }

  /** @param {string} attribute */
  #order(attribute) {
    const order = this.orders.get(attribute);
    if (!order) throw new Error(`Members do not sort on ${attribute}`);
    return order;
  }

  /**
   * @param {SortedRows} order
   * @param {boolean} descending
   * @param {number} offset
   * @param {number} limit
   */
  #page(order, descending, offset, limit) {
    /** @type {MemberRecord[]} */
    const page = [];
    let skipped = 0;
    order.walk(descending, (row) => {
      if (skipped < offset) skipped++;
      else page.push(this.members.at(row));
      return page.length >= limit;
    });
    return page;
  }

  /**
   * Rows that hold every match of the filter (in no particular order), from the index that gives the fewest;
   * null when no index narrows it down.
   * @param {FilterExpr[]} exprs
   * @returns {ArrayLike<number> | null}
   */
  #candidates(exprs) {
    /** @type {{ count: number, rows: () => ArrayLike<number> } | null} */
    let best = null;
    const consider = (/** @type {number} */ count, /** @type {() => ArrayLike<number>} */ rows) => {
      if (count < (best?.count ?? Infinity)) best = { count, rows };
    };
    for (const { op, attr, value, parts } of exprs) {
      const order = this.#order(attr);
      if (op === 'eq') {
        const rows = order.withKey(value.toLowerCase());
        consider(rows.length, () => rows);
        continue;
      }
      const segments = likeSegments(parts);
      const prefix = segments.length > 1 ? segments[0] : '';
      if (prefix) consider(order.countWithPrefix(prefix), () => order.withPrefix(prefix));
      if (attr === 'name') {
        const texts = segments.filter((s) => s !== '');
        consider(this.names.estimate(texts), () => /** @type {ArrayLike<number>} */ (this.names.candidates(texts)));
      }
    }
    return best ? /** @type {{ rows: () => ArrayLike<number> }} */ (best).rows() : null;
  }

  /**
   * Puts matched rows in the query's order: a few by their labels in the attribute's kept order, many by
   * reading them off that order.
   * @param {number[]} rows
   * @param {SortedRows} order
   * @param {boolean} descending
   */
  #sort(rows, order, descending) {
    const members = this.members;
    if (rows.length <= Math.max(1000, members.length * SORTED_SHARE)) return order.sort(rows, descending);
    const matched = new Uint8Array(members.length);
    for (const row of rows) matched[row] = 1;
    /** @type {number[]} */
    const sorted = [];
    order.walk(descending, (row) => {
      if (matched[row]) sorted.push(row);
    });
    return sorted;
  }
}
