/**
 * In-memory storage adapter for oidc-provider (sessions, interactions, codes, grants), with expiry.
 * One instance of the store per provider, so `clear()` forgets everything of one service.
 */

export class IdpMemoryStorage {
  constructor() {
    /** @type {Map<string, { payload: any, expiresAt: number }>} */
    this.items = new Map();
  }

  clear() {
    this.items.clear();
  }

  /** @param {string} model */
  adapterFor(model) {
    const { items } = this;
    const storage = { items };
    const key = (/** @type {string} */ id) => `${model}:${id}`;
    return class Adapter {
      /** @param {string} id @param {any} payload @param {number} expiresIn seconds */
      async upsert(id, payload, expiresIn) {
        storage.items.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
        if (payload.grantId)
          storage.items.set(`grant-index:${payload.grantId}:${key(id)}`, { payload: key(id), expiresAt: Infinity });
        if (payload.uid) storage.items.set(`uid:${model}:${payload.uid}`, { payload: id, expiresAt: Infinity });
        if (payload.userCode)
          storage.items.set(`userCode:${model}:${payload.userCode}`, { payload: id, expiresAt: Infinity });
      }

      /** @param {string} id */
      async find(id) {
        const item = storage.items.get(key(id));
        if (!item) return undefined;
        if (item.expiresAt < Date.now()) {
          storage.items.delete(key(id));
          return undefined;
        }
        return item.payload;
      }

      /** @param {string} uid */
      async findByUid(uid) {
        const id = storage.items.get(`uid:${model}:${uid}`)?.payload;
        return id ? this.find(id) : undefined;
      }

      /** @param {string} userCode */
      async findByUserCode(userCode) {
        const id = storage.items.get(`userCode:${model}:${userCode}`)?.payload;
        return id ? this.find(id) : undefined;
      }

      /** @param {string} id */
      async consume(id) {
        const item = storage.items.get(key(id));
        if (item) item.payload.consumed = Math.floor(Date.now() / 1000);
      }

      /** @param {string} id */
      async destroy(id) {
        storage.items.delete(key(id));
      }

      /** @param {string} grantId */
      async revokeByGrantId(grantId) {
        const prefix = `grant-index:${grantId}:`;
        for (const [k, v] of storage.items) {
          if (k.startsWith(prefix)) {
            storage.items.delete(v.payload);
            storage.items.delete(k);
          }
        }
      }
    };
  }
}
