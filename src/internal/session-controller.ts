import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { serverSessionOf } from './server-session-chunk.js';
import type { ServerSession } from '../auth/server-session.js';
import { MemberSession, type SessionChange, type SessionStorageMode } from '../auth/session.js';

type Host = ReactiveControllerHost &
  HTMLElement & { clientId?: string; storage?: SessionStorageMode; baseUrl?: string; sessionEndpoint?: string };

/** The shared session an element follows: kept in the browser, or by the store's server (`session-endpoint`). */
export type SharedSession = MemberSession | ServerSession;

/**
 * Keeps a host subscribed, while it is connected, to the shared session of its `client-id` (following changes of
 * the client id), re-rendering it on every change. `storage` other than `session`/`memory` leaves the session's.
 * A host with a `base-url` lets the session share itself with the store's other tabs.
 */
export class SessionController implements ReactiveController {
  /** The session of the host's `session-endpoint`, else of its client id (undefined without either). */
  session?: SharedSession;
  #off?: () => void;

  constructor(host: Host, onChange: (change: SessionChange) => void = () => {}) {
    const sync = () => {
      const { clientId, storage, baseUrl, sessionEndpoint } = host;
      const session = !host.isConnected
        ? undefined
        : sessionEndpoint
          ? serverSessionOf(sessionEndpoint, () => host.requestUpdate())
          : clientId
            ? MemberSession.for(clientId, storage === 'memory' || storage === 'session' ? storage : undefined, baseUrl)
            : undefined;
      if (session !== this.session) {
        this.#off?.();
        this.#off = session?.subscribe((change) => {
          onChange(change);
          host.requestUpdate();
        });
      }
      this.session = session;
    };
    this.hostUpdate = this.hostDisconnected = sync;
    // what changed in the session while the host was away shows when it comes back
    this.hostConnected = () => {
      sync();
      host.requestUpdate();
    };
    host.addController(this);
  }

  hostConnected: () => void;
  hostUpdate: () => void;
  hostDisconnected: () => void;
}
