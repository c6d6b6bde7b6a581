/**
 * The memberships of one account, with the orders its list is asked in kept across writes: each order is
 * sorted once, when first asked for, and a new membership is put in its place in every order kept.
 *
 * A membership sorts by its own `created_at`, `updated_at` and `id`, and by its member's `name` and `email`;
 * lower-cased, ties by the membership's id, then in the order the memberships were made (as lists sort
 * elsewhere in the service; descending reverses the key only).
 */
import { ListKeys, sortRows } from './string-sort.js';
import { atOnce } from './time-slices.js';

/**
 * @typedef {import('./store.js').MembershipRecord} MembershipRecord
 * @typedef {import('./store.js').MemberRecord} MemberRecord
 */

const MEMBER_ATTRIBUTES = ['name', 'email'];

/** @param {string} a @param {string} b */
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export class AccountMemberships {
  /** @type {MembershipRecord[]} in the order they were made */
  list = [];
  /** @type {Map<string, MembershipRecord[]>} by `<attribute>:<descending>` */
  #orders = new Map();
  /** @type {Set<string> | null} the ids of the account's members */
  #members = null;

  /** @param {(id: string) => MemberRecord | undefined} memberOf */
  constructor(memberOf) {
    this.memberOf = memberOf;
  }

  /**
   * The text a membership sorts by.
   * @param {MembershipRecord} ms
   * @param {string} attribute
   */
  key(ms, attribute) {
    const record = MEMBER_ATTRIBUTES.includes(attribute) ? this.memberOf(ms.account_member_id) : ms;
    return String(/** @type {any} */ (record)?.[attribute] ?? '').toLowerCase();
  }

  /** @param {MembershipRecord} ms */
  add(ms) {
    this.list.push(ms);
    this.#members?.add(ms.account_member_id);
    for (const [name, order] of this.#orders) {
      const [attribute, descending] = name.split(':');
      order.splice(this.#firstAfter(order, ms, attribute, descending === 'true'), 0, ms);
    }
  }

  /**
   * Takes a membership out (undoing {@link add}).
   * @param {MembershipRecord} ms
   */
  remove(ms) {
    for (const list of [this.list, ...this.#orders.values()]) {
      const at = list.lastIndexOf(ms);
      if (at >= 0) list.splice(at, 1);
    }
    this.#members = null;
  }

  /**
   * The orders that read a member's name or email are sorted again when next asked for (a member whose id a
   * membership names has been added since).
   */
  forgetMemberOrders() {
    for (const attribute of MEMBER_ATTRIBUTES) {
      this.#orders.delete(`${attribute}:false`);
      this.#orders.delete(`${attribute}:true`);
    }
  }

  /** @param {string} memberId */
  hasMember(memberId) {
    return this.memberIds().has(memberId);
  }

  /** The ids of the account's members. */
  memberIds() {
    this.#members ??= new Set(this.list.map((ms) => ms.account_member_id));
    return this.#members;
  }

  /**
   * The memberships in the order asked for (do not change the list it gives).
   * @param {string} attribute
   * @param {boolean} descending
   */
  sorted(attribute, descending) {
    const name = `${attribute}:${descending}`;
    let order = this.#orders.get(name);
    if (!order) {
      order = this.#sort(attribute, descending);
      this.#orders.set(name, order);
    }
    return order;
  }

  /**
   * @param {string} attribute
   * @param {boolean} descending
   */
  #sort(attribute, descending) {
    const rows = Uint32Array.from(this.list.keys());
    const keys = new ListKeys(this.list.map((ms) => this.key(ms, attribute)));
    const equal = atOnce(sortRows(rows, keys, (row) => this.list[row].id));
    if (!descending) return Array.from(rows, (row) => this.list[row]);
    // the runs of equal keys from the end, each in its own (ascending) order
    /** @type {MembershipRecord[]} */
    const order = [];
    for (let end = rows.length; end > 0;) {
      let start = end - 1;
      while (start > 0 && equal[start]) start--;
      for (let i = start; i < end; i++) order.push(this.list[rows[i]]);
      end = start;
    }
    return order;
  }

  /**
   * Where a new membership goes in an order: after every one that sorts before it or equal to it.
   * @param {MembershipRecord[]} order
   * @param {MembershipRecord} ms
   * @param {string} attribute
   * @param {boolean} descending
   */
  #firstAfter(order, ms, attribute, descending) {
    const key = this.key(ms, attribute);
    const direction = descending ? -1 : 1;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = order[mid];
      if ((direction * compare(this.key(other, attribute), key) || compare(other.id, ms.id)) <= 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
