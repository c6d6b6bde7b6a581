import type { StorefrontError } from '../api/errors.js';
import type { AccountSession, SignedInDetail, SignedInMember, SignedOutReason } from '../events.js';
import { lastAccount, readStored, sessionKey, signedOutMarker, storeKey, writeStored } from '../internal/storage.js';
import { SessionListeners } from './session-listeners.js';

/**
 * Where a session is kept: `session` survives reloads in the tab (sessionStorage) and is shared live with the
 * store's other tabs; `memory` keeps nothing and shares nothing. Memory wins: once any element of a client asks for
 * it, that client's session on the page stays in memory, whatever the order the elements came in.
 */
export type SessionStorageMode = 'session' | 'memory';

/** A change of the session; `restored` when it came back on load or from another tab rather than a sign-in here. */
export type SessionChange =
  | { type: 'signed-in'; restored?: boolean }
  | { type: 'signed-out'; reason: SignedOutReason }
  | { type: 'account-selected'; account: AccountSession; restored?: boolean }
  /** A change asked of the store's server that it could not make (`session-endpoint`). */
  | { type: 'failed'; error: StorefrontError }
  /** A sign-in the store's server could not finish (`session-endpoint`): it sent the page back saying why. */
  | { type: 'sign-in-failed'; error: StorefrontError };

/** What a sign-in leaves: the member, the account tokens, and the OIDC profile it went through. */
export interface MemberSignIn extends SignedInDetail {
  profileId?: string;
}

interface SessionData extends MemberSignIn {
  /** The account chosen in this tab; each tab chooses its own. */
  selectedAccountId?: string;
}

/** What one tab says to the store's other tabs: "who is signed in?", "this member is", or "signed out". */
type Message = { ask: true } | { session: MemberSignIn } | { out: SignedOutReason };

const REASONS: readonly SignedOutReason[] = ['user', 'expired', 'rejected', 'elsewhere'];

/**
 * What another tab posted, when it is one of the messages the tabs send (any page of the origin can post on the
 * channel, so nothing is believed for its shape alone: a sign-in is checked again before it is taken).
 */
function readMessage(data: unknown): Message | undefined {
  if (!data || typeof data !== 'object') return;
  const message = data as Record<string, unknown>;
  if (message.ask === true) return { ask: true };
  if (REASONS.includes(message.out as SignedOutReason)) return { out: message.out as SignedOutReason };
  if ('session' in message) return { session: message.session as MemberSignIn };
}

/**
 * Runs `then` once the scripts the page loads with its document have run: at `DOMContentLoaded` while the page is
 * still loading them (a store's own `<script type="module">` after the elements' file runs after it, and would miss
 * what is told before), else in a microtask. The navigation's timing is the one place that says whether that event
 * has come: `document.readyState` is already `interactive` while those scripts run.
 */
export function afterPageScripts(then: () => void): void {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (document.readyState === 'loading' || navigation?.domContentLoadedEventStart === 0) {
    document.addEventListener('DOMContentLoaded', then, { once: true });
  } else queueMicrotask(then);
}

/**
 * The sessions of this page, one per client id, made on first use and kept for the page's life. A test page that
 * empties it starts as a new page load would (what sessionStorage holds is read again).
 */
export const sessions = new Map<string, MemberSession>();

/** A sign-in as the tabs hand it to each other: without the account a tab chose (each tab chooses its own). */
const shared = ({ accountMemberId, accounts, member, profileId }: MemberSignIn): MemberSignIn => ({
  accountMemberId,
  accounts,
  member,
  profileId,
});

/**
 * Tokens of one sign-in expire together: once any has passed (or cannot be read), the whole session ends. Worked
 * out once a session: every read of the session asks, and a member may have thousands of accounts.
 */
const expiries = new WeakMap<SessionData, number>();
const expiry = (data?: SessionData): number => {
  if (!data) return Infinity;
  if (!expiries.has(data)) expiries.set(data, Math.min(...data.accounts.map((a) => Date.parse(a.expires) || 0)));
  return expiries.get(data)!;
};

/**
 * Whether `data` is a sign-in of the right shape: the member's id, and each account's id, name, token and expiry
 * (a date). The one check of what the service's token answer, sessionStorage and another tab hand over.
 */
export function isSignIn(data: unknown): data is MemberSignIn {
  try {
    const { accountMemberId, accounts, member } = data as MemberSignIn;
    const texts = (...values: unknown[]) => values.every((value) => value && typeof value === 'string');
    return (
      texts(accountMemberId) &&
      (!member ||
        (member.id === accountMemberId && texts(...[member.name, member.email].filter((v) => v !== undefined)))) &&
      accounts.every(
        ({ accountId, accountName, token, expires, parentId }) =>
          texts(accountId, token, expires) &&
          typeof accountName === 'string' &&
          !!Date.parse(expires) &&
          (parentId === undefined || texts(parentId)),
      )
    );
  } catch {
    return false;
  }
}

/**
 * Whether `next`, a sign-in of the same member, renews `current`: other tokens, ending no earlier (the service
 * writes expiries to the second, so a renewal made at once ends in the same second).
 */
const isRenewalOf = (next: SessionData, current: SessionData) =>
  expiry(next) >= expiry(current) && next.accounts[0]?.token !== current.accounts[0]?.token;

/**
 * `data` when it is a sign-in whose tokens have not expired: what sessionStorage or another tab hands over is
 * believed only then, and anything else is never sent.
 */
const trusted = (data: SessionData | undefined) => (isSignIn(data) && expiry(data) > Date.now() ? data : undefined);

/**
 * The signed-in member of one client on this page, shared by every element with the same `client-id`, and with
 * the store's other tabs (a BroadcastChannel per `client-id` and `base-url`) unless kept in memory only.
 * Holds the account management tokens; never hands out an expired one.
 */
export class MemberSession {
  /**
   * The one session of `clientId` on this page. Without `mode`, an existing session keeps its storage (a new one
   * uses sessionStorage), so an element that does not care (the picker) does not switch it. An element that
   * knows the service (`baseUrl`) lets the session talk to the store's other tabs.
   */
  static for(clientId: string, mode?: SessionStorageMode, baseUrl?: string): MemberSession {
    let session = sessions.get(clientId);
    if (!session) sessions.set(clientId, (session = new MemberSession(clientId, mode)));
    else if (mode) session.useStorage(mode);
    if (baseUrl) session.#share(baseUrl);
    return session;
  }

  readonly clientId: string;
  #key: string;
  #memory: boolean;
  #data?: SessionData;
  /** The session came from sessionStorage and has not been announced yet. */
  #restored: boolean;
  /** The session was not made here: it came from sessionStorage or another tab (memory mode takes neither). */
  #fromElsewhere: boolean;
  /** The elements were told of the session (`signed-in`). */
  #told = false;
  #listeners = new SessionListeners();
  #timer?: ReturnType<typeof setTimeout>;
  #channel?: BroadcastChannel;

  private constructor(clientId: string, mode?: SessionStorageMode) {
    this.clientId = clientId;
    this.#key = sessionKey(clientId);
    this.#memory = mode === 'memory';
    // An expired stored session ends silently (nobody listens yet).
    this.#data = this.#memory ? undefined : trusted(readStored(this.#key) as SessionData);
    this.#restored = this.#fromElsewhere = !!this.#data;
    // Nothing trusted, or memory mode: what a page kept earlier in this tab goes, so no token lingers there.
    if (!this.#data) this.#persist();
  }

  /** Kept in memory only (`storage="memory"` on one of the client's elements): the tab's Web Storage keeps nothing. */
  get inMemory(): boolean {
    return this.#memory;
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

  /** Who signed in: the id, and the name and email where the store let the sign-in read them. */
  get member(): SignedInMember | undefined {
    return this.signedIn ? (this.#data?.member ?? { id: this.#data!.accountMemberId }) : undefined;
  }

  /** The OIDC profile the member signed in through, when known. */
  get profileId(): string | undefined {
    return this.#data?.profileId;
  }

  get selectedAccount(): AccountSession | undefined {
    return this.accounts.find((account) => account.accountId === this.#data?.selectedAccountId);
  }

  /**
   * Moves the session to memory: what was kept in sessionStorage goes, sharing with other tabs stops, and a session
   * this page did not make (kept by the tab, or handed over by another tab) ends, since memory mode takes neither
   * (quietly when nobody has heard of it yet). For good: a later element asking for `session` changes nothing, so
   * the order the elements come in never decides. The mode it already has changes nothing, so elements that name it
   * on every render do not rewrite the storage.
   */
  useStorage(mode: SessionStorageMode): void {
    if (mode !== 'memory' || this.#memory) return;
    this.#memory = true;
    this.#channel?.close();
    this.#channel = undefined;
    if (this.#fromElsewhere && this.#told) this.#end('elsewhere');
    else if (this.#fromElsewhere) {
      this.#data = undefined;
      clearTimeout(this.#timer);
    }
    this.#persist();
  }

  /**
   * Keeps a sign-in (made here, unless `restored`) and tells the elements and, for one made here, the other tabs.
   * The account chosen is the member's only one or, for a sign-in made here, the one they chose last (with this
   * store client).
   */
  signIn(signIn: MemberSignIn, restored?: boolean): void {
    const { accounts, accountMemberId } = signIn;
    // for a sign-in made here (a session from another tab comes without a choice: each tab chooses its own); memory
    // mode keeps nothing in the browser's storage, this either
    const last = restored || this.#memory ? undefined : lastAccount(this.clientId, accountMemberId);
    const chosen = accounts.length === 1 ? accounts[0] : accounts.find((account) => account.accountId === last);
    this.#data = { ...shared(signIn), selectedAccountId: chosen?.accountId };
    this.#fromElsewhere = !!restored;
    this.#persist();
    if (!restored) this.#post({ session: shared(signIn) });
    this.#schedule();
    this.#announce(restored);
  }

  /** Chooses the account to act for (in this tab); returns it, or undefined when the member has no such account. */
  select(accountId: string): AccountSession | undefined {
    const account = this.accounts.find((candidate) => candidate.accountId === accountId);
    if (account && this.#data!.selectedAccountId !== accountId) {
      this.#data!.selectedAccountId = accountId;
      if (!this.#memory) lastAccount(this.clientId, this.#data!.accountMemberId, accountId);
      this.#persist();
      this.#listeners.notify({ type: 'account-selected', account });
    }
    return account;
  }

  /** Ends the session here and in the store's other tabs (there as `elsewhere`, when the shopper signed out). */
  signOut(reason: SignedOutReason = 'user'): void {
    if (this.#data) this.#post({ out: reason });
    this.#end(reason);
  }

  #end(reason: SignedOutReason): void {
    if (!this.#data) return;
    this.#data = undefined;
    this.#told = false;
    clearTimeout(this.#timer);
    this.#persist();
    this.#listeners.notify({ type: 'signed-out', reason });
  }

  /**
   * Calls `listener` on every change; returns the function that stops it. A session kept from an earlier page of
   * the tab is announced once, after the elements of the page have subscribed and the page's own scripts have run:
   * `signed-in`, then the chosen account, both `restored`. While anyone listens, a timer ends the session when its
   * tokens expire (`signed-out`, reason `expired`); unwatched, it ends when next read.
   */
  subscribe(listener: (change: SessionChange) => void): () => void {
    this.#listeners.add(listener);
    const data = this.#data;
    // unless a sign-in or sign-out came first
    if (this.#restored) afterPageScripts(() => data === this.#data && this.#announce(true));
    this.#restored = false;
    this.#schedule();
    return () => {
      this.#listeners.delete(listener);
      this.#schedule();
    };
  }

  /**
   * Takes the later tokens of this member's sign-in in another tab (a renewal there), keeping the account this tab
   * chose; the elements hear it as a session that came back (`signed-in`, `restored`, with the new tokens).
   */
  #renew(signIn: MemberSignIn): void {
    this.#data = { ...shared(signIn), selectedAccountId: this.#data?.selectedAccountId };
    this.#persist();
    this.#schedule();
    this.#announce(true);
  }

  #announce(restored?: boolean): void {
    if (!this.signedIn) return;
    this.#told = true;
    this.#listeners.notify({ type: 'signed-in', restored });
    const account = this.selectedAccount;
    if (account) this.#listeners.notify({ type: 'account-selected', account, restored });
  }

  /**
   * Opens the store's channel to the other tabs (not in memory mode) and asks them who is signed in. A session this
   * tab kept from before the shopper signed out (in a tab that was asleep, say) is dropped: the sign-in that made
   * it removed the marker, so a marker means a sign-out came after.
   */
  #share(baseUrl: string): void {
    if (this.#memory || this.#channel) return;
    if (signedOutMarker(storeKey('signed-out', baseUrl, this.clientId))) this.#end('elsewhere');
    this.#channel = new BroadcastChannel(storeKey('channel', baseUrl, this.clientId));
    this.#channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      const message = readMessage(data);
      if (!message) return;
      if ('ask' in message) {
        if (this.signedIn) this.#post({ session: shared(this.#data!) });
      } else if ('out' in message) {
        // kept here too: where the other tab could not keep it, the next sign-in from this one still asks
        if (message.out === 'user') signedOutMarker(storeKey('signed-out', baseUrl, this.clientId), true);
        this.#end(message.out === 'user' ? 'elsewhere' : message.out);
      } else if (trusted(message.session)) {
        if (message.session.accountMemberId !== this.accountMemberId) this.signIn(message.session, true);
        else if (isRenewalOf(message.session, this.#data!)) this.#renew(message.session);
      }
    };
    // also when this tab kept one: another tab may have signed someone else in since
    this.#post({ ask: true });
  }

  #post(message: Message): void {
    this.#channel?.postMessage(message);
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
}
