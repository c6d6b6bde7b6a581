/**
 * What the library keeps in the browser, in one place: every key (all start with `storefront-elements:`, so a
 * page or a test can find and clear them), and the reading and writing of JSON there. Tokens live in
 * sessionStorage only; localStorage holds one yes-or-no marker (a shopper signed out). This module imports nothing
 * and may be imported from any layer.
 */
const PREFIX = 'storefront-elements:';

/** The shared session of a store client: the signed-in member and the account tokens (`storage="session"`). */
export const sessionKey = (clientId: string): string => `${PREFIX}session:${clientId}`;

/** A sign-in transaction under its `state`: single use, for ten minutes. */
export const TRANSACTION_KEY_PREFIX = `${PREFIX}tx:`;

/** The `state`s of the sign-in callbacks the tab has taken from its address bar (never a code or a token). */
export const TAKEN_CALLBACKS_KEY = `${PREFIX}taken-callbacks`;

/**
 * The store of a service and client: names its public sign-in configuration (settings' client id and OIDC
 * profiles) in sessionStorage, the BroadcastChannel its tabs share the session on, and (in localStorage) the
 * marker that a shopper signed out there.
 */
export const storeKey = (kind: 'options' | 'channel' | 'signed-out', baseUrl: string, clientId: string): string =>
  `${PREFIX}${kind}:${baseUrl} ${clientId}`;

/** What is kept under `key`, parsed; undefined when nothing is, when it is not JSON, or when storage is blocked. */
export function readStored(key: string): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(key)!) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `value` under `key`, or removes what is there when `value` is undefined. */
export function writeStored(key: string, value: unknown): void {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // full or disabled storage (private modes): the page works without what would have been kept
  }
}

/**
 * The one thing kept in localStorage, where every tab and window of the browser sees it: that a shopper signed out
 * of the store under `key` (`storeKey('signed-out', …)`) since the last sign-in there. Yes or no, never a token.
 * Without `signedOut`, only reads it.
 */
export function signedOutMarker(key: string, signedOut?: boolean): boolean {
  try {
    // eslint-disable-next-line no-restricted-properties -- a marker: '1', never a token
    if (signedOut) localStorage.setItem(key, '1');
    else if (signedOut === false) localStorage.removeItem(key);
    return !!localStorage.getItem(key);
  } catch {
    // blocked storage: the identity provider decides whether to ask for the password
    return false;
  }
}
