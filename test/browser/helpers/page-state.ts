/**
 * What a page load of the library keeps in memory, put back as a new page load would find it. The library keeps
 * this state in modules of its own (not exported by the package), so tests reach it here.
 */
import { serverSessions } from '../../../src/auth/server-session.js';
import { sessions } from '../../../src/auth/session.js';
import { takenCallbacks } from '../../../src/auth/callback.js';
import { navigation } from '../../../src/internal/navigation.js';
import { signedOutHere } from '../../../src/internal/storage.js';

/**
 * Forgets every session object of the page, as a new page load would: they stop talking to other tabs (a page
 * that is gone hears nothing). Without `keepStorage` what the tab kept in sessionStorage goes too; with it, it
 * stays, as on a reload.
 */
export function resetSessions({ keepStorage = false }: { keepStorage?: boolean } = {}): void {
  const kept = Object.entries(sessionStorage).filter(([key]) => key.startsWith('storefront-elements:session:'));
  // memory mode closes a session's channel (and removes what it kept)
  for (const session of sessions.values()) session.useStorage('memory');
  sessions.clear();
  if (keepStorage) for (const [key, value] of kept) sessionStorage.setItem(key, value);
}

/**
 * Forgets the sign-outs the page kept where localStorage could not take them (in memory, and in the cookies that
 * stand in for the marker), as a new page load of a browser whose cookies were cleared would.
 */
export function forgetSignedOutMarkers(): void {
  signedOutHere.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.slice(0, cookie.indexOf('='));
    if (decodeURIComponent(name).startsWith('storefront-elements:')) {
      document.cookie = `${name}=; Path=/; Max-Age=0`;
    }
  }
}

/** Lets the page take a callback address again, as after a reload (a new page load took none). */
export function forgetTakenCallbacks(): void {
  takenCallbacks.clear();
}

const leave = navigation.assign;

/** Records the addresses the elements would leave for instead of leaving; `restoreNavigation()` ends it. */
export function recordNavigation(): string[] {
  const visited: string[] = [];
  navigation.assign = (url: string) => void visited.push(url);
  return visited;
}

export function restoreNavigation(): void {
  navigation.assign = leave;
}

/** Forgets the store server's sessions of the page (`session-endpoint`), as a new page load would. */
export function resetServerSessions(): void {
  serverSessions.clear();
}
