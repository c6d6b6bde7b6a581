import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { MemberSession, type SessionChange, type SessionStorageMode } from '../../auth/session.js';

export interface SessionControllerOptions {
  clientId: () => string;
  /** Undefined leaves the shared session's storage as it is. */
  storage: () => SessionStorageMode | undefined;
  /** Called on every change of the session, before the host re-renders. */
  onChange?: (change: SessionChange) => void;
}

/**
 * Keeps a host subscribed to the shared session of its `client-id` while it is connected, following changes of
 * the client id or storage, and re-rendering the host on every session change.
 */
export class SessionController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: SessionControllerOptions;
  #session?: MemberSession;
  #key?: string;
  #unsubscribe?: () => void;
  #connected = false;

  constructor(host: ReactiveControllerHost, options: SessionControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The session of the current client id (undefined without one or while disconnected). */
  get session(): MemberSession | undefined {
    if (this.#connected) {
      this.#sync();
      return this.#session;
    }
    const clientId = this.#options.clientId();
    return clientId ? MemberSession.for(clientId, this.#options.storage()) : undefined;
  }

  hostConnected(): void {
    this.#connected = true;
    this.#sync();
  }

  hostUpdate(): void {
    if (this.#connected) this.#sync();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#session = undefined;
    this.#key = undefined;
  }

  #sync(): void {
    const clientId = this.#options.clientId();
    const storage = this.#options.storage();
    const key = `${storage ?? ''} ${clientId}`;
    if (key === this.#key) return;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#session = undefined;
    this.#key = key;
    if (!clientId) return;
    this.#session = MemberSession.for(clientId, storage);
    this.#unsubscribe = this.#session.subscribe((change) => {
      this.#options.onChange?.(change);
      this.#host.requestUpdate();
    });
  }
}
