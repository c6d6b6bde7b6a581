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
    text: { table: 'member_text', column: 'name_folded', rowid: 'm.row' },
  },
  email: {
    value: 'm.email',
    folded: 'm.email_folded',
    text: { table: 'member_text', column: 'email_folded', rowid: 'm.row' },
  },
};

const MEMBERSHIP_COLUMNS = {
  account_member_id: { value: 'ms.account_member_id', folded: 'fold(ms.account_member_id)' },
};

/**
 * The order of a list: an attribute of the records (an account's memberships sort by their member's name and
 * email), lower-cased, ties by id; descending reverses the attribute only.
 * @param {string} table the alias of the records' table
 * @param {string} attribute one of {@link SORT_ATTRIBUTES}
 * @param {boolean} descending
 * @param {string} [memberTable] the alias of the members' table, where a list of memberships sorts by them
 */
function orderSql(table, attribute, descending, memberTable = table) {
  if (!SORT_ATTRIBUTES.includes(attribute)) throw new Error(`Unknown sort attribute ${attribute}`);
  const of = attribute === 'name' || attribute === 'email' ? memberTable : table;
  return `ORDER BY sort_key(${of}.${attribute}) ${descending ? 'DESC' : 'ASC'}, ${table}.id`;
}

/**
 * A query's count now and its pages when asked (read in the order of the query's one statement).
 * @template T
 * @param {DatabaseSync} db
 * @param {string} from the FROM and WHERE of the query
 * @param {string} order
 * @param {string} columns
 * @param {string[]} params
 * @returns {{ total: number, page: (offset: number, limit: number) => T[] }}
 */
function matches(db, from, order, columns, params) {
  const { total } = /** @type {{ total: number }} */ (db.prepare(`SELECT count(*) AS total ${from}`).get(...params));
  const pageOf = db.prepare(`SELECT ${columns} ${from} ${order} LIMIT ? OFFSET ?`);
  return {
    total,
    page: (offset, limit) => /** @type {T[]} */ (pageOf.all(...params, limit, offset).map((row) => ({ ...row }))),
  };
}

export class MemberTables {
  /** @param {DatabaseSync} db */
  constructor(db) {
    this.db = db;
    db.function('fold', { deterministic: true }, fold);
    this.insertMember = db.prepare(
      'INSERT INTO members (id, name, email, name_folded, email_folded, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertMembership = db.prepare(
      'INSERT INTO memberships (id, account_id, account_member_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.memberById = db.prepare(`SELECT ${MEMBER} FROM members m WHERE m.id = ?`);
    this.memberWithEmail = db.prepare(`SELECT ${MEMBER} FROM members m WHERE m.email_folded = ? ORDER BY m.row DESC`);
    this.membershipById = db.prepare(`SELECT ${MEMBERSHIP} FROM memberships ms WHERE ms.account_id = ? AND ms.id = ?`);
    this.membershipOf = db.prepare('SELECT 1 FROM memberships WHERE account_id = ? AND account_member_id = ?');
    this.membershipsOfAccount = db.prepare(
      `SELECT ${MEMBERSHIP} FROM memberships ms WHERE ms.account_id = ? ORDER BY ms.rowid`,
    );
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
    const filter = filterSql(exprs, MEMBER_COLUMNS);
    const params = [...filter.params];
    let where = filter.where;
    if (outsideAccount !== undefined) {
      where += ' AND m.id NOT IN (SELECT account_member_id FROM memberships WHERE account_id = ?)';
      params.push(outsideAccount);
    }
    return matches(this.db, `FROM members m WHERE ${where}`, orderSql('m', attribute, descending), MEMBER, params);
  }

  /**
   * An account's memberships a query matches, in its order.
   * @param {string} accountId
   * @param {MembershipQuery} query
   * @returns {MembershipMatches}
   */
  findMemberships(accountId, { exprs, attribute, descending }) {
    const filter = filterSql(exprs, MEMBERSHIP_COLUMNS);
    const from =
      'FROM memberships ms LEFT JOIN members m ON m.id = ms.account_member_id ' +
      `WHERE ms.account_id = ? AND ${filter.where}`;
    return matches(this.db, from, orderSql('ms', attribute, descending, 'm'), MEMBERSHIP, [
      accountId,
      ...filter.params,
    ]);
  }
}
