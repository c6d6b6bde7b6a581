import type { Connection } from '../api/connection.js';
import type { FetchLike } from '../api/http.js';
import { forgetImplicitTokens, implicitTokenSource } from '../auth/implicit-token.js';
import type { SessionChange, SessionStorageMode } from '../auth/session.js';
import type { AccountSession } from '../events.js';
import { type ServiceHost, ServiceController } from './service-controller.js';
import { isServerSession } from './server-session-chunk.js';
import { SessionController, type SharedSession } from './session-controller.js';

/** A shopper's element: the connection properties and the store client that names its session. */
export interface ShopperHost extends ServiceHost {
  clientId: string;
  storage?: SessionStorageMode;
  sessionEndpoint?: string;
}

/**
 * The ServiceController of the shopper elements: it follows the page's shared session of the host's
 * `client-id`, and without a host token calls with the store's implicit token, adding the chosen account's
 * token where a call acts for it.
 */
export class ShopperController extends ServiceController {
  readonly #session: SessionController;

  /** `onChange` hears every change of the shared session (the host is updated after it anyway). */
  constructor(host: ShopperHost, onChange: (change: SessionChange) => void) {
    super(host);
    this.#session = new SessionController(host, onChange);
  }

  /** The shared session of the host's `client-id` while it is connected. */
  get session(): SharedSession | undefined {
    return this.#session.session;
  }

  /** The account the host acts for: the one chosen in the session, unless the host gave a token of its own. */
  get account(): AccountSession | undefined {
    return this.host.accessToken ? undefined : this.session?.selectedAccount;
  }

  override get args(): unknown[] {
    // the session too: the store server's comes once its chunk has loaded
    return [...super.args, (this.host as ShopperHost).clientId, this.session];
  }

  /**
   * The connection of the host's calls, or undefined until the host has a `base-url` and a token source. The token
   * a call sends:
   * - the host's `accessToken` when it has one, for every call (the store's own token);
   * - otherwise the store's implicit token of `client-id` as the bearer, and for a call that acts for `account`
   *   that account's management token in `EP-Account-Management-Authentication-Token`, as the vendor's API
   *   reads it.
   * A 401 to a call with an account token ends the session (`signed-out`, reason `rejected`) rather than
   * leaving the element to ask again with a token the service refuses. A 401 to the implicit token drops it,
   * so the next call asks for a fresh one.
   */
  override connection(account?: AccountSession): Connection | undefined {
    const { baseUrl, accessToken, clientId, fetch } = this.host as ShopperHost;
    const session = this.session;
    if (isServerSession(session)) return session.connection(fetch);
    if (accessToken || !baseUrl || !clientId) return super.connection();
    const addresses = this.addresses();
    const watched: FetchLike = async (input, init) => {
      const response = await (fetch ?? globalThis.fetch)(input, init);
      if (response.status === 401) this.#refused(account);
      return response;
    };
    return {
      ...addresses,
      accessToken: implicitTokenSource(addresses, clientId),
      accountToken: account?.token,
      fetch: watched,
    };
  }

  /** The service refused the implicit token, or the account token sent beside it: which one, it does not say. */
  #refused(account?: AccountSession): void {
    forgetImplicitTokens();
    const session = this.session;
    if (account && session?.selectedAccount?.token === account.token) void session?.signOut('rejected');
  }
}
