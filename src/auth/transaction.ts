/**
 * The sign-in transaction: what the page must remember between sending the user to the identity provider and
 * the redirect back. Kept in sessionStorage (this tab only; a page that cannot use it cannot finish a redirect
 * anyway, so it fails at the click), keyed by `state`, usable once, for 10 minutes.
 */
import { TRANSACTION_KEY_PREFIX } from '../internal/storage.js';

/** The part of the Web Storage interface the transaction store uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface NewSignInTransaction {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  profileId: string;
  clientId: string;
  baseUrl: string;
  /** A renewal (`prompt=none`): an identity provider that needs the shopper asks again with its login form. */
  renewal?: boolean;
  /** The page to go back to once signed in, when it is not the redirect URI's (a renewal's). */
  returnTo?: string;
  /** The account to choose again once signed in (the one the shopper acted for). */
  accountId?: string;
}

export interface SignInTransaction extends NewSignInTransaction {
  /** Milliseconds since the epoch. */
  createdAt: number;
  expiresAt: number;
}

export interface TransactionStoreOptions {
  /** Where transactions are kept; defaults to `sessionStorage`. */
  storage?: StorageLike;
  /** The clock, in milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
}

export interface SaveTransactionOptions extends TransactionStoreOptions {
  /** How long the transaction stays usable; 10 minutes unless said otherwise. */
  ttlMs?: number;
}

export const TRANSACTION_TTL_MS = 600_000;

const context = (options: TransactionStoreOptions) => ({
  storage: options.storage ?? sessionStorage,
  now: (options.now ?? Date.now)(),
});

/** What is stored under a key, if it is a transaction still usable at `now`. */
function live(storage: StorageLike, key: string, now: number): SignInTransaction | undefined {
  try {
    const entry = JSON.parse(storage.getItem(key) as string);
    if (entry.codeVerifier && entry.redirectUri && now < entry.expiresAt) return entry;
  } catch {
    // unreadable: treated as absent
  }
}

/** Remembers a sign-in under its state (replacing one with the same state) and sweeps out expired ones. */
export function saveTransaction(
  transaction: NewSignInTransaction,
  options: SaveTransactionOptions = {},
): SignInTransaction {
  const { state, codeVerifier, redirectUri, profileId, clientId, baseUrl, renewal, returnTo, accountId } = transaction;
  const fields = { state, codeVerifier, redirectUri, profileId, clientId, baseUrl };
  if (!Object.values(fields).every(Boolean)) throw new TypeError('Incomplete sign-in transaction.');
  const { storage, now } = context(options);
  sweepExpiredTransactions(options);
  const saved = {
    ...fields,
    ...(renewal && { renewal }),
    ...(returnTo && { returnTo }),
    ...(accountId && { accountId }),
    createdAt: now,
    expiresAt: now + (options.ttlMs ?? TRANSACTION_TTL_MS),
  };
  storage.setItem(TRANSACTION_KEY_PREFIX + state, JSON.stringify(saved));
  return saved;
}

/**
 * The transaction saved under `state`, removed as it is read: `undefined` when there is none, when it has
 * expired, when it was already used, or when what is stored is not a transaction. Also sweeps expired ones.
 */
export function consumeTransaction(
  state: string,
  options: TransactionStoreOptions = {},
): SignInTransaction | undefined {
  const { storage, now } = context(options);
  const key = TRANSACTION_KEY_PREFIX + state;
  const entry = live(storage, key, now);
  storage.removeItem(key);
  sweepExpiredTransactions(options);
  return entry?.state === state ? entry : undefined;
}

/** Removes expired and unreadable transactions; returns how many were removed. */
export function sweepExpiredTransactions(options: TransactionStoreOptions = {}): number {
  const { storage, now } = context(options);
  const stale: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i) as string;
    if (key.startsWith(TRANSACTION_KEY_PREFIX) && !live(storage, key, now)) stale.push(key);
  }
  for (const key of stale) storage.removeItem(key);
  return stale.length;
}

/** A Storage kept in memory (tests, or a host that manages its own). */
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
