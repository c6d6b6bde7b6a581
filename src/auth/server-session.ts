/**
 * A chunk of its own: only pages whose elements have `session-endpoint` load it.
 *
 * The session kept by the store's server (`session-endpoint`, see `storefront-elements/server`): the page reads
 * who is signed in and for which account from its `session` route, changes the account and signs out through it,
 * and never holds a token. The store's tabs share one session (one cookie); a change in one tab is told to the
 * others over a BroadcastChannel, which then read the session again.
 */
import { type Connection, connect } from '../api/connection.js';
import { StorefrontError, type StorefrontErrorCode } from '../api/errors.js';
import type { FetchLike } from '../api/http.js';
import { type AccountSession, SignInRedirectEvent, type SignedOutReason } from '../events.js';
import { readStored, storeKey, writeStored } from '../internal/storage.js';
import { type SessionChange, afterPageScripts } from './session.js';
import { SessionListeners } from './session-listeners.js';

/** What the handler's `GET session` answers: never a token. */
export interface SessionView {
  signedIn: boolean;
  member?: { id: string; name?: string; email?: string };
  accounts?: Array<Omit<AccountSession, 'token'>>;
  selectedAccountId?: string;
  /** When the session ends: the earliest expiry of its account tokens. */
  expires?: string;
}

/**
 * The header the page's script sends with every call to the store's server that changes something, and with every
 * proxy call: a page of another origin cannot send it without a CORS preflight, which the handler never allows.
 */
export const REQUEST_HEADER = 'Storefront-Request';
const SESSION_REQUEST_HEADER = { [REQUEST_HEADER]: '1' };

/** The sessions of this page, one per endpoint. */
export const serverSessions = new Map<string, ServerSession>();

const SIGNED_OUT: SessionView = { signedIn: false };

export class ServerSession {
  /** The one session of the store's handler at `endpoint` (its prefix, e.g. `/storefront`) on this page. */
  static for(endpoint: string): ServerSession {
    const base = new URL(endpoint.replace(/\/*$/, '/'), location.href).href.replace(/\/$/, '');
    let session = serverSessions.get(base);
    if (!session) serverSessions.set(base, (session = new ServerSession(base)));
    return session;
  }

  /** The handler's address, absolute, without a trailing slash. */
  readonly endpoint: string;
  #view: SessionView = SIGNED_OUT;
  /** The session was asked of the store's server (by the first subscriber). */
  #asked = false;
  #listeners = new SessionListeners();
  #channel?: BroadcastChannel;
  #timer?: ReturnType<typeof setTimeout>;

  private constructor(endpoint: string) {
    this.endpoint = endpoint;
  }

  /** Where this tab notes that it left to sign in through the store's server. */
  get #signInKey(): string {
    return storeKey('server-sign-in', this.endpoint, '');
  }

  get signedIn(): boolean {
    return this.#view.signedIn && !(Date.parse(this.#view.expires!) <= Date.now());
  }

  get accountMemberId(): string | undefined {
    return this.signedIn ? this.#view.member?.id : undefined;
  }

  /** The member's name and email, where the store lets the server read them. */
  get member(): SessionView['member'] {
    return this.signedIn ? this.#view.member : undefined;
  }

  get accounts(): readonly AccountSession[] {
    return (this.signedIn && this.#view.accounts) || [];
  }

  get selectedAccount(): AccountSession | undefined {
    return this.accounts.find((account) => account.accountId === this.#view.selectedAccountId);
  }

  /**
   * The connection of the elements' calls: through the store's server (its API proxy), which adds the tokens. The
   * page sends its cookies and the `Storefront-Request` header, never a token; the proxy's 401 means the server
   * ended the session.
   */
  connection(fetch: FetchLike = globalThis.fetch): Connection {
    return {
      ...connect({ baseUrl: `${this.endpoint}/api` }),
      accessToken: false,
      fetch: async (input, init) => {
        const response = await fetch(input, {
          ...init,
          credentials: 'same-origin',
          headers: { ...(init?.headers as Record<string, string>), ...SESSION_REQUEST_HEADER },
        });
        if (response.status === 401) void this.signOut('rejected');
        return response;
      },
    };
  }

  /**
   * Leaves for the store server's sign-in route with `profileId` (the identity provider's `params` passed on),
   * coming back to this page, once `from` has fired `sign-in-redirect` and no listener cancelled it. The session
   * this tab comes back with is then announced as new, not restored.
   */
  signIn(from: EventTarget, profileId: string, params: Record<string, string>, leave: (url: string) => void): void {
    const url = new URL(`${this.endpoint}/sign-in`);
    url.searchParams.set('profile', profileId);
    url.searchParams.set('return_to', location.pathname + location.search + location.hash);
    for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
    if (!from.dispatchEvent(new SignInRedirectEvent({ profileId, url: url.href }))) return;
    writeStored(this.#signInKey, true);
    leave(url.href);
  }

  /** Chooses the account to act for, on the store's server (for every tab); returns it when the member has it. */
  select(accountId: string): AccountSession | undefined {
    const account = this.accounts.find((candidate) => candidate.accountId === accountId);
    if (account && this.#view.selectedAccountId !== accountId) {
      void this.#call('account', { accountId }).then(
        (view) => this.#take(view, false, true),
        (error: StorefrontError) => this.#listeners.notify({ type: 'failed', error }),
      );
    }
    return account;
  }

  /**
   * Ends the session: `user` signs out on the store's server (`everywhere` also asks for the identity provider's
   * end-session address, which it resolves with); `rejected` and `expired` end what the server already ended.
   */
  async signOut(reason: SignedOutReason = 'user', everywhere = false): Promise<string | undefined> {
    if (!this.signedIn) return;
    let endSessionUrl: string | undefined;
    if (reason === 'user') {
      const answer = await this.#call('sign-out', { everywhere, returnTo: location.pathname + location.search });
      endSessionUrl = (answer as { endSessionUrl?: string }).endSessionUrl;
    }
    this.#end(reason);
    this.#post(reason);
    return endSessionUrl;
  }

  /**
   * Calls `listener` on every change; returns the function that stops it. The first subscriber reads the session
   * from the store's server; it is announced once the page's own scripts have run (`signed-in`, then the chosen
   * account: `restored` unless this tab just came back from signing in).
   */
  subscribe(listener: (change: SessionChange) => void): () => void {
    this.#listeners.add(listener);
    if (!this.#asked) {
      this.#asked = true;
      const failed = takeServerError();
      if (failed) queueMicrotask(() => this.#listeners.notify({ type: 'sign-in-failed', error: failed }));
      void this.#read().then((view) => {
        const fresh = readStored(this.#signInKey) === true;
        writeStored(this.#signInKey, undefined);
        afterPageScripts(() => this.#take(view, !fresh));
      });
    }
    this.#share();
    return () => this.#listeners.delete(listener);
  }

  /**
   * Another tab changed the session: it is read again (what a message says is never believed), and what changed is
   * told. A session that another tab saw refused or expired ends here for that reason too; any other end is a
   * sign-out `elsewhere`.
   */
  #share(): void {
    if (this.#channel) return;
    this.#channel = new BroadcastChannel(storeKey('channel', this.endpoint, ''));
    this.#channel.onmessage = ({ data }: MessageEvent<{ out?: unknown } | undefined>) => {
      const reason = data?.out === 'rejected' || data?.out === 'expired' ? data.out : 'elsewhere';
      void this.#read().then((view) => this.#take(view, true, false, reason));
    };
  }

  /** Tells the store's other tabs that the session changed, and why it ended when it did. */
  #post(out?: SignedOutReason): void {
    this.#channel?.postMessage({ out });
  }

  /**
   * Takes a session view as the one in force, telling the listeners what changed: a member signed in, an account
   * chosen, or the session ended (`reason`). `tell` also tells the store's other tabs.
   */
  #take(view: SessionView, restored: boolean, tell = false, reason: SignedOutReason = 'rejected'): void {
    const before = this.#view;
    const wasIn = this.signedIn;
    this.#view = view;
    if (tell) this.#post();
    this.#schedule();
    if (wasIn && (!this.signedIn || before.member?.id !== view.member?.id)) {
      this.#view = SIGNED_OUT;
      this.#listeners.notify({ type: 'signed-out', reason });
      this.#view = view;
    }
    if (!this.signedIn) return;
    const newMember = !wasIn || before.member?.id !== view.member?.id;
    if (newMember) this.#listeners.notify({ type: 'signed-in', restored: restored || undefined });
    const account = this.selectedAccount;
    if (account && (newMember || before.selectedAccountId !== account.accountId)) {
      this.#listeners.notify({ type: 'account-selected', account, restored: (restored && newMember) || undefined });
    }
  }

  #end(reason: SignedOutReason): void {
    if (!this.#view.signedIn) return;
    this.#view = SIGNED_OUT;
    clearTimeout(this.#timer);
    this.#listeners.notify({ type: 'signed-out', reason });
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    const left = Date.parse(this.#view.expires!) - Date.now();
    if (this.#view.signedIn && left > 0) {
      this.#timer = setTimeout(() => this.#end('expired'), Math.min(left, 2 ** 31 - 1));
    }
  }

  /** The session as the store's server has it; signed out when it cannot be read (the elements say why). */
  async #read(): Promise<SessionView> {
    try {
      const response = await fetch(`${this.endpoint}/session`, { credentials: 'same-origin', cache: 'no-store' });
      const view = (await response.json()) as SessionView;
      return response.ok && typeof view?.signedIn === 'boolean' ? view : SIGNED_OUT;
    } catch {
      return SIGNED_OUT;
    }
  }

  async #call(route: 'account' | 'sign-out', body: object): Promise<SessionView> {
    let response: Response;
    try {
      response = await fetch(`${this.endpoint}/${route}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { ...SESSION_REQUEST_HEADER, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (cause) {
      throw new StorefrontError('network_error', `Could not reach the store's server at ${this.endpoint}.`, {
        cause,
      });
    }
    const answer = (await response.json().catch(() => undefined)) as SessionView | undefined;
    if (!response.ok || !answer) {
      throw new StorefrontError('http_error', `The store's server answered HTTP ${response.status}.`, {
        status: response.status,
      });
    }
    return answer;
  }
}

/** What the store's server says of a sign-in it could not finish, by the code it puts in the address. */
const SERVER_ERRORS: Partial<Record<StorefrontErrorCode, string>> = {
  state_mismatch: 'The sign-in that came back was not started in this browser.',
  idp_error: 'The identity provider did not sign the shopper in.',
  not_configured: "The store's server cannot keep this session: see its log.",
  network_error: "The store's server could not reach the store or its sessions.",
  http_error: 'The store refused the sign-in.',
  invalid_response: 'The store answered the sign-in in an unexpected shape.',
  unsafe_endpoint: 'The sign-in address is not safe to open.',
};

/** The parameter in which the store's server names why a sign-in failed. */
const ERROR_PARAM = 'storefront-error';

/**
 * The failure the store's server sent the browser back with (`?storefront-error=<code>`), taken out of the
 * address bar at once so a reload does not show it again; undefined when there is none.
 */
function takeServerError(): StorefrontError | undefined {
  const url = new URL(location.href);
  const code = url.searchParams.get(ERROR_PARAM) as StorefrontErrorCode | null;
  if (!code) return;
  url.searchParams.delete(ERROR_PARAM);
  history.replaceState(history.state, '', url.href);
  const message = SERVER_ERRORS[code];
  return message ? new StorefrontError(code, message) : undefined;
}
