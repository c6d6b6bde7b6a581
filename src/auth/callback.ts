/**
 * The callback the identity provider's redirect brings back to the page, read from the address bar (and removed
 * from it at once). Every page with a sign-in element reads it; finishing the sign-in is sign-in.ts.
 */
import { parseUrl } from '../api/connection.js';

/** The query parameters a callback brings back; all are removed from the address bar once read. */
export const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss', 'session_state'];

/** What the identity provider's redirect carried. */
export type SignInCallback =
  { kind: 'code'; code: string; state: string } | { kind: 'error'; error: string; description?: string; state: string };

/** The callback in an address: `code`+`state`, or `error`+`state`; undefined for any other address. */
export function readCallback(address: string | URL): SignInCallback | undefined {
  const params = parseUrl(address)?.searchParams;
  const state = params?.get('state');
  const error = params?.get('error');
  const code = params?.get('code');
  if (!state) return;
  if (error) return { kind: 'error', error, description: params!.get('error_description') ?? undefined, state };
  if (code) return { kind: 'code', code, state };
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

/**
 * Takes the callback out of the address bar, once per page load: the parameters are removed at once (so a
 * reload never replays them) and a second element asking on the same page gets nothing.
 */
export function takeCallbackFromLocation(): SignInCallback | undefined {
  const href = location.href;
  const callback = readCallback(href);
  if (callback) history.replaceState(history.state, '', withoutCallbackParams(href));
  if (callback && !takenCallbacks.has(href)) {
    takenCallbacks.add(href);
    return callback;
  }
}
