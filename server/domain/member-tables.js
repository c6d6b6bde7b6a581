/**
 * Members and memberships in the store's database: writes, reads by id and email, and the lists' queries
 * (filter, sort, page) compiled to SQL.
 */
import { filterSql } from './filter-sql.js';
import { fold, SORT_ATTRIBUTES } from './database.js';

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

export class MemberTables {
  /** @type {Map<string, import('node:sqlite').StatementSync>} by their SQL */
  #statements = new Map();

  /** @param {DatabaseSync} db */
  constructor(db) {
    this.db = db;
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
    const found = this.#prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ${NARROWING_ROWS + 1}`);
    const rows = found.all(match).map((row) => /** @type {number} */ (row.rowid));
    return rows.length > NARROWING_ROWS ? undefined : rows;
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
   * @returns {MemberMatches}
   */
  findMembers({ exprs, attribute, descending, outsideAccount }) {
    const filter = filterSql(exprs, MEMBER_COLUMNS, this.#rowsOf);
    const params = [...filter.params];
    let where = filter.where;
    if (outsideAccount !== undefined) {
      where += ' AND NOT EXISTS (SELECT 1 FROM memberships WHERE account_id = ? AND account_member_id = m.id)';
      params.push(outsideAccount);
    }
    const order = orderSql('m', attribute, descending);
    const few = `LIMIT ${FEW_MATCHES + 1}`;
    /** @type {Array<Record<string, any>> | undefined} the rows that match, when they are few, and in order */
    let found;
    if (filter.narrowed) {
      // an index names the few rows to test: they are sorted as they are found
      found = this.#prepare(`SELECT m.row FROM members m WHERE ${where} ${order} ${few}`).all(...params);
    } else if (exprs.length > 0) {
      // a range of an order's index, or else the narrowest index of the two texts, read whole
      const from = filter.ranged ? 'members m' : 'members m INDEXED BY members_by_email';
      const matched = this.#prepare(`SELECT m.row FROM ${from} WHERE ${where} ${few}`).all(...params);
      found =
        matched.length > FEW_MATCHES
          ? matched
          : this.#prepare(`SELECT m.row FROM members m WHERE m.row IN (SELECT value FROM json_each(?)) ${order}`).all(
              JSON.stringify(matched.map((row) => row.row)),
            );
    }
    if (found && found.length <= FEW_MATCHES) return this.#rowsInOrder(found.map((row) => row.row));
    // many match: counted, and the page read in the order's index (a range of another index, sorted whole, could
    // be most of the members)
    const total = count(this.#prepare, `FROM members m WHERE ${where}`, params);
    const index =
      descending && attribute === 'created_at' ? 'members_by_created_at_newest' : `members_by_${attribute}_order`;
    return matches(this.#prepare, `FROM members m INDEXED BY ${index} WHERE ${where}`, order, MEMBER, params, total);
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
