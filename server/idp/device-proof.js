/**
 * Proofs of a previous sign-in, as OWASP's "device cookies" describe: after a right password the browser gets a
 * cookie entry saying "this browser signed in as this login", under an HMAC of a key derived from the store's
 * persisted signing secret (so proofs outlive a restart, and end when the data is reset). A login attempt that
 * shows a proof for the login it tries is trusted by the rate limits: only its own failures count against it, so
 * guessing at a member's login from other browsers never slows the member's own browser.
 *
 * The login itself is not in the cookie (the HMAC binds an entry to it), and a browser keeps proofs for a few
 * logins at most: a shared computer's members each keep theirs.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie holding a browser's proofs at the identity provider (only sent to it). */
export const DEVICE_PROOF_COOKIE = 'storefront_idp_device';
/** Logins a browser keeps a proof for; a new one pushes out the oldest. */
const MAX_PROOFS = 5;
const PROOF_SECONDS = 30 * 24 * 3600;
const MAC_CHARACTERS = 22;

export class DeviceProofs {
  #secret;
  /** @type {{ secret: string, key: Buffer } | undefined} */
  #derived;

  /** @param {() => string | undefined} secret the store's signing secret */
  constructor(secret) {
    this.#secret = secret;
  }

  /**
   * The id of a proof in `cookie` that this browser signed in as `login`, while it lasts.
   * @param {string | undefined} cookie
   * @param {string} login
   */
  proofOf(cookie, login) {
    return entries(cookie).find((entry) => this.#proves(entry, login))?.id;
  }

  /**
   * The cookie to set once this browser signed in as `login`: a fresh proof for it, then the browser's other
   * proofs that still last, at most {@link MAX_PROOFS} in all.
   * @param {string | undefined} cookie the browser's proofs so far
   * @param {string} login
   * @param {{ path: string, secure: boolean }} where
   */
  cookieAfterSignIn(cookie, login, { path, secure }) {
    const id = randomBytes(12).toString('base64url');
    const issued = String(Math.floor(Date.now() / 1000));
    const fresh = `${id}.${issued}.${this.#mac(login, id, issued)}`;
    const others = entries(cookie)
      .filter((entry) => !this.#proves(entry, login))
      .map(({ id, issued, mac }) => `${id}.${issued}.${mac}`);
    const value = [fresh, ...others].slice(0, MAX_PROOFS).join('~');
    // Strict: only the identity provider's own pages (the login form) send it
    const attributes = [`Path=${path}`, `Max-Age=${PROOF_SECONDS}`, 'HttpOnly', 'SameSite=Strict'];
    if (secure) attributes.push('Secure');
    return [`${DEVICE_PROOF_COOKIE}=${value}`, ...attributes].join('; ');
  }

  /**
   * @param {{ id: string, issued: string, mac: string }} entry
   * @param {string} login
   */
  #proves({ id, issued, mac }, login) {
    return timingSafeEqual(Buffer.from(mac), Buffer.from(this.#mac(login, id, issued)));
  }

  /**
   * @param {string} login
   * @param {string} id
   * @param {string} issued
   */
  #mac(login, id, issued) {
    return createHmac('sha256', this.#key())
      .update(`${login}\n${id}\n${issued}`)
      .digest('base64url')
      .slice(0, MAC_CHARACTERS);
  }

  #key() {
    const secret = this.#secret() ?? '';
    if (this.#derived?.secret !== secret) {
      const key = Buffer.from(hkdfSync('sha256', secret, '', 'storefront-elements sign-in proof', 32));
      this.#derived = { secret, key };
    }
    return this.#derived.key;
  }
}

/**
 * The well-formed entries of a proofs cookie that still last.
 * @param {string | undefined} cookie
 */
function entries(cookie) {
  const now = Date.now() / 1000;
  return String(cookie ?? '')
    .split('~')
    .slice(0, MAX_PROOFS)
    .map((entry) => {
      const [id = '', issued = '', mac = '', extra] = entry.split('.');
      return { id, issued, mac, extra };
    })
    .filter(
      ({ id, issued, mac, extra }) =>
        id &&
        /^\d{1,12}$/.test(issued) &&
        Number(issued) + PROOF_SECONDS > now &&
        mac.length === MAC_CHARACTERS &&
        extra === undefined,
    );
}
