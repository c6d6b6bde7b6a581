/**
 * What the library keeps in sessionStorage, in one place: every key (all start with `storefront-elements:`, so a
 * page or a test can find and clear them), and the reading and writing of JSON there. Nothing is ever written to
 * localStorage. This module imports nothing and may be imported from any layer.
 */
const PREFIX = 'storefront-elements:';

/** The shared session of a store client: the signed-in member and the account tokens (`storage="session"`). */
export const sessionKey = (clientId: string): string => `${PREFIX}session:${clientId}`;

/** A sign-in transaction under its `state`: single use, for ten minutes. */
export const TRANSACTION_KEY_PREFIX = `${PREFIX}tx:`;

/** The public sign-in configuration of a service and client (settings' client id and OIDC profiles). */
export const signInOptionsKey = (baseUrl: string, clientId: string): string =>
  `${PREFIX}options:${baseUrl} ${clientId}`;

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
