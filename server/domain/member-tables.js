/**
 * Members and memberships in the store's database: writes, reads by id and email, and the lists' queries
 * (filter, sort, page) compiled to SQL.
 */
import { filterSql } from './filter-sql.js';
import { fold, keyAtOrBefore, SORT_ATTRIBUTES } from './database.js';

/**
 * @typedef {import('node:sqlite').DatabaseSync} DatabaseSync
 * @typedef {import('./store.js').MemberRecord} MemberRecord
 * @typedef {import('./store.js').MembershipRecord} MembershipRecord
 * @typedef {import('./filter.js').FilterExpr} FilterExpr
 * @typedef {{ total: number, page: (offset: number, limit: number) => MemberRecord[] }} MemberMatches
 * @typedef {{ exprs: FilterExpr[], attribute: string, descending: boolean, outsideAccount?: string }}
 *   MemberQuery `outsideAccount`: only the members without a membership in that account (its unassigned ones)
 * @typedef {{ exprs: FilterExpr[], attribute: string, descending: boolean }} MembershipQuery
 * @typedef {{ total: number, page: (offset: number, limit: number) => MembershipRecord[] }} MembershipMatches
 * @typedef {{ where: string, params: string[], byName: boolean, from?: string, below?: string }} PassPart a part of a
 *   pass over the index of addresses and names: the members whose lower-cased address is from `from` and below
 *   `below` that the condition `where` holds
 * @typedef {{ rows: Array<Record<string, any>>, total: number, firstLeast: string | null, least: string | null }}
 *   PassCounted a part's matches in the index's order with their texts when they are at most {@link FEW_MATCHES}
 *   (else its first), their count, and (with `byName`) the least lower-cased name of its first matches in
 *   JavaScript's order and of the rest in SQLite's
 * @typedef {(parts: PassPart[]) => Promise<PassCounted[]>} PassRunner runs the parts of a pass, side by side where
 *   it can
 */

const MEMBER = 'm.id, m.name, m.email, m.created_at, m.updated_at';
const MEMBERSHIP = 'ms.id, ms.account_id, ms.account_member_id, ms.created_at, ms.updated_at';

/** The members' filter attributes in SQL (the trigram table holds their lower-cased values). */
const MEMBER_COLUMNS = {
  name: {
    value: 'm.name',
    folded: 'm.name_folded',
    key: 'sort_key(m.name)',
    text: { table: 'member_text', column: 'name_folded', rowid: 'm.row' },
  },
  email: {
    value: 'm.email',
    folded: 'm.email_folded',
    key: 'sort_key(m.email)',
    text: { table: 'member_text', column: 'email_folded', rowid: 'm.row' },
  },
};

const MEMBERSHIP_COLUMNS = {
  account_member_id: { value: 'ms.account_member_id', folded: 'fold(ms.account_member_id)' },
};

/**
 * The order of a list: an attribute of the records, lower-cased, ties by id; descending reverses the attribute
 * only. Memberships keep their sort keys beside them (their name and email are their member's).
 * @param {string} table the alias of the records' table
 * @param {string} attribute one of {@link SORT_ATTRIBUTES}
 * @param {boolean} descending
 * @param {boolean} [keyed] whether the records keep their sort keys (memberships)
 */
function orderSql(table, attribute, descending, keyed = false) {
  if (!SORT_ATTRIBUTES.includes(attribute)) throw new Error(`Unknown sort attribute ${attribute}`);
  const key = keyed ? `${table}.${attribute}_key` : `sort_key(${table}.${attribute})`;
  return `ORDER BY ${key} ${descending ? 'DESC' : 'ASC'}, ${table}.id`;
}

/**
 * How many rows a query finds.
 * @param {(sql: string) => import('node:sqlite').StatementSync} prepare
 * @param {string} from
 * @param {string[]} params
 */
const count = (prepare, from, params) =>
  /** @type {{ total: number }} */ (prepare(`SELECT count(*) AS total ${from}`).get(...params)).total;

/**
 * A query's count now and its pages when asked (read in the order of the query's one statement).
 * @template T
 * @param {(sql: string) => import('node:sqlite').StatementSync} prepare
 * @param {string} from the FROM and WHERE of the query
 * @param {string} order
 * @param {string} columns
 * @param {string[]} params
 * @param {number} [total] its count, when it is known
 * @returns {{ total: number, page: (offset: number, limit: number) => T[] }}
 */
function matches(prepare, from, order, columns, params, total = count(prepare, from, params)) {
  const pageOf = prepare(`SELECT ${columns} ${from} ${order} LIMIT ? OFFSET ?`);
  return {
    total,
    page: (offset, limit) =>
      offset >= total ? [] : /** @type {T[]} */ (pageOf.all(...params, limit, offset).map((row) => ({ ...row }))),
  };
}

/**
 * The lists' statements kept prepared, the least recently used given up first: a statement's memory is SQLite's,
 * outside the JavaScript heap, and one prepared for each query and left to the collector to finalize grew the
 * process by about 70 MB in 10,000 queries.
 */
const STATEMENTS_KEPT = 64;

/**
 * The most rows a substring found in the trigram table may name and still narrow a members query: read first
 * (a few milliseconds), they are looked up by row. A substring more members hold (`bench` in every generated
 * address) is tested on each member instead, as the members' indexes are read in the list's order.
 */
const NARROWING_ROWS = 5000;

/**
 * The most matches of a filter that are read whole, as rows in the list's order: from the index that narrows
 * the filter, or else in one pass over the narrowest index of the filtered texts. Their count is then known
 * without a second pass, and each page is read by row. A filter more members match is counted, and its page
 * read in the order's index, which soon finds a page of them.
 */
const FEW_MATCHES = 5000;

/** The addresses sampled to cut a pass into parts of about the same size. */
const SAMPLES = 63;

export class MemberTables {
  /** @type {Map<string, import('node:sqlite').StatementSync>} by their SQL */
  #statements = new Map();

  #fewMatches;
  #narrowingRows;
  #passParts;
  #runParts;

  /**
   * @param {DatabaseSync} db
   * @param {{ fewMatches?: number, narrowingRows?: number, passParts?: number, runParts?: PassRunner }} [options]
   *   {@link FEW_MATCHES} and {@link NARROWING_ROWS}, smaller in tests, so that a few thousand members take every
   *   way a query can go; `passParts`: the parts a pass over the members is cut into, which `runParts` runs (by
   *   default one after the other, here)
   */
  constructor(
    db,
    { fewMatches = FEW_MATCHES, narrowingRows = NARROWING_ROWS, passParts = 1, runParts = this.#partsHere } = {},
  ) {
    this.db = db;
    this.#fewMatches = fewMatches;
    this.#narrowingRows = narrowingRows;
    this.#passParts = passParts;
    this.#runParts = runParts;
    db.function('fold', { deterministic: true }, fold);
    this.insertMember = db.prepare(
      'INSERT INTO members (id, name, email, name_folded, email_folded, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertMembership = db.prepare(
      'INSERT INTO memberships (id, account_id, account_member_id, created_at, updated_at, id_key, ' +
        'created_at_key, updated_at_key, name_key, email_key) SELECT ?1, ?2, ?3, ?4, ?5, sort_key(?1), ' +
        'sort_key(?4), sort_key(?5), (SELECT sort_key(name) FROM members WHERE id = ?3), ' +
        '(SELECT sort_key(email) FROM members WHERE id = ?3)',
    );
    this.memberById = db.prepare(`SELECT ${MEMBER} FROM members m WHERE m.id = ?`);
    this.memberWithEmail = db.prepare(`SELECT ${MEMBER} FROM members m WHERE m.email_folded = ? ORDER BY m.row DESC`);
    this.membershipById = db.prepare(`SELECT ${MEMBERSHIP} FROM memberships ms WHERE ms.account_id = ? AND ms.id = ?`);
    this.membershipOf = db.prepare('SELECT 1 FROM memberships WHERE account_id = ? AND account_member_id = ?');
    this.membershipsOfAccount = db.prepare(
      `SELECT ${MEMBERSHIP} FROM memberships ms WHERE ms.account_id = ? ORDER BY ms.rowid`,
    );
  }

  /**
   * A list's statement, prepared once and kept while it is in use.
   * @param {string} sql
   */
  #prepare = (sql) => {
    let statement = this.#statements.get(sql);
    if (statement) this.#statements.delete(sql);
    else statement = this.db.prepare(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > STATEMENTS_KEPT) {
      this.#statements.delete(/** @type {string} */ (this.#statements.keys().next().value));
    }
    return statement;
  };

  /**
   * The rows of a trigram table that an FTS5 query finds, or `undefined` when there are more than
   * {@link NARROWING_ROWS} (only so many are read).
   * @param {string} table
   * @param {string} match
   */
  #rowsOf = (table, match) => {
    const found = this.#prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ${this.#narrowingRows + 1}`);
    const rows = found.all(match).map((row) => /** @type {number} */ (row.rowid));
    return rows.length > this.#narrowingRows ? undefined : rows;
  };

  /**
   * Merges the substring index into one segment, whose lists are read faster than those of the many segments
   * that adding many members leaves (a new name filter's lookup 4.3 -> 2.3 ms at a million members); it takes
   * seconds at a million members, so it follows an import, not each change.
   */
  optimize() {
    this.db.exec("INSERT INTO member_text (member_text) VALUES ('optimize')");
  }

  /** @param {MemberRecord[]} records */
  addMembers(records) {
    for (const m of records) {
      this.insertMember.run(m.id, m.name, m.email, fold(m.name), fold(m.email), m.created_at, m.updated_at);
    }
  }

  /** @param {MembershipRecord} ms */
  addMembership(ms) {
    this.insertMembership.run(ms.id, ms.account_id, ms.account_member_id, ms.created_at, ms.updated_at);
  }

  /**
   * @param {string} id
   * @returns {MemberRecord | undefined}
   */
  member(id) {
    const row = this.memberById.get(id);
    return row && /** @type {MemberRecord} */ ({ ...row });
  }

  /**
   * The member with this email address, whatever its case (the last one made, should two share it).
   * @param {string} email
   * @returns {MemberRecord | undefined}
   */
  memberByEmail(email) {
    const row = this.memberWithEmail.get(fold(email));
    return row && /** @type {MemberRecord} */ ({ ...row });
  }

  /**
   * @param {string} accountId
   * @param {string} id
   * @returns {MembershipRecord | undefined}
   */
  membership(accountId, id) {
    const row = this.membershipById.get(accountId, id);
    return row && /** @type {MembershipRecord} */ ({ ...row });
  }

  /**
   * An account's memberships, in the order they were made.
   * @param {string} accountId
   * @returns {MembershipRecord[]}
   */
  membershipsOf(accountId) {
    return this.membershipsOfAccount.all(accountId).map((row) => /** @type {MembershipRecord} */ ({ ...row }));
  }

  /**
   * @param {string} accountId
   * @param {string} memberId
   */
  isMemberOf(accountId, memberId) {
    return this.membershipOf.get(accountId, memberId) !== undefined;
  }

  /**
   * @param {MemberQuery} query
   * @returns {Promise<MemberMatches>}
   */
  async findMembers({ exprs, attribute, descending, outsideAccount }) {
    const filter = filterSql(exprs, MEMBER_COLUMNS, this.#rowsOf);
    const params = [...filter.params];
    let where = filter.where;
    if (outsideAccount !== undefined) {
      where += ' AND NOT EXISTS (SELECT 1 FROM memberships WHERE account_id = ? AND account_member_id = m.id)';
      params.push(outsideAccount);
    }
    const order = orderSql('m', attribute, descending);
    const few = `LIMIT ${this.#fewMatches + 1}`;
    /** @type {Array<Record<string, any>> | undefined} the rows that match, when they are few */
    let found;
    /** @type {{ total: number, firstKey?: string } | undefined} a filter many members match, when a pass counted it */
    let many;
    /** the members' table, or the index of the range that holds the matches */
    let members = 'members m';
    const range = filter.narrowed || filter.ranges.length === 0 ? undefined : this.#narrowestRange(filter.ranges);
    /** @type {string | undefined} the sampled rows, read once for a wide range's test and the pass's cut */
    let sampled;
    const sampledRows = () => (sampled ??= this.#sampledRows());
    if (filter.narrowed) {
      // an index names the few rows to test: they are sorted as they are found
      found = this.#prepare(`SELECT m.row FROM members m WHERE ${where} ${order} ${few}`).all(...params);
    } else if (range && !this.#widerThanAPart(range, sampledRows)) {
      // a range of an order's index, read whole
      members = `members m INDEXED BY members_by_${range.attribute}_order`;
      where += ` AND ${range.key} >= ? AND ${range.key} < ?`;
      params.push(range.start, range.end);
      found = this.#prepare(`SELECT m.row FROM ${members} WHERE ${where} ${few}`).all(...params);
    } else if (filter.where !== '1') {
      // a pass over every member, in parts (a wide range's prefix is tested on each)
      const whole = { where, params, byName: attribute === 'name' && !descending };
      const parts = await this.#runParts(this.#cut(whole, sampledRows));
      const total = parts.reduce((sum, part) => sum + part.total, 0);
      if (total <= this.#fewMatches) found = parts.flatMap((part) => part.rows);
      else many = { total, firstKey: this.#firstKey(parts, attribute, descending) };
    }
    if (found && found.length <= this.#fewMatches) {
      const rows = found.map((row) => row.row);
      return this.#rowsInOrder(filter.narrowed ? rows : this.#inOrder(rows, order));
    }
    // many match: counted, and the page read in the order's index (a range of another index, sorted whole, could
    // be most of the members), from the first match's key when a pass found it: the matches may all stand at the
    // end of that order (`like(name,nt)`: only Vint holds it, the last of the first names)
    const total = many?.total ?? count(this.#prepare, `FROM ${members} WHERE ${where}`, params);
    const index =
      descending && attribute === 'created_at' ? 'members_by_created_at_newest' : `members_by_${attribute}_order`;
    let from = `FROM members m INDEXED BY ${index} WHERE ${where}`;
    const pageParams = [...params];
    if (many?.firstKey !== undefined) {
      from += ` AND sort_key(m.${attribute}) >= ?`;
      pageParams.push(many.firstKey);
    }
    return matches(this.#prepare, from, order, MEMBER, pageParams, total);
  }

  /**
   * The range of sort keys holding the fewest members, the one to read (the filter tests the others' values on
   * its index). SQLite keeps no statistics of ranges here and may read the wider (`like(email,le*):like(name,j*)`:
   * 340 ms at a million members). Each range is read up to a bound, four times larger each round, until one ends
   * before it: none is read much more than four times as far as the narrowest (`member*`, `a*`: 240 -> 115 ms).
   * @param {import('./filter-sql.js').KeyRange[]} ranges
   */
  #narrowestRange(ranges) {
    if (ranges.length === 1) return ranges[0];
    for (let bound = this.#fewMatches; ; bound *= 4) {
      const held = ranges.map((range) => {
        const upTo = this.#prepare(
          `SELECT count(*) AS held FROM (SELECT 1 FROM members m INDEXED BY members_by_${range.attribute}_order ` +
            `WHERE ${range.key} >= ? AND ${range.key} < ? LIMIT ?)`,
        );
        return { range, held: /** @type {{ held: number }} */ (upTo.get(range.start, range.end, bound + 1)).held };
      });
      const narrowest = held.reduce((least, next) => (next.held < least.held ? next : least));
      if (narrowest.held <= bound) return narrowest.range;
    }
  }

  /**
   * Whether more of the members sampled evenly over them are in a range than a part of a pass holds: the parts,
   * read side by side, then take less time than the range read alone (`ilike(email,member*)`, which every
   * generated address starts). A count of the range up to that many read 500,000 keys (90 ms).
   * @param {import('./filter-sql.js').KeyRange} range
   * @param {() => string} sampledRows {@link #sampledRows}
   */
  #widerThanAPart(range, sampledRows) {
    if (this.#passParts < 2) return false;
    const held = /** @type {{ held: number, sampled: number }} */ (
      this.#prepare(
        `SELECT count(*) AS sampled, count(CASE WHEN ${range.key} >= ? AND ${range.key} < ? THEN 1 END) AS held ` +
          'FROM members m WHERE m.row IN (SELECT value FROM json_each(?))',
      ).get(range.start, range.end, sampledRows())
    );
    return held.held * this.#passParts > held.sampled;
  }

  /** The rows of {@link SAMPLES} members spread evenly over them (as JSON), and fewer where rows are missing. */
  #sampledRows() {
    const { low, high } = /** @type {{ low: number | null, high: number | null }} */ (
      this.#prepare('SELECT (SELECT min(row) FROM members) AS low, (SELECT max(row) FROM members) AS high').get()
    );
    if (low === null || high === null) return '[]';
    return JSON.stringify(
      Array.from({ length: SAMPLES }, (_, i) => Math.floor(low + ((high - low + 1) * (i + 0.5)) / SAMPLES)),
    );
  }

  /**
   * A pass over the index of addresses and names cut into parts of about the same size, by addresses sampled
   * evenly over the members (in SQLite's order of texts, the index's).
   * @param {PassPart} whole
   * @param {() => string} sampledRows {@link #sampledRows}
   * @returns {PassPart[]}
   */
  #cut(whole, sampledRows) {
    if (this.#passParts < 2) return [whole];
    const samples = this.#prepare(
      'SELECT email_folded FROM members WHERE row IN (SELECT value FROM json_each(?)) ORDER BY email_folded',
    )
      .all(sampledRows())
      .map((row) => String(row.email_folded));
    // no members: no samples
    if (samples.length === 0) return [whole];
    const at = (/** @type {number} */ i) => samples[Math.floor((samples.length * i) / this.#passParts)];
    const cuts = [...new Set(Array.from({ length: this.#passParts - 1 }, (_, i) => at(i + 1)))];
    return [...cuts, undefined].map((below, i) => ({ ...whole, from: cuts[i - 1], below }));
  }

  /**
   * Runs the parts of a pass one after the other.
   * @type {PassRunner}
   */
  #partsHere = async (parts) => parts.map((part) => this.pass(part));

  /**
   * A part of a pass over the index of addresses and names: its first matches (one more than {@link FEW_MATCHES}
   * at most), with the texts of each, and, when there are more, the count of the rest from the last of them on in
   * the same index, so that a filter matching a few more than that is one pass over the members, not two.
   * @param {PassPart} part
   * @returns {PassCounted}
   */
  pass({ where, params, byName, from, below }) {
    let condition = where;
    const values = [...params];
    if (from !== undefined) {
      condition += ' AND m.email_folded >= ?';
      values.push(from);
    }
    if (below !== undefined) {
      condition += ' AND m.email_folded < ?';
      values.push(below);
    }
    const first = /** @type {Array<Record<string, any>>} */ (
      this.#prepare(
        `SELECT m.row, m.email_folded, m.name_folded FROM members m INDEXED BY members_by_email WHERE ${condition} ` +
          `ORDER BY m.email_folded, m.name_folded, m.row LIMIT ${this.#fewMatches + 1}`,
      ).all(...values)
    );
    const firstLeast =
      byName && first.length > 0
        ? first.reduce((least, row) => (row.name_folded < least ? row.name_folded : least), first[0].name_folded)
        : null;
    if (first.length <= this.#fewMatches) return { rows: first, total: first.length, firstLeast, least: null };
    const last = /** @type {Record<string, any>} */ (first.at(-1));
    const rest = /** @type {{ total: number, least: string | null }} */ (
      this.#prepare(
        `SELECT count(*) AS total, ${byName ? 'min(m.name_folded)' : 'NULL'} AS least FROM members m ` +
          `INDEXED BY members_by_email WHERE ${condition} AND (m.email_folded, m.name_folded, m.row) > (?, ?, ?)`,
      ).get(...values, last.email_folded, last.name_folded, last.row)
    );
    // only the first is needed of matches that are many: the one of least address
    return { rows: first.slice(0, 1), total: first.length + rest.total, firstLeast, least: rest.least };
  }

  /**
   * For an ascending order of name or email, a key at or before the first match's in that order, from the parts
   * of a pass that found many.
   * @param {PassCounted[]} parts
   * @param {string} attribute
   * @param {boolean} descending
   */
  #firstKey(parts, attribute, descending) {
    // addresses: the first match in the index has the least
    if (attribute === 'email' && !descending) return keyAtOrBefore(parts.flatMap((part) => part.rows)[0].email_folded);
    if (attribute !== 'name' || descending) return undefined;
    // names: the least of each part's first matches in JavaScript's order, and of its rest in SQLite's
    const keys = parts.flatMap((part) => [part.firstLeast, part.least]).filter((least) => least !== null);
    return keys.map(keyAtOrBefore).reduce((least, key) => (key < least ? key : least));
  }

  /**
   * Rows in a list's order.
   * @param {number[]} rows
   * @param {string} order
   */
  #inOrder(rows, order) {
    const sorted = this.#prepare(
      `SELECT m.row FROM members m WHERE m.row IN (SELECT value FROM json_each(?)) ${order}`,
    );
    return sorted.all(JSON.stringify(rows)).map((row) => /** @type {number} */ (row.row));
  }

  /**
   * Matches known by their rows, in order: their count, and each page read by row.
   * @param {number[]} rows
   * @returns {MemberMatches}
   */
  #rowsInOrder(rows) {
    const pageOf = this.#prepare(
      `SELECT ${MEMBER} FROM json_each(?) AS j JOIN members m ON m.row = j.value ORDER BY j.key`,
    );
    return {
      total: rows.length,
      page: (offset, limit) =>
        offset >= rows.length
          ? []
          : pageOf
              .all(JSON.stringify(rows.slice(offset, offset + limit)))
              .map((row) => /** @type {MemberRecord} */ ({ ...row })),
    };
  }

  /**
   * An account's memberships a query matches, in its order.
   * @param {string} accountId
   * @param {MembershipQuery} query
   * @returns {MembershipMatches}
   */
  findMemberships(accountId, { exprs, attribute, descending }) {
    const filter = filterSql(exprs, MEMBERSHIP_COLUMNS);
    const from = `FROM memberships ms WHERE ms.account_id = ? AND ${filter.where}`;
    return matches(this.#prepare, from, orderSql('ms', attribute, descending, true), MEMBERSHIP, [
      accountId,
      ...filter.params,
    ]);
  }
}
