import type { AccountSession, SignedInDetail, SignedOutDetail } from '../events.js';

/** Where a session is kept: `session` survives reloads in the tab (sessionStorage), `memory` keeps nothing. */
export type SessionStorageMode = 'session' | 'memory';

export type SessionChange =
  | { type: 'signed-in' }
  | { type: 'signed-out'; reason: SignedOutDetail['reason'] }
  | { type: 'account-selected'; account: AccountSession };

interface SessionData {
  accountMemberId: string;
  accounts: AccountSession[];
  selectedAccountId?: string;
}

const STORAGE_PREFIX = 'storefront-elements:session:';
/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
const sessions = new Map<string, MemberSession>();

/**
 * The signed-in member of one client on this page, shared by every element with the same `client-id`.
 * Holds the account management tokens; never hands out an expired one.
 */
export class MemberSession {
  /**
   * The one session of `clientId` on this page. Without `mode`, an existing session keeps its storage (a new one
   * uses sessionStorage), so an element that does not care (the picker) does not switch it.
   */
  static for(clientId: string, mode?: SessionStorageMode): MemberSession {
    let session = sessions.get(clientId);
    if (!session) {
      session = new MemberSession(clientId, mode ?? 'session');
      sessions.set(clientId, session);
    } else if (mode) {
      session.useStorage(mode);
    }
    return session;
  }

  readonly clientId: string;
  #mode: SessionStorageMode;
  #data?: SessionData;
  #listeners = new Set<(change: SessionChange) => void>();
  #expiryTimer?: ReturnType<typeof setTimeout>;

  private constructor(clientId: string, mode: SessionStorageMode) {
    this.clientId = clientId;
    this.#mode = mode;
    this.#data = mode === 'session' ? readStored(this.#key) : undefined;
    this.#dropIfExpired();
    this.#scheduleExpiry();
  }

  get signedIn(): boolean {
    return this.#dropIfExpired() ? false : this.#data !== undefined;
  }

  get accountMemberId(): string | undefined {
    return this.signedIn ? this.#data?.accountMemberId : undefined;
  }

  /** The accounts the member may act for, each with its token; empty when signed out. */
  get accounts(): readonly AccountSession[] {
    return this.signedIn ? (this.#data?.accounts ?? []) : [];
  }

  get selectedAccount(): AccountSession | undefined {
    if (!this.signedIn) return undefined;
    return this.#data?.accounts.find((account) => account.accountId === this.#data?.selectedAccountId);
  }

  /** Switches between sessionStorage and memory; leaving sessionStorage removes what was kept there. */
  useStorage(mode: SessionStorageMode): void {
    if (mode === this.#mode) return;
    this.#mode = mode;
    this.#persist();
  }

  signIn(detail: SignedInDetail): void {
    const only = detail.accounts.length === 1 ? detail.accounts[0].accountId : undefined;
    this.#data = { accountMemberId: detail.accountMemberId, accounts: [...detail.accounts], selectedAccountId: only };
    this.#persist();
    this.#scheduleExpiry();
    this.#notify({ type: 'signed-in' });
    if (this.#dropIfExpired()) return;
    const selected = this.selectedAccount;
    if (selected) this.#notify({ type: 'account-selected', account: selected });
  }

  /** Chooses the account to act for; returns it, or undefined when the member has no such account. */
  select(accountId: string): AccountSession | undefined {
    const account = this.accounts.find((candidate) => candidate.accountId === accountId);
    if (!account || !this.#data) return undefined;
    if (this.#data.selectedAccountId !== accountId) {
      this.#data.selectedAccountId = accountId;
      this.#persist();
      this.#notify({ type: 'account-selected', account });
    }
    return account;
  }

  signOut(reason: SignedOutDetail['reason'] = 'user'): void {
    if (!this.#data) return;
    this.#data = undefined;
    clearTimeout(this.#expiryTimer);
    this.#persist();
    this.#notify({ type: 'signed-out', reason });
  }

  /** @internal Stops the expiry timer and forgets listeners and data, silently (see resetSessionsForTesting). */
  disposeForTesting(): void {
    clearTimeout(this.#expiryTimer);
    this.#listeners.clear();
    this.#data = undefined;
  }

  /** Calls `listener` on every change; returns the function that stops it. */
  subscribe(listener: (change: SessionChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get #key(): string {
    return STORAGE_PREFIX + this.clientId;
  }

  /** Tokens of one sign-in expire together: once any has passed, the whole session ends. */
  #dropIfExpired(now = Date.now()): boolean {
    // An expiry that cannot be read counts as passed: such a token is never sent.
    const expired = this.#data?.accounts.some((account) => !(Date.parse(account.expires) > now)) ?? false;
    if (expired) this.signOut('expired');
    return expired;
  }

  #scheduleExpiry(): void {
    clearTimeout(this.#expiryTimer);
    const instants = this.#data?.accounts.map((account) => Date.parse(account.expires)) ?? [];
    if (instants.length === 0) return;
    const wait = Math.min(Math.max(Math.min(...instants) - Date.now(), 0), MAX_TIMER_MS);
    this.#expiryTimer = setTimeout(() => {
      if (!this.#dropIfExpired()) this.#scheduleExpiry();
    }, wait);
  }

  #persist(): void {
    try {
      if (this.#mode === 'session' && this.#data) sessionStorage.setItem(this.#key, JSON.stringify(this.#data));
      else sessionStorage.removeItem(this.#key);
    } catch {
      // Storage can be full or disabled (private modes); the session then lives in memory only.
    }
  }

  #notify(change: SessionChange): void {
    for (const listener of [...this.#listeners]) listener(change);
  }
}

function readStored(key: string): SessionData | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return undefined;
    const data = JSON.parse(raw) as SessionData;
    if (typeof data?.accountMemberId !== 'string' || !Array.isArray(data.accounts) || !data.accounts.every(isAccount)) {
      throw new TypeError('malformed');
    }
    const selected = data.selectedAccountId;
    return {
      accountMemberId: data.accountMemberId,
      accounts: data.accounts,
      selectedAccountId: typeof selected === 'string' ? selected : undefined,
    };
  } catch {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // nothing stored we could remove
    }
    return undefined;
  }
}

function isAccount(value: unknown): value is AccountSession {
  if (typeof value !== 'object' || value === null) return false;
  const account = value as Record<string, unknown>;
  return (
    typeof account.accountId === 'string' &&
    typeof account.accountName === 'string' &&
    typeof account.token === 'string' &&
    account.token !== '' &&
    typeof account.expires === 'string'
  );
}

/**
 * Forgets every session object of the page (tests use it to start clean). With `keepStorage`, what
 * sessionStorage holds stays, as on a reload of the page.
 */
export function resetSessionsForTesting(options: { keepStorage?: boolean } = {}): void {
  for (const session of sessions.values()) {
    if (!options.keepStorage) session.useStorage('memory');
    // Ends the expiry timer without telling anyone: the session object is dropped.
    session.disposeForTesting();
  }
  sessions.clear();
}
