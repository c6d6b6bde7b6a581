/**
 * The callback the identity provider's redirect brings back to the page, read from the address bar (and removed
 * from it at once). Every page with a sign-in element reads it; finishing the sign-in is sign-in.ts.
 */
import { parseUrl } from '../api/connection.js';
import { TAKEN_CALLBACKS_KEY, readStored, writeStored } from '../internal/storage.js';

/** The query parameters a callback brings back; all are removed from the address bar once read. */
export const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss', 'session_state'];

/**
 * What the identity provider's redirect carried: its query as it came (read by oauth4webapi's `validateAuthResponse`
 * once the sign-in it answers is found), and the `state` that finds it.
 */
export interface SignInCallback {
  state: string;
  query: string;
}

/** The callback in an address: one with a `state` and a `code` or an `error`; undefined for any other address. */
export function readCallback(address: string | URL): SignInCallback | undefined {
  const url = parseUrl(address);
  const state = url?.searchParams.get('state');
  if (state && (url!.searchParams.has('code') || url!.searchParams.has('error'))) return { state, query: url!.search };
}

/** The address without the callback's parameters; other parameters and the hash stay. */
export function withoutCallbackParams(address: string | URL): string {
  const url = new URL(address);
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
  return url.href;
}

/** The page address without query and hash: the default redirect URI. */
export function defaultRedirectUri(address: string = location.href): string {
  return address.replace(/[?#].*/, '');
}

/**
 * The callback addresses taken on this page load. A router that puts an address back (or a second element asking)
 * gets nothing from one already taken; a reload is a new page load and starts empty.
 */
export const takenCallbacks = new Set<string>();

/** How many taken callbacks the tab remembers: more than a shopper starts sign-ins in one tab in ten minutes. */
const REMEMBERED = 20;

/**
 * Whether the callback with `state` was taken in this tab before (this page load or an earlier one); with `take`,
 * remembers it. A router that writes back the address it rendered (Next.js does, as it hydrates) leaves the
 * callback in the address bar, where a reload would bring it again: one taken before is quietly left alone.
 */
function takenInTab(state: string, take = false): boolean {
  const stored = readStored(TAKEN_CALLBACKS_KEY);
  const states = Array.isArray(stored) ? (stored as unknown[]) : [];
  if (states.includes(state)) return true;
  if (take) writeStored(TAKEN_CALLBACKS_KEY, [...states, state].slice(-REMEMBERED));
  return false;
}

/** Removes a callback's parameters from the address bar, if they are there (again). */
export function clearCallbackFromLocation(): void {
  const href = location.href;
  if (readCallback(href)) history.replaceState(history.state, '', withoutCallbackParams(href));
}

/**
 * Takes the callback out of the address bar, once: the parameters are removed at once (so a reload never replays
 * them), and a second element asking on the same page, or the same callback back in the address bar, gets nothing.
 */
export function takeCallbackFromLocation(): SignInCallback | undefined {
  const href = location.href;
  const callback = readCallback(href);
  clearCallbackFromLocation();
  if (callback && !takenCallbacks.has(href) && !takenInTab(callback.state, true)) {
    takenCallbacks.add(href);
    return callback;
  }
}
