/**
 * What the library keeps in the browser, in one place: every key (all start with `storefront-elements:`, so a
 * page or a test can find and clear them), and the reading and writing of JSON there. Tokens live in
 * sessionStorage only; localStorage holds a yes-or-no marker (a shopper signed out) and the id of the account a
 * member last chose. This module imports nothing
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
 * marker that a shopper signed out there. With `session-endpoint` the store's server names them (its address for
 * the service, no client), and `server-sign-in` is the yes-or-no that this tab left to sign in through it.
 */
export const storeKey = (
  kind: 'options' | 'channel' | 'signed-out' | 'server-sign-in' | 'renewal',
  baseUrl: string,
  clientId: string,
): string => `${PREFIX}${kind}:${baseUrl} ${clientId}`;

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

/** The sign-outs this page could keep nowhere else (see {@link signedOutMarker}); a new page load starts empty. */
export const signedOutHere = new Set<string>();

/** How long the cookie that stands in for a marker lasts (the most browsers keep one: 400 days). */
const MARKER_COOKIE_SECONDS = 400 * 24 * 3600;

/** The cookie that stands in for the marker under `key` when localStorage cannot take it. */
const markerCookie = (key: string): string => encodeURIComponent(key);

/** Whether the stand-in cookie of `key` says the shopper signed out. */
function cookieSaysSignedOut(key: string): boolean {
  try {
    return document.cookie.split('; ').includes(`${markerCookie(key)}=1`);
  } catch {
    return false;
  }
}

/** Sets (or removes) the stand-in cookie of `key`; whether the browser now holds what was asked. */
function writeMarkerCookie(key: string, signedOut: boolean): boolean {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    const age = signedOut ? MARKER_COOKIE_SECONDS : 0;
    document.cookie = `${markerCookie(key)}=${signedOut ? '1' : ''}; Path=/; SameSite=Strict; Max-Age=${age}${secure}`;
  } catch {
    // cookies blocked: nothing kept here either
  }
  return cookieSaysSignedOut(key) === signedOut;
}

/**
 * The one thing kept in localStorage, where every tab and window of the browser sees it: whether a shopper signed
 * out of the store under `key` (`storeKey('signed-out', …)`) since the last sign-in there. `'1'` yes, `'0'` no
 * (a sign-in keeps the room a sign-out needs: writing `'1'` over `'0'` takes no more space, so a full storage cannot
 * refuse it). Never a token. Without `signedOut`, only reads it; true means the next sign-in asks for the password.
 *
 * Fail-safe on a full or blocked storage: a sign-out localStorage cannot take is kept in a cookie instead (the
 * store's origin, Strict, a yes and nothing else), and failing that in this page (`signedOutHere`) with a warning on
 * the console; a marker that cannot be read at all counts as signed out. So a full storage never signs the last
 * shopper back in without the password.
 */
export function signedOutMarker(key: string, signedOut?: boolean): boolean {
  if (signedOut !== undefined) writeMarker(key, signedOut);
  if (signedOutHere.has(key) || cookieSaysSignedOut(key)) return true;
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    // blocked storage: whether a shopper signed out here cannot be known
    return true;
  }
}

function writeMarker(key: string, signedOut: boolean): void {
  if (!signedOut) {
    signedOutHere.delete(key);
    writeMarkerCookie(key, false);
  }
  try {
    // eslint-disable-next-line no-restricted-properties -- a marker: '1' or '0', never a token
    localStorage.setItem(key, signedOut ? '1' : '0');
    return;
  } catch {
    // full or blocked: below
  }
  if (!signedOut) {
    try {
      // no room kept for the next sign-out (that one then takes the cookie), and no old '1' either
      localStorage.removeItem(key);
    } catch {
      // blocked: the marker reads as unknown, so the next sign-in asks for the password anyway
    }
  } else if (!writeMarkerCookie(key, true)) {
    signedOutHere.add(key);
    console.warn('storefront-elements: no room to keep the sign-out; only this page knows to ask for the password.');
  }
}

/** Where the account a member last chose is kept: per store client and member, in localStorage. */
const lastAccountKey = (clientId: string, accountMemberId: string): string =>
  `${PREFIX}last-account:${clientId} ${accountMemberId}`;

/**
 * The account the member last chose with this store client, kept across sign-outs in localStorage so that the
 * next sign-in chooses it again: its id only, never a token or a name. With `accountId`, keeps that one.
 */
export function lastAccount(clientId: string, accountMemberId: string, accountId?: string): string | undefined {
  const key = lastAccountKey(clientId, accountMemberId);
  try {
    // eslint-disable-next-line no-restricted-properties -- an account id, never a token
    if (accountId) localStorage.setItem(key, accountId);
    return localStorage.getItem(key) ?? undefined;
  } catch {
    // full or blocked: the next sign-in asks which account
    return undefined;
  }
}
