/**
 * In-memory storage adapter for oidc-provider (sessions, interactions, codes, grants). Every entry
 * expires (oidc-provider gives each model its TTL) and is bounded per browser, per client address and in
 * total ({@link ExpiringTable}), so unauthenticated requests cannot grow memory without end. The lookup
 * indexes (by uid, by user code, by grant) live and die with the entry they point at, and are scoped
 * by model: revoking a grant's tokens never touches another model's entries (an Interaction in progress
 * carries the grant id too).
 */
import { ExpiringTable } from './expiring-table.js';
import { tooManyRequests } from '../http/errors.js';

/** Longest an entry is kept when oidc-provider gives no lifetime. */
const DEFAULT_TTL_SECONDS = 24 * 3600;

/**
 * @typedef {{ model: string, id: string, payload: Record<string, unknown> }} StoredItem
 * @typedef {{ address: string, browser?: string }} Owners who made an entry: the client address, and the browser
 *   when its request carried the identity provider's browser cookie
 */

export class IdpMemoryStorage {
  /**
   * @param {{ max: number, perAddress: number, perBrowser: number, owners: () => Owners }} options `owners` names
   *   the address and browser of the request being handled (entries are owned by them)
   */
  constructor({ max, perAddress, perBrowser, owners }) {
    this.owners = owners;
    this.perAddress = perAddress;
    /** @type {Map<string, string>} `model:uid` → id */
    this.uids = new Map();
    /** @type {Map<string, string>} `model:userCode` → id */
    this.userCodes = new Map();
    /** @type {Map<string, Set<string>>} `model:grantId` → ids */
    this.grants = new Map();
    /** @type {ExpiringTable<StoredItem>} keyed `model:id` */
    this.items = new ExpiringTable({
      max,
      // the bound per address is kept where a browser starts a sign-in ({@link admit}), so that a browser already
      // signing in never loses an entry to its neighbours
      perOwner: { browser: perBrowser },
      ownFirst: 'browser',
      onDelete: (_key, item) => this.#unindex(item),
    });
  }

  clear() {
    this.items.clear();
  }

  sweep() {
    return this.items.sweep();
  }

  /**
   * Lets a browser start a sign-in (which keeps a login form): a browser new at an address that holds its bound of
   * entries is refused (429), rather than push out another browser's; one that holds entries there goes on (its
   * own bound keeps it small).
   * @param {Owners} owners
   */
  admit(owners) {
    const until = this.items.fullFor(owners, this.perAddress);
    if (until > Date.now()) throw tooManyRequests(`${this.perAddress} sign-ins open from this address`, until);
  }

  /** @param {StoredItem} item */
  #index({ model, id, payload }) {
    if (payload.uid) this.uids.set(`${model}:${payload.uid}`, id);
    if (payload.userCode) this.userCodes.set(`${model}:${payload.userCode}`, id);
    if (payload.grantId) {
      const key = `${model}:${payload.grantId}`;
      const ids = this.grants.get(key) ?? new Set();
      ids.add(id);
      this.grants.set(key, ids);
    }
  }

  /** @param {StoredItem} item */
  #unindex({ model, id, payload }) {
    if (payload.uid && this.uids.get(`${model}:${payload.uid}`) === id) this.uids.delete(`${model}:${payload.uid}`);
    if (payload.userCode && this.userCodes.get(`${model}:${payload.userCode}`) === id) {
      this.userCodes.delete(`${model}:${payload.userCode}`);
    }
    if (payload.grantId) {
      const ids = this.grants.get(`${model}:${payload.grantId}`);
      ids?.delete(id);
      if (ids?.size === 0) this.grants.delete(`${model}:${payload.grantId}`);
    }
  }

  /**
   * The adapter class oidc-provider instantiates for one model.
   * @param {string} model
   */
  adapterFor(model) {
    const key = (/** @type {string} */ id) => `${model}:${id}`;
    const find = (/** @type {string} */ id) => this.items.get(key(id))?.payload;
    const upsert = (/** @type {StoredItem} */ item, /** @type {number} */ expiresAt) => {
      this.items.set(key(item.id), item, expiresAt, { ...this.owners() });
      this.#index(item);
    };
    const { items, uids, userCodes, grants } = this;
    return class Adapter {
      /** @param {string} id @param {Record<string, unknown>} payload @param {number} [expiresIn] seconds */
      async upsert(id, payload, expiresIn) {
        upsert({ model, id, payload }, Date.now() + (expiresIn || DEFAULT_TTL_SECONDS) * 1000);
      }

      /** @param {string} id */
      async find(id) {
        return find(id);
      }

      /** @param {string} uid */
      async findByUid(uid) {
        const id = uids.get(key(uid));
        return id === undefined ? undefined : find(id);
      }

      /** @param {string} userCode */
      async findByUserCode(userCode) {
        const id = userCodes.get(key(userCode));
        return id === undefined ? undefined : find(id);
      }

      /** @param {string} id */
      async consume(id) {
        const payload = find(id);
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      }

      /** @param {string} id */
      async destroy(id) {
        items.delete(key(id));
      }

      /** @param {string} grantId */
      async revokeByGrantId(grantId) {
        for (const id of [...(grants.get(key(grantId)) ?? [])]) items.delete(key(id));
      }
    };
  }
}
