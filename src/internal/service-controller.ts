import { Task, TaskStatus, type TaskConfig } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type Connection, connect } from '../api/connection.js';
import { isAbortError } from '../api/errors.js';
import type { FetchLike, TokenSource } from '../api/http.js';

/** What the controller reads from its element: the connection properties (see ServiceElement). */
export interface ServiceHost extends ReactiveControllerHost, HTMLElement {
  baseUrl: string;
  catalogBaseUrl?: string;
  accessToken?: TokenSource;
  fetch?: FetchLike;
}

/**
 * The contract of every element that calls the service, in one place:
 * - it reads the connection properties of its element (`base-url`, `catalog-base-url`, `accessToken`, `fetch`);
 * - it decides which token a call sends (see `connection()`);
 * - it runs the element's loads as Tasks that stop when the element leaves the page and start again when it
 *   comes back.
 * The shopper elements' ShopperController adds the shared session, the store's implicit token and account
 * tokens.
 */
export class ServiceController implements ReactiveController {
  protected readonly host: ServiceHost;
  readonly #tasks = new Set<Task>();
  /** Loads cut off by leaving the page, to run again on return. */
  readonly #cut = new Set<Task>();

  constructor(host: ServiceHost) {
    this.host = host;
    host.addController(this);
  }

  /** What every call depends on: a load lists these in its Task's arguments, so it runs again when one changes. */
  get args(): unknown[] {
    const { baseUrl, catalogBaseUrl, accessToken, fetch } = this.host;
    return [baseUrl, catalogBaseUrl, accessToken, fetch];
  }

  /**
   * The connection of the host's calls, sending the host's `accessToken`; undefined until the host has a
   * `base-url` and that token.
   */
  connection(): Connection | undefined {
    const { baseUrl, accessToken } = this.host;
    return baseUrl && accessToken ? { ...this.addresses(), accessToken } : undefined;
  }

  /** The connection of the host's addresses and `fetch`, without a token yet. */
  protected addresses(): Connection {
    const { baseUrl, catalogBaseUrl, fetch } = this.host;
    return connect({ baseUrl, catalogBaseUrl, fetch });
  }

  /**
   * A Task of the host that stops (aborts) when the host leaves the page. A load (a Task that runs by itself)
   * runs again when the host comes back; an action (run by hand) is stopped only when the host has left for good,
   * not when it is moved. An abort is nobody's error: `onError` does not hear of it.
   */
  task<A extends readonly unknown[], R>(config: TaskConfig<A, R>): Task<A, R> {
    const { onError } = config;
    const task = new Task(this.host, { ...config, onError: (error) => isAbortError(error) || onError?.(error) });
    this.#tasks.add(task as Task);
    return task;
  }

  /** Stops a task of the host for good and forgets it (a release panel that closes). */
  drop(task: Task): void {
    task.abort();
    this.#tasks.delete(task);
    this.#cut.delete(task);
    this.host.removeController(task);
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
      if (task.status === TaskStatus.PENDING && task.autoRun) {
        task.abort();
        this.#cut.add(task);
      }
    }
    queueMicrotask(() => {
      if (this.host.isConnected) return;
      for (const task of this.#tasks) if (task.status === TaskStatus.PENDING) task.abort();
    });
  }
}
