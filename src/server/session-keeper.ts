/**
 * Keeps a server session: whole in its sealed cookie, or, with a store, in the store under a random id that the
 * sealed cookie names. Either way the value is sealed, so neither the browser nor the store can read a token.
 */
import type { AccountSession } from '../events.js';
import { MAX_COOKIE_BYTES, SESSION_COOKIE, readCookie, removeCookie, serializeCookie } from './cookies.js';
import type { Sealer } from './seal.js';
import type { SessionStore, SessionView } from './types.js';

/** What the server keeps of a signed-in member: the account tokens never leave it. */
export interface ServerSession {
  member: { id: string; name?: string; email?: string };
  accounts: AccountSession[];
  selectedAccountId?: string;
  profileId?: string;
}

/** How long a session without any account token (a member not yet in any account) lasts. */
const NO_ACCOUNT_SECONDS = 60 * 60;

/** The session store could not be reached: the handler answers 503 rather than guess. */
export class SessionStoreUnavailable extends Error {
  override name = 'SessionStoreUnavailable';
}

/** The session is larger than a cookie holds: the store's server needs a session store. */
export class SessionTooLarge extends Error {
  override name = 'SessionTooLarge';
}

/** When the session ends: its tokens expire together, so at the earliest of them. */
export function expiryOf(session: ServerSession, now = Date.now()): number {
  const expiries = session.accounts.map((account) => Date.parse(account.expires) || 0);
  return expiries.length ? Math.min(...expiries) : now + NO_ACCOUNT_SECONDS * 1000;
}

export function toView(session: ServerSession | undefined): SessionView {
  if (!session) return { signedIn: false };
  return {
    signedIn: true,
    member: session.member,
    accounts: session.accounts.map(({ token: _token, ...account }) => account),
    selectedAccountId: session.selectedAccountId,
    expires: session.accounts.length ? new Date(expiryOf(session)).toISOString() : undefined,
  };
}

export interface LoadedSession {
  session?: ServerSession;
  /** The session's id in the store, when there is one. */
  id?: string;
  /**
   * The request carries a session cookie that names no live session (expired, sealed with a key no longer listed,
   * damaged, or gone from the store): the browser was signed in, and is not any more.
   */
  ended?: boolean;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class SessionKeeper {
  readonly #sealer: Sealer;
  readonly #store?: SessionStore;

  constructor(sealer: Sealer, store?: SessionStore) {
    this.#sealer = sealer;
    this.#store = store;
  }

  /** The request's session; none when its cookie is missing, damaged, foreign, expired or gone from the store. */
  async load(request: Request): Promise<LoadedSession> {
    const cookie = readCookie(request, SESSION_COOKIE);
    if (!cookie) return {};
    let session: ServerSession | undefined;
    let id: string | undefined;
    if (this.#store) {
      id = (await this.#sealer.open<{ id: string }>('session-id', cookie))?.id;
      if (typeof id !== 'string') return { ended: true };
      const stored = await this.#reach(() => this.#store!.get(id!));
      session = await this.#sealer.open<ServerSession>('stored-session', stored);
    } else {
      session = await this.#sealer.open<ServerSession>('session', cookie);
    }
    if (!session || !Array.isArray(session.accounts) || expiryOf(session) <= Date.now()) return { id, ended: true };
    return { session, id };
  }

  /**
   * Keeps `session` and returns the `Set-Cookie` value that names it. A new sign-in gets a new id (no id the
   * browser held before is ever reused for it); choosing an account keeps its id.
   */
  async save(session: ServerSession, id?: string): Promise<string> {
    const expires = expiryOf(session);
    const maxAge = (expires - Date.now()) / 1000;
    if (this.#store) {
      const storeId = id ?? randomId();
      const value = await this.#sealer.seal('stored-session', session, expires);
      await this.#reach(() => this.#store!.set(storeId, value, Math.ceil(maxAge)));
      return serializeCookie(SESSION_COOKIE, await this.#sealer.seal('session-id', { id: storeId }, expires), {
        maxAge,
      });
    }
    const cookie = serializeCookie(SESSION_COOKIE, await this.#sealer.seal('session', session, expires), { maxAge });
    if (cookie.length > MAX_COOKIE_BYTES) {
      throw new SessionTooLarge(
        `A session of ${session.accounts.length} accounts takes ${cookie.length} bytes, more than a cookie holds ` +
          `(${MAX_COOKIE_BYTES}): give createSessionHandler a session store (see redisSessionStore).`,
      );
    }
    return cookie;
  }

  /** Ends the session (in the store too) and returns the `Set-Cookie` value that removes its cookie. */
  async destroy(id?: string): Promise<string> {
    if (id && this.#store) await this.#reach(() => this.#store!.delete(id));
    return removeCookie(SESSION_COOKIE);
  }

  async #reach<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (cause) {
      throw new SessionStoreUnavailable('The session store could not be reached.', { cause });
    }
  }
}
