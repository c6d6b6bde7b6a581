import { Task, TaskStatus, type TaskConfig } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { StorefrontClient, type StorefrontClientOptions } from '../api/client.js';
import { isAbortError } from '../api/errors.js';
import type { FetchLike, TokenSource } from '../api/http.js';
import { forgetImplicitTokens, implicitTokenSource } from '../auth/implicit-token.js';
import type { MemberSession, SessionChange, SessionStorageMode } from '../auth/session.js';
import type { AccountSession } from '../events.js';
import { SessionController } from './session-controller.js';

/** What the controller reads from its element: the connection properties (see ServiceElement). */
export interface ServiceHost extends ReactiveControllerHost, HTMLElement {
  baseUrl: string;
  catalogBaseUrl?: string;
  clientId?: string;
  storage?: SessionStorageMode;
  accessToken?: TokenSource;
  fetch?: FetchLike;
}

export interface ServiceOptions<C extends StorefrontClient> {
  /** The client class the element calls through (the operator elements' one has the operator endpoints). */
  client?: new (options: StorefrontClientOptions) => C;
  /** Follow the shared session of the host's `client-id`, and hear of each change. */
  session?: (change: SessionChange) => void;
}

/**
 * The contract of every element that calls the service, in one place:
 * - it reads the connection properties of its element (`base-url`, `catalog-base-url`, `client-id`, `accessToken`,
 *   `fetch`) and, with `client-id`, follows the page's shared session;
 * - it decides which token a call sends (see `client()`), and what a 401 means;
 * - it runs the element's loads as Tasks that stop when the element leaves the page and start again when it
 *   comes back.
 */
export class ServiceController<C extends StorefrontClient = StorefrontClient> implements ReactiveController {
  readonly #host: ServiceHost;
  readonly #Client: new (options: StorefrontClientOptions) => C;
  readonly #session?: SessionController;
  readonly #tasks = new Set<Task>();
  /** Loads cut off by leaving the page, to run again on return. */
  readonly #cut = new Set<Task>();

  constructor(host: ServiceHost, { client, session }: ServiceOptions<C> = {}) {
    this.#host = host;
    this.#Client = client ?? (StorefrontClient as new (options: StorefrontClientOptions) => C);
    host.addController(this);
    if (session) this.#session = new SessionController(host, session);
  }

  /** The shared session of the host's `client-id` while it is connected. */
  get session(): MemberSession | undefined {
    return this.#session?.session;
  }

  /** The account the host acts for: the one chosen in the session, unless the host gave a token of its own. */
  get account(): AccountSession | undefined {
    return this.#host.accessToken ? undefined : this.session?.selectedAccount;
  }

  /** What every call depends on: a load lists these in its Task's arguments, so it runs again when one changes. */
  get args(): unknown[] {
    const { baseUrl, catalogBaseUrl, clientId, accessToken, fetch } = this.#host;
    return [baseUrl, catalogBaseUrl, clientId, accessToken, fetch];
  }

  /**
   * A client for the host's calls, or undefined until the host has a `base-url` and a token source. The token
   * a call sends:
   * - the host's `accessToken` when it has one, for every call (an operator token, or the store's own);
   * - otherwise the store's implicit token of `client-id` as the bearer, and for a call that acts for `account`
   *   that account's management token in `EP-Account-Management-Authentication-Token`, as the vendor's API
   *   reads it.
   * A 401 to a call with an account token ends the session (`signed-out`, reason `rejected`) rather than
   * leaving the element to ask again with a token the service refuses. A 401 to the implicit token drops it,
   * so the next call asks for a fresh one.
   */
  client(account?: AccountSession): C | undefined {
    const { baseUrl, catalogBaseUrl, clientId, accessToken, fetch } = this.#host;
    if (!baseUrl || !(accessToken || clientId)) return;
    const client = new this.#Client({ baseUrl, catalogBaseUrl, fetch });
    if (accessToken) return client.withToken(accessToken);
    const watched: FetchLike = async (input, init) => {
      const response = await (fetch ?? globalThis.fetch)(input, init);
      if (response.status == 401) this.#refused(account);
      return response;
    };
    return client.withToken(implicitTokenSource(client, clientId!), account?.token, watched);
  }

  /** The service refused the implicit token, or the account token sent beside it: which one, it does not say. */
  #refused(account?: AccountSession): void {
    forgetImplicitTokens();
    const session = this.session;
    if (account && session?.selectedAccount?.token == account.token) session.signOut('rejected');
  }

  /**
   * A Task of the host that stops (aborts) when the host leaves the page. A load (a Task that runs by itself)
   * runs again when the host comes back; an action (run by hand) is stopped only when the host has left for good,
   * not when it is moved. An abort is nobody's error: `onError` does not hear of it.
   */
  task<A extends readonly unknown[], R>(config: TaskConfig<A, R>): Task<A, R> {
    const { onError } = config;
    const task = new Task(this.#host, { ...config, onError: (error) => isAbortError(error) || onError?.(error) });
    this.#tasks.add(task as Task);
    return task;
  }

  hostConnected(): void {
    for (const task of this.#cut) void task.run();
    this.#cut.clear();
  }

  hostDisconnected(): void {
    // A load stops at once and starts again on return. An action (a code exchange, a new membership) cannot be
    // repeated, so only an element that has really left stops its action; a move (removed and put back in the
    // same task, as frameworks do) keeps it going.
    for (const task of this.#tasks) {
      if (task.status == TaskStatus.PENDING && task.autoRun) {
        task.abort();
        this.#cut.add(task);
      }
    }
    queueMicrotask(() => {
      if (this.#host.isConnected) return;
      for (const task of this.#tasks) if (task.status == TaskStatus.PENDING) task.abort();
    });
  }
}
