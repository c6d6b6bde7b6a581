/**
 * The handler's cookies: `__Host-` names (so `Secure`, `Path=/` and no `Domain`, which browsers enforce), always
 * `HttpOnly`; `SameSite=Strict` except for a sign-in transaction, which must come back with the identity
 * provider's redirect (`Lax`).
 */
export const SESSION_COOKIE = '__Host-storefront-session';
/** A sign-in under way; the name ends with the start of its state, so sign-ins started in two tabs both finish. */
export const SIGN_IN_COOKIE = '__Host-storefront-sign-in-';
/** The account the member chose last in this browser (sealed: her id and the account's), for her next sign-in. */
export const LAST_ACCOUNT_COOKIE = '__Host-storefront-last-account';
/** The shopper signed out here: the next sign-in asks the identity provider for the password again. */
export const SIGNED_OUT_COOKIE = '__Host-storefront-signed-out';

/** The part of a state that names its transaction cookie. */
export const signInCookie = (state: string): string => SIGN_IN_COOKIE + state.slice(0, 16);

/** Browsers keep a cookie of at most 4,096 bytes, name and attributes included. */
export const MAX_COOKIE_BYTES = 4000;

export interface CookieOptions {
  /** Seconds; 0 removes the cookie. */
  maxAge: number;
  sameSite?: 'Strict' | 'Lax';
}

export function serializeCookie(name: string, value: string, { maxAge, sameSite = 'Strict' }: CookieOptions): string {
  return `${name}=${value}; Path=/; Secure; HttpOnly; SameSite=${sameSite}; Max-Age=${Math.max(0, Math.floor(maxAge))}`;
}

export const removeCookie = (name: string, sameSite?: 'Strict' | 'Lax'): string =>
  serializeCookie(name, '', { maxAge: 0, sameSite });

/** The value of the cookie `name` the request carries. */
export function readCookie(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
}
