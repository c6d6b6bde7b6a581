/**
 * The store of the service, in memory, with optional persistence (`--data FILE`, see ./data-file.js).
 * Every change is one record ({@link Change}) applied to memory the same way whether it is made now or
 * read back from the journal at start; a change is answered once it is on disk, and a change whose write
 * fails is undone in memory before the error goes on, so memory never holds what the disk does not.
 * Member, membership, account and profile records are never modified once made (a snapshot taken in the
 * background relies on it); catalogs change only through releases.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { AccountMemberships } from './account-memberships.js';
import { DataFile } from './data-file.js';
import { readDefaultFixtures, storeDataOf } from './fixtures-file.js';
import { MemberIndex } from './member-index.js';
import { MemberList } from './member-list.js';
import { atOnce, inSlices } from './time-slices.js';
import { ConflictError, NotFoundError } from './errors.js';

/**
 * @typedef {{ id: string, name: string, email: string, created_at: string, updated_at: string }} MemberRecord
 * @typedef {{ id: string, account_id: string, account_member_id: string, created_at: string,
 *   updated_at: string }} MembershipRecord
 * @typedef {{ id: string, name: string, legal_name: string, parent_id?: string, created_at: string,
 *   updated_at: string }} AccountRecord
 * @typedef {{ id: string, realm_id: string, name: string, embedded?: boolean, discovery_url: string | null,
 *   client_id: string, client_secret: string, allow_unverified_email?: boolean, created_at: string,
 *   updated_at: string }} ProfileRecord
 * @typedef {{ id: string, is_full_publish: boolean, is_full_delta: boolean, published_at: string }} ReleaseRecord
 * @typedef {{ id: string, name: string, description: string, hierarchy_ids: string[], pricebook_id?: string,
 *   pricebook_ids: Array<{id: string, priority: number}>, locales: Record<string, unknown>, created_at: string,
 *   updated_at: string, owner: string, rules?: CatalogRule[], account_ids: string[], releases: ReleaseRecord[]
 *   }} CatalogRecord `account_ids`: the accounts its rules name, who may see it (none: store-wide)
 * @typedef {{ id: string, name?: string, description?: string, account_ids: string[] }} CatalogRule
 * @typedef {import('./fixtures-file.js').Client} ClientRecord
 * @typedef {import('./fixtures-file.js').IdpUser} IdpUserRecord
 * @typedef {{ settings: { id: string, realm_id: string, client_id: string, token_timeout_secs?: number },
 *   clients: ClientRecord[],
 *   idp_users: IdpUserRecord[], profiles: ProfileRecord[], accounts: AccountRecord[],
 *   members: MemberRecord[] | MemberList,
 *   memberships: MembershipRecord[], catalogs: CatalogRecord[], redirect_uris: string[],
 *   signing_secret?: string }} StoreData
 * @typedef {{ op: 'member', record: MemberRecord }
 *   | { op: 'members', records: MemberRecord[] }
 *   | { op: 'membership', record: MembershipRecord }
 *   | { op: 'profile', record: ProfileRecord }
 *   | { op: 'release', catalog_id: string, release: ReleaseRecord }
 *   | { op: 'secret', value: string }
 *   | { op: 'reset' }} Change
 */

/** Releases kept per catalog: the current one and the two before it. */
export const RELEASES_KEPT = 3;

/** Members added in one change beyond which the members' indexes are built again rather than added to. */
const ADDED_ONE_BY_ONE = 1000;
/** Members up to this many are indexed at once; more in slices, between which requests are answered. */
const INDEXED_AT_ONCE = 20_000;

/** How many query results the store keeps between changes. */
const QUERY_CACHE_SIZE = 32;

/** Lists of the store written in slices in a snapshot (the long ones). */
const LONG_LISTS = ['memberships', 'members'];

export { SORT_ATTRIBUTES } from './member-index.js';

/** A new token signing secret. */
const newSecret = () => randomBytes(32).toString('base64url');

/** @type {StoreData | undefined} the default fixtures, read once */
let defaultSeed;

/** A fresh copy of the default fixtures' records (fixtures.default.json). */
export function defaultStoreData() {
  defaultSeed ??= storeDataOf(readDefaultFixtures());
  return structuredClone(defaultSeed);
}

export class Store {
  /** @type {DataFile | null} */
  #file = null;
  /** @type {MemberIndex | null} the members' indexes, once built */
  #memberIndex = null;
  /** @type {Promise<MemberIndex> | null} the indexes being built */
  #memberIndexBuilt = null;
  /** counts the times the indexes were dropped, so that a build begun before knows it is outdated */
  #memberIndexDrops = 0;

  /**
   * A store in memory only; {@link Store.open} reads a data file.
   * @param {StoreData} [data] what it holds (default: the seed)
   * @param {StoreData} [seed] the fixtures it starts from and {@link Store#reset} puts back (default: the
   *   default fixtures)
   */
  constructor(data, seed = defaultStoreData()) {
    /** @type {StoreData} */
    this.seed = seed;
    /** @type {StoreData} */
    this.data = data ?? { ...structuredClone(seed), signing_secret: newSecret() };
    /** @type {Map<string, AccountRecord>} */
    this.accountsById = new Map();
    /** @type {Map<string, CatalogRecord>} */
    this.catalogsById = new Map();
    /** @type {Map<string, AccountMemberships>} */
    this.membershipsByAccount = new Map();
    /** @type {Map<string, MembershipRecord[]>} */
    this.membershipsByMember = new Map();
    /** @type {Map<string, any>} query results, valid until the next change */
    this.queryCache = new Map();
    this.#index();
  }

  /**
   * The store of a data file (created with the fixtures when it does not exist yet), or in memory. With `repair`,
   * damaged lines of the data file and its journal are dropped (each one logged) instead of refusing the start.
   * @param {{ dataFile?: string, fixtures?: StoreData, compactAfterBytes?: number, sync?: boolean,
   *   repair?: boolean, log?: (message: string) => void }} [options] `fixtures`: the seed (default: the default
   *   fixtures)
   */
  static async open({
    dataFile,
    fixtures = defaultStoreData(),
    compactAfterBytes = 4 * 1024 * 1024,
    sync = false,
    repair,
    log = () => {},
  } = {}) {
    if (!dataFile) return new Store(undefined, fixtures);
    /** @type {Store | undefined} */
    let store;
    const loaded = DataFile.load(dataFile, {
      compactAfterBytes,
      sync,
      repair,
      log,
      capture: () => /** @type {Store} */ (store).#capture(),
      eachRecord: shareTimestamp,
      listFor: (name) => (name === 'members' ? MemberList.loading() : undefined),
    });
    let data = structuredClone(fixtures);
    if (loaded.data) {
      // journal_seq says where the journal continues the snapshot; it is not part of the store
      const { journal_seq: _seq, ...saved } = loaded.data;
      // fields a store of an older version lacks (redirect_uris, clients, idp_users) come from the fixtures
      data = { ...data, ...saved };
    }
    store = new Store(data, fixtures);
    shareTimestamps(store.data.memberships);
    for (const change of loaded.entries) {
      try {
        store.#apply(/** @type {Change} */ (/** @type {unknown} */ (change)));
      } catch (error) {
        loaded.dataFile.damaged(change, /** @type {Error} */ (error).message);
      }
    }
    store.#file = loaded.dataFile;
    if (!store.data.signing_secret) store.#apply({ op: 'secret', value: newSecret() });
    if (!loaded.data?.signing_secret || loaded.dataFile.behind) await loaded.dataFile.compactAtStart();
    return store;
  }

  /** Resolves once every change is on disk and no snapshot is being written. */
  async idle() {
    await this.#file?.idle();
  }

  /** Writes a snapshot of the data file now (it happens by itself as the journal grows). */
  async compact() {
    await this.#file?.compact();
  }

  /** Writes what is pending and a last snapshot; the store takes no changes after. */
  async close() {
    await this.#file?.close();
  }

  /** How many journal writes carried the changes so far (several concurrent changes share one). */
  get journalWrites() {
    return this.#file?.writes ?? 0;
  }

  /** Puts the fixtures back (keeps the signing secret so tokens already handed out stay verifiable). */
  async reset() {
    await this.#change(() => ({ change: { op: 'reset' }, result: undefined }));
  }

  /**
   * Applies a change to memory; returns what undoes it.
   * @param {Change} change
   * @returns {() => void}
   */
  #apply(change) {
    this.queryCache.clear();
    switch (change.op) {
      case 'member':
        return this.#addMembers([change.record]);
      case 'members':
        return this.#addMembers(change.records);
      case 'membership': {
        const ms = change.record;
        this.data.memberships.push(ms);
        this.#indexMembership(ms);
        return () => {
          removeItem(this.data.memberships, ms);
          this.membershipsByAccount.get(ms.account_id)?.remove(ms);
          const ofMember = this.membershipsByMember.get(ms.account_member_id) ?? [];
          removeItem(ofMember, ms);
          if (ofMember.length === 0) this.membershipsByMember.delete(ms.account_member_id);
        };
      }
      case 'profile':
        this.data.profiles.push(change.record);
        return () => removeItem(this.data.profiles, change.record);
      case 'release':
        return this.#addRelease(change.catalog_id, change.release);
      case 'secret': {
        const before = this.data.signing_secret;
        this.data.signing_secret = change.value;
        return () => {
          if (before === undefined) delete this.data.signing_secret;
          else this.data.signing_secret = before;
        };
      }
      case 'reset': {
        const before = this.data;
        this.data = { ...structuredClone(this.seed), signing_secret: before.signing_secret };
        this.#index();
        return () => {
          this.data = before;
          this.#index();
        };
      }
      default:
        throw new Error(`Unknown change ${JSON.stringify(/** @type {{ op: unknown }} */ (change).op)}`);
    }
  }

  /**
   * Makes a change: `make` checks what the change depends on and builds it, the change is applied to
   * memory and written, and the promise resolves with `make`'s result once it is on disk (at once without
   * a data file). When the write fails the change is undone in memory and the error goes on (the client
   * gets the envelope). While a snapshot captures the store, `make` waits (without one it runs at once).
   * @template T
   * @param {() => { change: Change, result: T }} make
   * @returns {Promise<T>}
   */
  async #change(make) {
    const gate = this.#file?.gate;
    if (gate) await gate;
    const { change, result } = make();
    const undo = this.#apply(change);
    await this.#file?.append(change, () => {
      undo();
      this.queryCache.clear();
    });
    return result;
  }

  /** What a snapshot writes: copies of the small parts, and the long lists as they are now. */
  #capture() {
    /** @type {Record<string, unknown>} */
    const head = {};
    /** @type {import('./data-file.js').SnapshotParts['lists']} */
    const lists = {};
    for (const [name, value] of Object.entries(this.data)) {
      if (value instanceof MemberList) lists[name] = value.frozen();
      else if (LONG_LISTS.includes(name)) lists[name] = /** @type {unknown[]} */ (value).slice();
      else head[name] = structuredClone(value);
    }
    return { head, lists };
  }

  #index() {
    this.data.members = MemberList.of(this.data.members);
    this.accountsById = new Map(this.data.accounts.map((a) => [a.id, a]));
    this.catalogsById = new Map(this.data.catalogs.map((c) => [c.id, c]));
    this.membershipsByAccount = new Map();
    this.membershipsByMember = new Map();
    for (const ms of this.data.memberships) this.#indexMembership(ms);
    this.#dropMemberIndex();
    this.queryCache = new Map();
  }

  /** @param {MembershipRecord} ms */
  #indexMembership(ms) {
    let account = this.membershipsByAccount.get(ms.account_id);
    if (!account) {
      account = new AccountMemberships((id) => this.member(id));
      this.membershipsByAccount.set(ms.account_id, account);
    }
    account.add(ms);
    const ofMember = this.membershipsByMember.get(ms.account_member_id);
    if (ofMember) ofMember.push(ms);
    else this.membershipsByMember.set(ms.account_member_id, [ms]);
  }

  /**
   * Members were added or taken out: the orders of memberships that name them by id sort again.
   * @param {MemberRecord[]} members
   */
  #forgetMembershipOrders(members) {
    for (const member of members) {
      for (const ms of this.membershipsByMember.get(member.id) ?? []) {
        this.membershipsByAccount.get(ms.account_id)?.forgetMemberOrders();
      }
    }
  }

  /**
   * @param {MemberRecord[]} members
   * @returns {() => void}
   */
  #addMembers(members) {
    const list = this.#members;
    const count = list.length;
    const oneByOne = members.length <= ADDED_ONE_BY_ONE;
    for (const member of members) {
      const row = list.push(member) - 1;
      if (oneByOne) this.#memberIndex?.add(row);
    }
    if (!oneByOne) this.#dropMemberIndex();
    this.#forgetMembershipOrders(members);
    return () => {
      if (oneByOne) for (let row = list.length - 1; row >= count; row--) this.#memberIndex?.remove(row);
      else this.#dropMemberIndex();
      list.truncate(count);
      this.#forgetMembershipOrders(members);
    };
  }

  /**
   * @param {string} catalogId
   * @param {ReleaseRecord} release
   * @returns {() => void}
   */
  #addRelease(catalogId, release) {
    const catalog = this.catalogsById.get(catalogId);
    if (!catalog) throw new Error(`A release names the unknown catalog ${catalogId}`);
    const releasesBefore = [...catalog.releases];
    const updatedBefore = catalog.updated_at;
    catalog.releases.push(release);
    if (catalog.releases.length > RELEASES_KEPT) catalog.releases.splice(0, catalog.releases.length - RELEASES_KEPT);
    catalog.updated_at = release.published_at;
    return () => {
      catalog.releases.splice(0, catalog.releases.length, ...releasesBefore);
      catalog.updated_at = updatedBefore;
    };
  }

  /** The members' list (made one by {@link #index}). */
  get #members() {
    return /** @type {MemberList} */ (this.data.members);
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
    return this.#change(() => {
      const now = new Date().toISOString();
      const profile = { id: randomUUID(), ...fields, created_at: now, updated_at: now };
      return { change: { op: 'profile', record: profile }, result: profile };
    });
  }

  /** @param {string} clientId */
  client(clientId) {
    return this.data.clients.find((c) => c.client_id === clientId);
  }

  /**
   * The embedded identity provider's user with this email (any case).
   * @param {string} email
   */
  idpUser(email) {
    const wanted = email.trim().toLowerCase();
    return this.data.idp_users.find((u) => u.email.toLowerCase() === wanted);
  }

  /** @param {string} id */
  account(id) {
    return this.accountsById.get(id);
  }

  /**
   * The ancestors of an account, its root first and its parent last (the vendor's `relationships.ancestors`).
   * @param {AccountRecord} account
   * @returns {AccountRecord[]}
   */
  ancestors(account) {
    /** @type {AccountRecord[]} */
    const line = [];
    for (let parent = this.account(account.parent_id ?? ''); parent; parent = this.account(parent.parent_id ?? '')) {
      // the fixtures' check refuses a cycle; a data file edited by hand is not believed either
      if (line.includes(parent) || parent === account) break;
      line.unshift(parent);
    }
    return line;
  }

  get accounts() {
    return this.data.accounts;
  }

  /**
   * The member with this id (until the members are indexed, found by reading the list).
   * @param {string} id
   */
  member(id) {
    if (this.#memberIndex) return this.#memberIndex.withId(id);
    this.#indexInBackground();
    return lastWith(this.#members, 'id', (value) => value === id);
  }

  /**
   * The member with this email address, whatever its case.
   * @param {string} email
   */
  memberByEmail(email) {
    if (this.#memberIndex) return this.#memberIndex.withEmail(email);
    this.#indexInBackground();
    const lower = email.toLowerCase();
    return lastWith(this.#members, 'email', (value) => value.toLowerCase() === lower);
  }

  /** @param {{ name: string, email: string }} fields */
  createMember({ name, email }) {
    return this.#change(() => {
      const now = new Date().toISOString();
      /** @type {MemberRecord} */
      const member = { id: randomUUID(), name, email, created_at: now, updated_at: now };
      return { change: { op: 'member', record: member }, result: member };
    });
  }

  /**
   * Adds many members at once (benchmarks, imports) in one change.
   * @param {Array<{ name: string, email: string, created_at?: string }>} list
   */
  addMembersBulk(list) {
    return this.#change(() => {
      const now = new Date().toISOString();
      const records = list.map(({ name, email, created_at = now }) => ({
        id: randomUUID(),
        name,
        email,
        created_at,
        updated_at: created_at,
      }));
      return { change: { op: 'members', records }, result: undefined };
    });
  }

  /**
   * The members a query matches, in its order, from the members' indexes.
   * @param {import('./member-index.js').MemberQuery} query
   */
  async findMembers(query) {
    return (await this.#indexedMembers()).find(query);
  }

  /** Resolves once the members' indexes are built (they are built after start, and after a change in bulk). */
  async indexed() {
    await this.#indexedMembers();
  }

  /** @returns {Promise<MemberIndex>} */
  #indexedMembers() {
    if (!this.#memberIndex && this.#members.length <= INDEXED_AT_ONCE) {
      this.#memberIndex = atOnce(MemberIndex.build(this.#members));
    }
    if (this.#memberIndex) return Promise.resolve(this.#memberIndex);
    this.#memberIndexBuilt ??= this.#buildMemberIndex();
    return this.#memberIndexBuilt;
  }

  /**
   * Builds the members' indexes in slices, between which requests are answered; members added meanwhile are
   * added to them at the end. A build the store dropped meanwhile (a reset, members added in bulk) gives way
   * to a new one.
   * @returns {Promise<MemberIndex>}
   */
  async #buildMemberIndex() {
    const drops = this.#memberIndexDrops;
    const members = this.#members;
    const count = members.length;
    /** @type {MemberIndex} */
    let index;
    try {
      index = await inSlices(MemberIndex.build(members));
    } catch (error) {
      if (this.#memberIndexDrops === drops) this.#memberIndexBuilt = null;
      throw error;
    }
    if (this.#memberIndexDrops !== drops) return this.#indexedMembers();
    for (let row = count; row < members.length; row++) index.add(row);
    this.#memberIndex = index;
    this.#memberIndexBuilt = null;
    return index;
  }

  /** Starts building the members' indexes, if they are not there (a failed build shows on the next query). */
  #indexInBackground() {
    this.#indexedMembers().catch(() => {});
  }

  #dropMemberIndex() {
    this.#memberIndex = null;
    this.#memberIndexBuilt = null;
    this.#memberIndexDrops++;
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

  /**
   * The memberships of an account, in the order they were made.
   * @param {string} accountId
   * @returns {MembershipRecord[]}
   */
  membershipsOf(accountId) {
    return this.membershipsByAccount.get(accountId)?.list ?? [];
  }

  /**
   * The memberships of an account in a list order (see ./account-memberships.js; do not change the list).
   * @param {string} accountId
   * @param {string} attribute one of {@link SORT_ATTRIBUTES}
   * @param {boolean} descending
   * @returns {Promise<MembershipRecord[]>}
   */
  async membershipsSorted(accountId, attribute, descending) {
    // sorting by name or email reads the members by id
    await this.#indexedMembers();
    return this.membershipsByAccount.get(accountId)?.sorted(attribute, descending) ?? [];
  }

  /**
   * The ids of an account's members (do not change the set).
   * @param {string} accountId
   * @returns {Set<string>}
   */
  memberIdsOf(accountId) {
    return this.membershipsByAccount.get(accountId)?.memberIds() ?? new Set();
  }

  /**
   * Whether the member belongs to the account.
   * @param {string} accountId
   * @param {string} memberId
   */
  isMemberOf(accountId, memberId) {
    return this.membershipsByAccount.get(accountId)?.hasMember(memberId) ?? false;
  }

  /** @param {string} memberId */
  accountsOfMember(memberId) {
    return (this.membershipsByMember.get(memberId) ?? [])
      .map((ms) => this.accountsById.get(ms.account_id))
      .filter((a) => a !== undefined);
  }

  /**
   * @param {string} accountId
   * @param {string} memberId
   */
  createMembership(accountId, memberId) {
    return this.#change(() => {
      if (!this.accountsById.has(accountId)) throw new NotFoundError(`The account ${accountId} was not found`);
      if (this.membershipsByAccount.get(accountId)?.hasMember(memberId)) {
        throw new ConflictError(`The account member ${memberId} already has a membership in this account`);
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
      return { change: { op: 'membership', record: membership }, result: membership };
    });
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
   * A full publish is also a full delta (a mirror should drop what it had); a full delta alone can be asked
   * for too (the vendor's `export_full_delta`). Keeps {@link RELEASES_KEPT}.
   * @param {string} catalogId
   * @param {{ fullPublish?: boolean, fullDelta?: boolean }} options
   * @returns {Promise<{ release: ReleaseRecord, previous: ReleaseRecord | undefined }>}
   */
  publish(catalogId, { fullPublish = false, fullDelta = false }) {
    return this.#change(() => {
      const catalog = this.catalogsById.get(catalogId);
      if (!catalog) throw new NotFoundError(`The catalog ${catalogId} was not found`);
      const previous = catalog.releases.at(-1);
      const full = previous === undefined || fullPublish;
      const last = previous ? Date.parse(previous.published_at) : 0;
      /** @type {ReleaseRecord} */
      const release = {
        id: randomUUID(),
        is_full_publish: full,
        is_full_delta: full || fullDelta,
        // strictly after the previous release even when published within the same millisecond
        published_at: new Date(Math.max(Date.now(), last + 1)).toISOString(),
      };
      return { change: { op: 'release', catalog_id: catalogId, release }, result: { release, previous } };
    });
  }

  /** The secret that signs tokens; generated once and persisted with `--data`. */
  signingSecret() {
    return this.data.signing_secret;
  }

  /** @param {string} secret */
  setSigningSecret(secret) {
    return this.#change(() => ({ change: { op: 'secret', value: secret }, result: undefined }));
  }
}

/**
 * Gives a record read from a file whose `updated_at` equals its `created_at` one string for both, as records
 * made here have (each parsed string is a string of its own: a million members would carry 40 MB twice). Done
 * as each record is parsed, the second string dies young; done again once the file's shape is known good, for
 * a file parsed whole.
 * @param {any} record JSON not checked yet
 */
function shareTimestamp(record) {
  if (typeof record?.created_at === 'string' && record.updated_at === record.created_at) {
    record.updated_at = record.created_at;
  }
}

/** @param {Array<{ created_at: string, updated_at: string }>} records */
function shareTimestamps(records) {
  for (const record of records) shareTimestamp(record);
}

/**
 * The last member whose field passes a test, reading that field alone of each member (a packed member is not
 * made a record to be tested: half the time at a million members).
 * @param {MemberList} list
 * @param {string} field
 * @param {(value: string) => boolean} test
 */
function lastWith(list, field, test) {
  for (let row = list.length - 1; row >= 0; row--) if (test(list.field(row, field))) return list.at(row);
  return undefined;
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
