import type { SessionView } from '../auth/server-session.js';

export type { SessionView };

/**
 * Where sessions live when they are not kept whole in the cookie: values are sealed before they reach the store,
 * so a store holds no readable token. `ttlSeconds` is how long the value may be kept.
 */
export interface SessionStore {
  get(id: string): Promise<string | undefined>;
  set(id: string, value: string, ttlSeconds: number): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface SessionHandlerOptions {
  /** The store's API address (the account and catalog endpoints), e.g. `https://useast.api.elasticpath.com`. */
  baseUrl: string;
  /** The store's client id, for its implicit token. */
  clientId: string;
  /**
   * Secrets of at least 32 bytes each: the first seals, every one opens, so a new key goes first and an old one
   * stays listed until the sessions it sealed have ended.
   */
  keys: ReadonlyArray<string | Uint8Array>;
  /** Where the routes live on the store's origin; default `/storefront`. */
  prefix?: string;
  /**
   * What the proxy (`<prefix>/api/...`) passes on, as `METHOD /path` rules: `*` stands for one path segment,
   * `**` for any number. Default: reading catalogs (`GET /catalogs`, `GET /catalogs/**`, and the same under
   * `/pcm`).
   */
  allow?: readonly string[];
  /** Where sessions live; default the sealed cookie itself. */
  store?: SessionStore;
  /**
   * The store's public origin (`https://shop.example`), when the server sees another one in its requests (behind a
   * proxy that rewrites the host). Default: each request's own.
   */
  origin?: string;
  /** The `fetch` the handler calls the API with; default the platform's. */
  fetch?: typeof fetch;
}

export interface SessionHandler {
  /** Answers a request for one of the routes under the prefix; any other path gets 404. */
  handle(request: Request): Promise<Response>;
  /** The session of the request's cookies, or null when signed out. */
  getSession(request: Request): Promise<SessionView | null>;
  /**
   * Calls the store's API for the signed-in member (the store's implicit token and the chosen account's token).
   * `path` is an API path such as `/catalogs`. Signed out, or with no account chosen: a 401 answer, without a call.
   */
  accountFetch(request: Request, path: string, init?: RequestInit): Promise<Response>;
  /** Whether a request's path is one of the handler's (under its prefix). */
  matches(request: Request): boolean;
}
