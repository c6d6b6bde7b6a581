import type { AccountSession, SignedInDetail, SignedOutReason } from '../events.js';
import { readStored, sessionKey, writeStored } from '../internal/storage.js';

/** Where a session is kept: `session` survives reloads in the tab (sessionStorage), `memory` keeps nothing. */
export type SessionStorageMode = 'session' | 'memory';

export type SessionChange =
  | { type: 'signed-in' }
  | { type: 'signed-out'; reason: SignedOutReason }
  | { type: 'account-selected'; account: AccountSession };

interface SessionData extends SignedInDetail {
  selectedAccountId?: string;
}

/**
 * The sessions of this page, one per client id, made on first use and kept for the page's life. A test page that
 * empties it starts as a new page load would (what sessionStorage holds is read again).
 */
export const sessions = new Map<string, MemberSession>();

/** Tokens of one sign-in expire together: once any has passed (or cannot be read), the whole session ends. */
const expiry = (data?: SessionData) => Math.min(...(data?.accounts.map((a) => Date.parse(a.expires) || 0) ?? []));

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
    if (!session) sessions.set(clientId, (session = new MemberSession(clientId, mode)));
    else if (mode) session.useStorage(mode);
    return session;
  }

  readonly clientId: string;
  #key: string;
  #memory: boolean;
  #data?: SessionData;
  #listeners = new Set<(change: SessionChange) => void>();
  #timer?: ReturnType<typeof setTimeout>;

  private constructor(clientId: string, mode?: SessionStorageMode) {
    this.clientId = clientId;
    this.#key = sessionKey(clientId);
    this.#memory = mode == 'memory';
    if (!this.#memory) {
      try {
        // Only well-formed data is trusted; anything else (nothing stored included) is removed, never sent.
        const data = readStored(this.#key) as SessionData;
        for (const a of data.accounts) {
          if (![a.accountId, a.accountName, a.token, a.expires].every((v) => typeof v == 'string') || !a.token) throw a;
        }
        if (typeof data.accountMemberId != 'string') throw data;
        if (typeof data.selectedAccountId != 'string') delete data.selectedAccountId;
        this.#data = data;
      } catch {
        // untrusted: removed below
      }
    }
    // A stored session that has expired ends silently: nobody listens yet.
    if (this.#data && expiry(this.#data) <= Date.now()) this.#data = undefined;
    // Nothing trusted, or memory mode: what a page kept earlier in this tab goes, so no token lingers there.
    if (!this.#data) this.#persist();
  }

  get signedIn(): boolean {
    if (this.#data && expiry(this.#data) <= Date.now()) this.signOut('expired');
    return !!this.#data;
  }

  get accountMemberId(): string | undefined {
    return this.signedIn ? this.#data?.accountMemberId : undefined;
  }

  /** The accounts the member may act for, each with its token; empty when signed out. */
  get accounts(): readonly AccountSession[] {
    return (this.signedIn && this.#data?.accounts) || [];
  }

  get selectedAccount(): AccountSession | undefined {
    return this.accounts.find((account) => account.accountId === this.#data?.selectedAccountId);
  }

  /**
   * Switches between sessionStorage and memory; leaving sessionStorage removes what was kept there. The mode it
   * already has changes nothing, so elements that name it on every render do not rewrite the storage.
   */
  useStorage(mode: SessionStorageMode): void {
    const memory = mode == 'memory';
    if (memory != this.#memory) {
      this.#memory = memory;
      this.#persist();
    }
  }

  signIn(detail: SignedInDetail): void {
    const { accounts } = detail;
    this.#data = { ...detail, selectedAccountId: accounts.length == 1 ? accounts[0].accountId : undefined };
    this.#persist();
    this.#notify({ type: 'signed-in' });
    this.#schedule();
    const account = this.selectedAccount;
    if (account) this.#notify({ type: 'account-selected', account });
  }

  /** Chooses the account to act for; returns it, or undefined when the member has no such account. */
  select(accountId: string): AccountSession | undefined {
    const account = this.accounts.find((candidate) => candidate.accountId === accountId);
    if (account && this.#data!.selectedAccountId !== accountId) {
      this.#data!.selectedAccountId = accountId;
      this.#persist();
      this.#notify({ type: 'account-selected', account });
    }
    return account;
  }

  signOut(reason: SignedOutReason = 'user'): void {
    if (!this.#data) return;
    this.#data = undefined;
    clearTimeout(this.#timer);
    this.#persist();
    this.#notify({ type: 'signed-out', reason });
  }

  /**
   * Calls `listener` on every change; returns the function that stops it. While anyone listens, a timer ends the
   * session when its tokens expire (`signed-out`, reason `expired`); unwatched, it ends when next read.
   */
  subscribe(listener: (change: SessionChange) => void): () => void {
    this.#listeners.add(listener);
    this.#schedule();
    return () => {
      this.#listeners.delete(listener);
      this.#schedule();
    };
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    // setTimeout waits at most 2^31-1 ms; a longer wait checks again then.
    if (this.#listeners.size && this.signedIn)
      this.#timer = setTimeout(() => this.#schedule(), Math.min(expiry(this.#data) - Date.now(), 2 ** 31 - 1));
  }

  #persist(): void {
    // full or disabled storage (private modes): the session then lives in memory only
    writeStored(this.#key, this.#memory ? undefined : this.#data);
  }

  #notify(change: SessionChange): void {
    for (const listener of [...this.#listeners]) listener(change);
  }
}
