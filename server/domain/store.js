/**
 * In-memory store of the service, with optional persistence to one JSON file (`--data FILE`): loaded at
 * start, written after every change to a temporary file (mode 0600: it holds the token signing secret
 * and client secrets) that is then renamed over the old one, so a reader never sees half a file. A change
 * whose write fails is undone in memory before the error goes on, so memory never holds what the file
 * does not.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fixtureData } from './fixtures.js';
import { conflict, notFound } from '../http/errors.js';

/**
 * @typedef {{ id: string, name: string, email: string, created_at: string, updated_at: string }} MemberRecord
 * @typedef {{ m: MemberRecord, id: string, name: string, email: string }} MemberRow a member with its name and email lower-cased
 * @typedef {{ id: string, account_id: string, account_member_id: string, created_at: string, updated_at: string }} MembershipRecord
 * @typedef {{ id: string, name: string, created_at: string, updated_at: string }} AccountRecord
 * @typedef {{ id: string, realm_id: string, name: string, embedded?: boolean, discovery_url: string | null,
 *   client_id: string, client_secret: string, created_at: string, updated_at: string }} ProfileRecord
 * @typedef {{ id: string, is_full_publish: boolean, is_full_delta: boolean, published_at: string }} ReleaseRecord
 * @typedef {{ id: string, name: string, description: string, hierarchy_ids: string[], pricebook_id: string,
 *   pricebook_ids: Array<{id: string, priority: number}>, locales: Record<string, unknown>, created_at: string,
 *   updated_at: string, owner: string, account_ids: string[], releases: ReleaseRecord[] }} CatalogRecord
 * @typedef {{ settings: { id: string, realm_id: string, client_id: string }, profiles: ProfileRecord[],
 *   accounts: AccountRecord[], members: MemberRecord[], memberships: MembershipRecord[],
 *   catalogs: CatalogRecord[], redirect_uris: string[], signing_secret?: string }} StoreData
 */

/** Releases kept per catalog: the current one and the two before it. */
export const RELEASES_KEPT = 3;

/** How many query results the store keeps between changes. */
const QUERY_CACHE_SIZE = 32;

/** Attributes lists sort on. */
export const SORT_ATTRIBUTES = ['created_at', 'email', 'id', 'name', 'updated_at'];

export class Store {
  /** @param {{ dataFile?: string }} [options] */
  constructor({ dataFile } = {}) {
    this.dataFile = dataFile;
    /** @type {StoreData} */
    this.data = fixtureData();
    /** @type {Map<string, MemberRecord>} */
    this.membersById = new Map();
    /** @type {Map<string, MemberRecord>} */
    this.membersByEmail = new Map();
    /** @type {Map<string, AccountRecord>} */
    this.accountsById = new Map();
    /** @type {Map<string, CatalogRecord>} */
    this.catalogsById = new Map();
    /** @type {Map<string, MembershipRecord[]>} */
    this.membershipsByAccount = new Map();
    /** @type {Map<string, MemberRow[]>} sorted member rows per sort spec, valid until the next change */
    this.sortCache = new Map();
    /** @type {Map<string, any>} query results, valid until the next change */
    this.queryCache = new Map();
    if (dataFile && existsSync(dataFile)) {
      this.data = { ...fixtureData(), ...JSON.parse(readFileSync(dataFile, 'utf8')) };
    }
    this.#index();
    if (dataFile && !existsSync(dataFile)) this.save();
  }

  /** Puts the fixtures back (keeps the signing secret so tokens already handed out stay verifiable). */
  reset() {
    const before = this.data;
    const secret = before.signing_secret;
    this.data = fixtureData();
    if (secret) this.data.signing_secret = secret;
    this.#index();
    this.#changed(() => {
      this.data = before;
      this.#index();
    });
  }

  #index() {
    this.membersById = new Map(this.data.members.map((m) => [m.id, m]));
    this.membersByEmail = new Map(this.data.members.map((m) => [m.email.toLowerCase(), m]));
    this.accountsById = new Map(this.data.accounts.map((a) => [a.id, a]));
    this.catalogsById = new Map(this.data.catalogs.map((c) => [c.id, c]));
    this.membershipsByAccount = new Map();
    for (const ms of this.data.memberships) this.#indexMembership(ms);
    this.sortCache = new Map();
    this.queryCache = new Map();
  }

  /** @param {MembershipRecord} ms */
  #indexMembership(ms) {
    const list = this.membershipsByAccount.get(ms.account_id);
    if (list) list.push(ms);
    else this.membershipsByAccount.set(ms.account_id, [ms]);
  }

  /**
   * After a change to memory: drops the caches and saves; when the save fails, `undo` puts memory back
   * as it was before the change and the error is thrown on (the client gets the error envelope).
   * @param {() => void} undo
   */
  #changed(undo) {
    this.sortCache.clear();
    this.queryCache.clear();
    try {
      this.save();
    } catch (error) {
      undo();
      this.sortCache.clear();
      this.queryCache.clear();
      throw error;
    }
  }

  /** Writes the data file atomically (temporary file with mode 0600 + rename); no-op without `dataFile`. */
  save() {
    if (!this.dataFile) return;
    const tmp = `${this.dataFile}.${process.pid}.${randomUUID()}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify(this.data), { mode: 0o600 });
      renameSync(tmp, this.dataFile);
    } catch (error) {
      rmSync(tmp, { force: true });
      throw error;
    }
  }

  get settings() {
    return this.data.settings;
  }

  /** @param {string} realmId */
  profilesOfRealm(realmId) {
    return this.data.profiles.filter((p) => p.realm_id === realmId);
  }

  /** @param {string} id */
  profile(id) {
    return this.data.profiles.find((p) => p.id === id);
  }

  /** @param {Omit<ProfileRecord, 'id' | 'created_at' | 'updated_at'>} fields */
  createProfile(fields) {
    const now = new Date().toISOString();
    const profile = { id: randomUUID(), ...fields, created_at: now, updated_at: now };
    this.data.profiles.push(profile);
    this.#changed(() => removeItem(this.data.profiles, profile));
    return profile;
  }

  /** @param {string} id */
  account(id) {
    return this.accountsById.get(id);
  }

  get accounts() {
    return this.data.accounts;
  }

  /** @param {string} id */
  member(id) {
    return this.membersById.get(id);
  }

  /** @param {string} email */
  memberByEmail(email) {
    return this.membersByEmail.get(email.toLowerCase());
  }

  /** @param {{ name: string, email: string }} fields */
  createMember({ name, email }) {
    const now = new Date().toISOString();
    /** @type {MemberRecord} */
    const member = { id: randomUUID(), name, email, created_at: now, updated_at: now };
    const sameEmail = this.membersByEmail.get(email.toLowerCase());
    this.data.members.push(member);
    this.membersById.set(member.id, member);
    this.membersByEmail.set(email.toLowerCase(), member);
    this.#changed(() => {
      removeItem(this.data.members, member);
      this.membersById.delete(member.id);
      if (sameEmail) this.membersByEmail.set(email.toLowerCase(), sameEmail);
      else this.membersByEmail.delete(email.toLowerCase());
    });
    return member;
  }

  /**
   * Adds many members at once (benchmarks, imports); saves once.
   * @param {Array<{ name: string, email: string, created_at?: string }>} list
   */
  addMembersBulk(list) {
    const now = new Date().toISOString();
    const count = this.data.members.length;
    for (const { name, email, created_at } of list) {
      /** @type {MemberRecord} */
      const member = { id: randomUUID(), name, email, created_at: created_at ?? now, updated_at: created_at ?? now };
      this.data.members.push(member);
      this.membersById.set(member.id, member);
      this.membersByEmail.set(email.toLowerCase(), member);
    }
    this.#changed(() => {
      this.data.members.length = count;
      this.membersById = new Map(this.data.members.map((m) => [m.id, m]));
      this.membersByEmail = new Map(this.data.members.map((m) => [m.email.toLowerCase(), m]));
    });
  }

  /**
   * Every member, sorted by one attribute (ties broken by id ascending), as rows that carry the
   * lower-cased name and email for filtering. Cached until the next change.
   * @param {string} attribute one of {@link SORT_ATTRIBUTES}
   * @param {boolean} descending
   * @returns {MemberRow[]}
   */
  membersSorted(attribute, descending) {
    const key = `${attribute}:${descending}`;
    let sorted = this.sortCache.get(key);
    if (!sorted) {
      const rows =
        this.sortCache.get('rows') ??
        this.data.members.map((m) => ({ m, id: m.id, name: m.name.toLowerCase(), email: m.email.toLowerCase() }));
      this.sortCache.set('rows', rows);
      sorted = sortRecords(rows, (row) => /** @type {any} */ (row.m)[attribute], descending);
      this.sortCache.set(key, sorted);
    }
    return sorted;
  }

  /**
   * A computed value kept until the store changes (at most {@link QUERY_CACHE_SIZE}, least recently used out).
   * @template T
   * @param {string} key
   * @param {() => T} compute
   * @returns {T}
   */
  cached(key, compute) {
    if (this.queryCache.has(key)) {
      const value = this.queryCache.get(key);
      this.queryCache.delete(key);
      this.queryCache.set(key, value);
      return value;
    }
    const value = compute();
    this.queryCache.set(key, value);
    if (this.queryCache.size > QUERY_CACHE_SIZE)
      this.queryCache.delete(/** @type {string} */ (this.queryCache.keys().next().value));
    return value;
  }

  /** @param {string} accountId */
  membershipsOf(accountId) {
    return this.membershipsByAccount.get(accountId) ?? [];
  }

  /** @param {string} memberId */
  accountsOfMember(memberId) {
    return this.data.memberships
      .filter((ms) => ms.account_member_id === memberId)
      .map((ms) => this.accountsById.get(ms.account_id))
      .filter((a) => a !== undefined);
  }

  /**
   * @param {string} accountId
   * @param {string} memberId
   */
  createMembership(accountId, memberId) {
    if (!this.accountsById.has(accountId)) throw notFound(`The account ${accountId} was not found`);
    if (this.membershipsOf(accountId).some((ms) => ms.account_member_id === memberId)) {
      throw conflict(`The account member ${memberId} already has a membership in this account`);
    }
    const now = new Date().toISOString();
    /** @type {MembershipRecord} */
    const membership = {
      id: randomUUID(),
      account_id: accountId,
      account_member_id: memberId,
      created_at: now,
      updated_at: now,
    };
    this.data.memberships.push(membership);
    this.#indexMembership(membership);
    this.#changed(() => {
      removeItem(this.data.memberships, membership);
      const list = this.membershipsByAccount.get(accountId) ?? [];
      removeItem(list, membership);
      if (list.length === 0) this.membershipsByAccount.delete(accountId);
    });
    return membership;
  }

  get catalogs() {
    return this.data.catalogs;
  }

  /** @param {string} id */
  catalog(id) {
    return this.catalogsById.get(id);
  }

  /**
   * Publishes a catalog: the first release is always a full publish; later ones are full only on request.
   * A full publish is also a full delta (a mirror should drop what it had). Keeps {@link RELEASES_KEPT}.
   * @param {string} catalogId
   * @param {{ fullPublish?: boolean }} options
   * @returns {{ release: ReleaseRecord, previous: ReleaseRecord | undefined }}
   */
  publish(catalogId, { fullPublish = false }) {
    const catalog = this.catalogsById.get(catalogId);
    if (!catalog) throw notFound(`The catalog ${catalogId} was not found`);
    const previous = catalog.releases.at(-1);
    const releasesBefore = [...catalog.releases];
    const updatedBefore = catalog.updated_at;
    const full = previous === undefined || fullPublish;
    const last = previous ? Date.parse(previous.published_at) : 0;
    /** @type {ReleaseRecord} */
    const release = {
      id: randomUUID(),
      is_full_publish: full,
      is_full_delta: full,
      // strictly after the previous release even when published within the same millisecond
      published_at: new Date(Math.max(Date.now(), last + 1)).toISOString(),
    };
    catalog.releases.push(release);
    if (catalog.releases.length > RELEASES_KEPT) catalog.releases.splice(0, catalog.releases.length - RELEASES_KEPT);
    catalog.updated_at = release.published_at;
    this.#changed(() => {
      catalog.releases.splice(0, catalog.releases.length, ...releasesBefore);
      catalog.updated_at = updatedBefore;
    });
    return { release, previous };
  }

  /** The secret that signs tokens; generated once and persisted with `--data`. */
  signingSecret() {
    return this.data.signing_secret;
  }

  /** @param {string} secret */
  setSigningSecret(secret) {
    const before = this.data.signing_secret;
    this.data.signing_secret = secret;
    this.#changed(() => {
      if (before === undefined) delete this.data.signing_secret;
      else this.data.signing_secret = before;
    });
  }
}

/**
 * Removes one item (by identity) from a list, if it is there.
 * @template T
 * @param {T[]} list
 * @param {T} item
 */
function removeItem(list, item) {
  const index = list.lastIndexOf(item);
  if (index >= 0) list.splice(index, 1);
}

/**
 * Sorts records by a string attribute, ties by id ascending; descending reverses the attribute order only.
 * Comparison is by UTF-16 code units of the lower-cased value, which is fast and deterministic.
 * @template {{ id: string }} T
 * @param {T[]} records
 * @param {(r: T) => string} get
 * @param {boolean} descending
 * @returns {T[]}
 */
export function sortRecords(records, get, descending) {
  const keyed = records.map((r) => ({ k: String(get(r) ?? '').toLowerCase(), r }));
  const dir = descending ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.k < b.k) return -dir;
    if (a.k > b.k) return dir;
    return a.r.id < b.r.id ? -1 : a.r.id > b.r.id ? 1 : 0;
  });
  return keyed.map((x) => x.r);
}
