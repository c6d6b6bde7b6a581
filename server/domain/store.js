/**
 * The store of the service: its records in SQLite (./database.js), in memory or, with `--data FILE`, in that
 * database file. Every change is one transaction, answered once it is committed (with `--fsync`, once it is on
 * the device); a change that cannot be written (a full disk, a read-only folder) is rolled back and refused with
 * {@link UnavailableError}: nothing changed. The small parts (settings, clients, identity-provider users,
 * redirect URIs, profiles, accounts, catalogs) are read into memory at start and kept there beside each change;
 * members and memberships are read from the database as they are asked for.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { openDatabase } from './database.js';
import { ConflictError, NotFoundError, UnavailableError } from './errors.js';
import { readDefaultFixtures, storeDataOf } from './fixtures-file.js';
import { importLegacyDataFile, isLegacyDataFile } from './legacy-data-file.js';
import { MemberTables } from './member-tables.js';

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
 *   members: MemberRecord[],
 *   memberships: MembershipRecord[], catalogs: CatalogRecord[], redirect_uris: string[],
 *   signing_secret?: string }} StoreData
 */

/** Releases kept per catalog: the current one and the two before it. */
export const RELEASES_KEPT = 3;

/** Seconds a client is asked to wait after a change could not be written. */
const RETRY_WRITE_AFTER = 30;

/** SQLite's primary result codes of a write the disk or the file system refused. */
const WRITE_FAILURES = /** @type {Record<number, string>} */ ({
  8: 'the database is read-only',
  10: 'the device failed',
  13: 'the disk is full',
  14: 'the database file could not be opened',
});

/** The small parts of the store, kept as one value each. */
const VALUES = ['settings', 'clients', 'idp_users', 'redirect_uris', 'signing_secret'];

export { SORT_ATTRIBUTES } from './database.js';

/** A new token signing secret. */
const newSecret = () => randomBytes(32).toString('base64url');

/** @type {StoreData | undefined} the default fixtures, read once */
let defaultSeed;

/** A fresh copy of the default fixtures' records (fixtures.default.json). */
export function defaultStoreData() {
  defaultSeed ??= storeDataOf(readDefaultFixtures());
  return structuredClone(defaultSeed);
}

/**
 * @typedef {Omit<StoreData, 'members' | 'memberships'>} SmallParts what the store keeps in memory
 */

export class Store {
  /** Counts the store's changes: what was read before a change is not used after it. */
  version = 0;

  /**
   * A store in memory; {@link Store.open} opens a database file.
   * @param {StoreData} [seed] the fixtures it starts from and {@link Store#reset} puts back (default: the
   *   default fixtures)
   * @param {{ file?: string, fsync?: boolean, log?: (message: string) => void,
   *   refused?: import('./legacy-data-file.js').Refused }} [options] the database file (default: in memory);
   *   `refused`: what a new database does with a record of the seed its constraints refuse (default: refuse it all)
   */
  constructor(seed = defaultStoreData(), { file = ':memory:', fsync = false, log = () => {}, refused } = {}) {
    /** @type {StoreData} */
    this.seed = seed;
    this.db = openDatabase(file, { fsync, log });
    this.tables = new MemberTables(this.db);
    if (this.#read('settings') === undefined) {
      this.#transaction(() => this.#write({ ...seed, signing_secret: seed.signing_secret ?? newSecret() }, refused));
    }
    /** @type {SmallParts} */
    this.data = this.#load();
  }

  /**
   * The store of a database file (created with the fixtures when it does not exist yet), or in memory. A data
   * file of version 0.1.0 (a JSON snapshot and its journals) is imported once, checked as that version checked
   * it, and kept beside as a backup (see ./legacy-data-file.js); with `repair`, damaged records and lines are
   * dropped (each one logged) instead of refusing the start.
   * @param {{ dataFile?: string, fixtures?: StoreData, sync?: boolean, repair?: boolean,
   *   log?: (message: string) => void }} [options] `fixtures`: the seed (default: the default fixtures)
   */
  static async open({ dataFile, fixtures = defaultStoreData(), sync = false, repair = false, log = () => {} } = {}) {
    if (!dataFile) return new Store(fixtures);
    if (await isLegacyDataFile(dataFile)) {
      importLegacyDataFile(dataFile, {
        fixtures,
        repair,
        log,
        write: (file, data, refused) => {
          const store = new Store(data, { file, refused });
          store.tables.optimize();
          store.db.close();
        },
      });
    }
    return new Store(fixtures, { file: dataFile, fsync: sync, log });
  }

  /** Closes the database; the store takes no changes after. */
  async close() {
    if (this.db.isOpen) this.db.close();
  }

  /** Puts the fixtures back (keeps the signing secret so tokens already handed out stay verifiable). */
  async reset() {
    this.#transaction(() => {
      this.db.exec(
        'DELETE FROM memberships; DELETE FROM members; DELETE FROM releases; DELETE FROM catalogs; ' +
          'DELETE FROM profiles; DELETE FROM accounts; DELETE FROM store_values;',
      );
      this.#write({ ...structuredClone(this.seed), signing_secret: this.data.signing_secret });
    });
    this.data = this.#load();
  }

  /**
   * Runs `change` in one transaction: committed as a whole, or (it threw, or the disk refused it) not at all.
   * @template T
   * @param {() => T} change
   * @returns {T}
   */
  #transaction(change) {
    if (!this.db.isOpen) throw new UnavailableError('The service is stopping');
    this.version++;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      const result = change();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      const code = /** @type {{ errcode?: number }} */ (error).errcode ?? -1;
      const failure = WRITE_FAILURES[code & 0xff];
      if (!failure) throw error;
      throw new UnavailableError(
        `The change could not be written to the service's data file (${failure}); nothing was changed. ` +
          'Try again later.',
        { retryAfterSeconds: RETRY_WRITE_AFTER, cause: error },
      );
    }
  }

  /**
   * Writes a whole store into the (empty) tables. A record the tables' constraints refuse (an id held twice, a
   * membership naming no account or member) fails the write, or is left out and given to `refused`.
   * @param {StoreData} data
   * @param {import('./legacy-data-file.js').Refused} [refused]
   */
  #write(data, refused) {
    /**
     * Inserts each record of a list; returns those written.
     * @param {'accounts' | 'profiles' | 'catalogs' | 'members' | 'memberships'} list
     * @param {(record: any, i: number) => void} insert
     */
    const each = (list, insert) =>
      /** @type {any[]} */ (data[list]).filter((record, i) => {
        try {
          insert(record, i);
          return true;
        } catch (error) {
          // SQLITE_CONSTRAINT (19): the record breaks a rule of the tables
          const code = /** @type {{ errcode?: number }} */ (error).errcode ?? 0;
          if (!refused || (code & 0xff) !== 19) throw error;
          refused(list, record, /** @type {Error} */ (error));
          return false;
        }
      });
    const value = this.db.prepare('INSERT INTO store_values (name, value) VALUES (?, ?)');
    for (const name of VALUES) {
      const part = /** @type {any} */ (data)[name];
      if (part !== undefined) value.run(name, JSON.stringify(part));
    }
    const account = this.db.prepare(
      'INSERT INTO accounts (id, name, legal_name, parent_id, created_at, updated_at, position) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    each('accounts', (a, i) =>
      account.run(a.id, a.name, a.legal_name ?? null, a.parent_id ?? null, a.created_at, a.updated_at, i),
    );
    const profile = this.db.prepare('INSERT INTO profiles (id, realm_id, record, position) VALUES (?, ?, ?, ?)');
    each('profiles', (p, i) => profile.run(p.id, p.realm_id, JSON.stringify(p), i));
    const catalog = this.db.prepare('INSERT INTO catalogs (id, record, position) VALUES (?, ?, ?)');
    const catalogs = each('catalogs', ({ releases: _, ...c }, i) => catalog.run(c.id, JSON.stringify(c), i));
    for (const { id, releases } of catalogs) for (const release of releases) this.#addRelease(id, release);
    each('members', (m) => this.tables.addMembers([m]));
    each('memberships', (ms) => this.tables.addMembership(ms));
  }

  /** @returns {SmallParts} */
  #load() {
    const parts = Object.fromEntries(VALUES.map((name) => [name, this.#read(name)]));
    const accounts = this.db.prepare('SELECT * FROM accounts ORDER BY position').all();
    const releases = this.db.prepare(
      'SELECT id, is_full_publish, is_full_delta, published_at FROM releases ' +
        'WHERE catalog_id = ? ORDER BY published_at',
    );
    return /** @type {SmallParts} */ ({
      ...parts,
      accounts: accounts.map(({ position: _, legal_name, parent_id, ...a }) => ({
        ...a,
        ...(legal_name !== null && { legal_name }),
        ...(parent_id !== null && { parent_id }),
      })),
      profiles: this.#records('profiles'),
      catalogs: this.#records('catalogs').map((c) => ({
        ...c,
        releases: releases.all(c.id).map((r) => ({
          ...r,
          is_full_publish: r.is_full_publish === 1,
          is_full_delta: r.is_full_delta === 1,
        })),
      })),
    });
  }

  /** @param {string} name */
  #read(name) {
    const row = /** @type {{ value: string } | undefined} */ (
      this.db.prepare('SELECT value FROM store_values WHERE name = ?').get(name)
    );
    return row && JSON.parse(row.value);
  }

  /** @param {'profiles' | 'catalogs'} table */
  #records(table) {
    const rows = /** @type {Array<{ record: string }>} */ (
      this.db.prepare(`SELECT record FROM ${table} ORDER BY position`).all()
    );
    return rows.map((row) => JSON.parse(row.record));
  }

  /**
   * @param {string} catalogId
   * @param {ReleaseRecord} release
   */
  #addRelease(catalogId, release) {
    this.db
      .prepare(
        'INSERT INTO releases (id, catalog_id, is_full_publish, is_full_delta, published_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(release.id, catalogId, Number(release.is_full_publish), Number(release.is_full_delta), release.published_at);
    this.db
      .prepare(
        'DELETE FROM releases WHERE catalog_id = ? AND id NOT IN ' +
          '(SELECT id FROM releases WHERE catalog_id = ? ORDER BY published_at DESC LIMIT ?)',
      )
      .run(catalogId, catalogId, RELEASES_KEPT);
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
  async createProfile(fields) {
    const now = new Date().toISOString();
    /** @type {ProfileRecord} */
    const profile = { id: randomUUID(), ...fields, created_at: now, updated_at: now };
    this.#transaction(() =>
      this.db
        .prepare('INSERT INTO profiles (id, realm_id, record, position) VALUES (?, ?, ?, ?)')
        .run(profile.id, profile.realm_id, JSON.stringify(profile), this.data.profiles.length),
    );
    this.data.profiles.push(profile);
    return profile;
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
    return this.data.accounts.find((a) => a.id === id);
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
      // the fixtures' check refuses a cycle; a database edited by hand is not believed either
      if (line.includes(parent) || parent === account) break;
      line.unshift(parent);
    }
    return line;
  }

  get accounts() {
    return this.data.accounts;
  }

  /** @param {string} id */
  member(id) {
    return this.tables.member(id);
  }

  /**
   * The member with this email address, whatever its case.
   * @param {string} email
   */
  memberByEmail(email) {
    return this.tables.memberByEmail(email);
  }

  /** @param {{ name: string, email: string }} fields */
  async createMember({ name, email }) {
    const now = new Date().toISOString();
    /** @type {MemberRecord} */
    const member = { id: randomUUID(), name, email, created_at: now, updated_at: now };
    this.#transaction(() => this.tables.addMembers([member]));
    return member;
  }

  /**
   * Adds many members at once (benchmarks, imports) in one transaction.
   * @param {Array<{ name: string, email: string, created_at?: string }>} list
   */
  async addMembersBulk(list) {
    const now = new Date().toISOString();
    const records = list.map(({ name, email, created_at = now }) => ({
      id: randomUUID(),
      name,
      email,
      created_at,
      updated_at: created_at,
    }));
    this.#transaction(() => this.tables.addMembers(records));
  }

  /**
   * The members a query matches, in its order.
   * @param {import('./member-tables.js').MemberQuery} query
   */
  findMembers(query) {
    return this.tables.findMembers(query);
  }

  /** How many members the store holds. */
  get memberCount() {
    return /** @type {{ n: number }} */ (this.db.prepare('SELECT count(*) AS n FROM members').get()).n;
  }

  /**
   * An account's memberships a query matches, in its order.
   * @param {string} accountId
   * @param {import('./member-tables.js').MembershipQuery} query
   */
  findMemberships(accountId, query) {
    return this.tables.findMemberships(accountId, query);
  }

  /**
   * @param {string} accountId
   * @param {string} id
   */
  membership(accountId, id) {
    return this.tables.membership(accountId, id);
  }

  /**
   * An account's memberships, in the order they were made.
   * @param {string} accountId
   */
  membershipsOf(accountId) {
    return this.tables.membershipsOf(accountId);
  }

  /**
   * Whether the member belongs to the account.
   * @param {string} accountId
   * @param {string} memberId
   */
  isMemberOf(accountId, memberId) {
    return this.tables.isMemberOf(accountId, memberId);
  }

  /** @param {string} memberId */
  accountsOfMember(memberId) {
    const rows = /** @type {Array<{ account_id: string }>} */ (
      this.db.prepare('SELECT account_id FROM memberships WHERE account_member_id = ? ORDER BY rowid').all(memberId)
    );
    return rows.map((row) => this.account(row.account_id)).filter((a) => a !== undefined);
  }

  /**
   * @param {string} accountId
   * @param {string} memberId
   */
  async createMembership(accountId, memberId) {
    if (!this.account(accountId)) throw new NotFoundError(`The account ${accountId} was not found`);
    if (this.isMemberOf(accountId, memberId)) {
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
    this.#transaction(() => this.tables.addMembership(membership));
    return membership;
  }

  get catalogs() {
    return this.data.catalogs;
  }

  /** @param {string} id */
  catalog(id) {
    return this.data.catalogs.find((c) => c.id === id);
  }

  /**
   * Publishes a catalog: the first release is always a full publish; later ones are full only on request.
   * A full publish is also a full delta (a mirror should drop what it had); a full delta alone can be asked
   * for too (the vendor's `export_full_delta`). Keeps {@link RELEASES_KEPT}.
   * @param {string} catalogId
   * @param {{ fullPublish?: boolean, fullDelta?: boolean }} options
   * @returns {Promise<{ release: ReleaseRecord, previous: ReleaseRecord | undefined }>}
   */
  async publish(catalogId, { fullPublish = false, fullDelta = false }) {
    const catalog = this.catalog(catalogId);
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
    const { releases: _, ...record } = { ...catalog, updated_at: release.published_at };
    this.#transaction(() => {
      this.#addRelease(catalogId, release);
      this.db.prepare('UPDATE catalogs SET record = ? WHERE id = ?').run(JSON.stringify(record), catalogId);
    });
    catalog.releases.push(release);
    if (catalog.releases.length > RELEASES_KEPT) catalog.releases.splice(0, catalog.releases.length - RELEASES_KEPT);
    catalog.updated_at = release.published_at;
    return { release, previous };
  }

  /** The secret that signs tokens; generated once and persisted with `--data`. */
  signingSecret() {
    return this.data.signing_secret;
  }

  /** @param {string} secret */
  async setSigningSecret(secret) {
    this.#transaction(() =>
      this.db
        .prepare("INSERT OR REPLACE INTO store_values (name, value) VALUES ('signing_secret', ?)")
        .run(JSON.stringify(secret)),
    );
    this.data.signing_secret = secret;
  }
}
