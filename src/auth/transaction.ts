/**
 * The sign-in transaction: what the page must remember between sending the user to the identity provider and
 * the redirect back. Kept in sessionStorage (this tab only), keyed by `state`, usable once, for 10 minutes.
 */

/** The part of the Web Storage interface the transaction store uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface NewSignInTransaction {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  profileId: string;
  clientId: string;
  baseUrl: string;
}

export interface SignInTransaction extends NewSignInTransaction {
  /** Milliseconds since the epoch. */
  createdAt: number;
  expiresAt: number;
}

export interface TransactionStoreOptions {
  /** Where transactions are kept; defaults to `sessionStorage` (or memory when the page may not use it). */
  storage?: StorageLike;
  /** The clock, in milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
}

export interface SaveTransactionOptions extends TransactionStoreOptions {
  /** How long the transaction stays usable; 10 minutes unless said otherwise. */
  ttlMs?: number;
}

export const TRANSACTION_KEY_PREFIX = 'storefront-elements:tx:';
export const TRANSACTION_TTL_MS = 10 * 60 * 1000;

const FIELDS = ['state', 'codeVerifier', 'redirectUri', 'profileId', 'clientId', 'baseUrl'] as const;

/** Remembers a sign-in under its state (replacing one with the same state) and sweeps out expired ones. */
export function saveTransaction(
  transaction: NewSignInTransaction,
  options: SaveTransactionOptions = {},
): SignInTransaction {
  for (const field of FIELDS) {
    if (typeof transaction[field] !== 'string' || transaction[field] === '') {
      throw new TypeError(`A sign-in transaction needs a ${field}.`);
    }
  }
  const storage = options.storage ?? defaultStorage();
  const now = (options.now ?? Date.now)();
  const ttl = options.ttlMs ?? TRANSACTION_TTL_MS;
  sweepExpiredTransactions({ storage, now: () => now });
  const saved: SignInTransaction = {
    state: transaction.state,
    codeVerifier: transaction.codeVerifier,
    redirectUri: transaction.redirectUri,
    profileId: transaction.profileId,
    clientId: transaction.clientId,
    baseUrl: transaction.baseUrl,
    createdAt: now,
    expiresAt: now + ttl,
  };
  storage.setItem(TRANSACTION_KEY_PREFIX + saved.state, JSON.stringify(saved));
  return saved;
}

/**
 * The transaction saved under `state`, removed as it is read: `undefined` when there is none, when it has
 * expired, when it was already used, or when what is stored is not a transaction. Also sweeps expired ones.
 */
export function consumeTransaction(state: string, options: TransactionStoreOptions = {}): SignInTransaction | undefined {
  const storage = options.storage ?? defaultStorage();
  const now = (options.now ?? Date.now)();
  let found: SignInTransaction | undefined;
  if (typeof state === 'string' && state !== '') {
    const key = TRANSACTION_KEY_PREFIX + state;
    const entry = parse(safeGet(storage, key));
    safeRemove(storage, key);
    if (entry && entry.state === state && now < entry.expiresAt) found = entry;
  }
  sweepExpiredTransactions({ storage, now: () => now });
  return found;
}

/** Removes expired and unreadable transactions; returns how many were removed. */
export function sweepExpiredTransactions(options: TransactionStoreOptions = {}): number {
  const storage = options.storage ?? defaultStorage();
  const now = (options.now ?? Date.now)();
  const stale: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key === null || !key.startsWith(TRANSACTION_KEY_PREFIX)) continue;
    const entry = parse(safeGet(storage, key));
    if (!entry || now >= entry.expiresAt) stale.push(key);
  }
  for (const key of stale) safeRemove(storage, key);
  return stale.length;
}

/** A Storage kept in memory, for pages that choose `storage="memory"` or cannot use sessionStorage. */
export function createMemoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, String(value)),
    removeItem: (key: string) => void map.delete(key),
  };
}

let fallback: StorageLike | undefined;

function defaultStorage(): StorageLike {
  try {
    // Reading sessionStorage throws in some sandboxed frames and with storage blocked.
    if (globalThis.sessionStorage) return globalThis.sessionStorage;
  } catch {
    // fall through to memory
  }
  fallback ??= createMemoryStorage();
  return fallback;
}

function parse(text: string | null): SignInTransaction | undefined {
  if (text === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const field of FIELDS) if (typeof record[field] !== 'string') return undefined;
  if (!Number.isFinite(record.createdAt) || !Number.isFinite(record.expiresAt)) return undefined;
  return record as unknown as SignInTransaction;
}

function safeGet(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function safeRemove(storage: StorageLike, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing more can be done
  }
}
