/**
 * Every key the library writes to sessionStorage, in one place. All start with `storefront-elements:`, so a page
 * (or a test) can find and clear them. Nothing is ever written to localStorage. This module imports nothing and
 * may be imported from any layer.
 */
const PREFIX = 'storefront-elements:';

/** The shared session of a store client: the signed-in member and the account tokens (`storage="session"`). */
export const sessionKey = (clientId: string): string => `${PREFIX}session:${clientId}`;

/** A sign-in transaction under its `state`: single use, for ten minutes. */
export const TRANSACTION_KEY_PREFIX = `${PREFIX}tx:`;

/** The public sign-in configuration of a service and client (settings' client id and OIDC profiles). */
export const signInOptionsKey = (baseUrl: string, clientId: string): string =>
  `${PREFIX}options:${baseUrl} ${clientId}`;
