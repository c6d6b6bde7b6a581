import type { ServerSession } from '../auth/server-session.js';
import type { MemberSession } from '../auth/session.js';
import { loadChunk } from './chunks.js';

/** The session kept by the store's server: a chunk, so pages without `session-endpoint` never load it. */
const importServerSession = () => import('../auth/server-session.js');
let loaded: Awaited<ReturnType<typeof importServerSession>> | undefined;

/**
 * The store server's session of `endpoint` once its chunk is there; until then undefined, and `onLoaded` runs when
 * it has come (a chunk that cannot be loaded is said in the console, and the elements stay signed out).
 */
export function serverSessionOf(endpoint: string, onLoaded: () => void): ServerSession | undefined {
  if (loaded) return loaded.ServerSession.for(endpoint);
  loadChunk(importServerSession).then(
    (module) => {
      loaded = module;
      onLoaded();
    },
    () => {},
  );
}

/** Whether a session is the store server's (`session-endpoint`) rather than the page's own. */
export const isServerSession = (session: MemberSession | ServerSession | undefined): session is ServerSession =>
  !!session && 'endpoint' in session;
