/**
 * The browser a sign-in belongs to, named by a cookie whose value only this service makes: a random id and its
 * HMAC under a key of this process. A value it did not make (planted by another site's page, guessed, or from
 * before a restart) is never taken: the browser gets a fresh one.
 *
 * Where a request would make the service keep something for a browser (a pending sign-in, a login form), a
 * request without a valid cookie keeps nothing: it gets one and is sent to the same address again, which a
 * browser follows with the cookie. A client that keeps no cookies (a script flooding the address) never gets
 * past that redirect, so it costs no entry, and one that keeps its cookie is one browser, bounded as one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/errors.js';
import { readCookie } from '../http/util.js';

/** The query parameter that marks the address a browser was sent back to with its new cookie. */
const COOKIE_CHECK = 'cookie_check';
const ID_BYTES = 16;
const MAC_CHARACTERS = 22;

export class BrowserIds {
  #key = randomBytes(32);

  /** A new browser id: `<id>.<mac>`, base64url. */
  make() {
    const id = randomBytes(ID_BYTES).toString('base64url');
    return `${id}.${this.#mac(id)}`;
  }

  /**
   * Whether this service made `value`.
   * @param {string | undefined} value
   */
  made(value) {
    const [id, mac, extra] = String(value ?? '').split('.');
    if (!id || !mac || extra !== undefined || mac.length !== MAC_CHARACTERS) return false;
    return timingSafeEqual(Buffer.from(mac), Buffer.from(this.#mac(id)));
  }

  /**
   * The browser of a request, with its cookie refreshed in the answer; or, for a request without a cookie this
   * service made, null after answering it with a new cookie and a redirect (307: a POST comes back as a POST) to
   * the same address. A browser that comes back still without one does not keep cookies here, and is told so.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {{ name: string, path: string, maxAgeSeconds: number, secure: boolean, target: URL }} cookie
   *   `target`: the request's address (to send the browser back to)
   * @returns {string | null}
   */
  ofRequest(req, res, { name, path, maxAgeSeconds, secure, target }) {
    const known = readCookie(req, name);
    const browser = this.made(known) ? /** @type {string} */ (known) : null;
    if (!browser && target.searchParams.has(COOKIE_CHECK)) {
      throw new HttpError(
        400,
        `This browser did not keep the sign-in cookie of ${target.host}; allow cookies for it and sign in again.`,
      );
    }
    // Lax: sent on top-level redirects between the store, the service and the identity provider, never on a
    // cross-site POST
    const attributes = [`Path=${path}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
    if (secure) attributes.push('Secure');
    res.setHeader('Set-Cookie', [`${name}=${browser ?? this.make()}`, ...attributes].join('; '));
    if (browser) return browser;
    const again = new URL(target);
    again.searchParams.set(COOKIE_CHECK, '1');
    res.statusCode = 307;
    res.setHeader('Location', `${again.pathname}${again.search}`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Length', '0');
    res.end();
    return null;
  }

  /** @param {string} id */
  #mac(id) {
    return createHmac('sha256', this.#key).update(id).digest('base64url').slice(0, MAC_CHARACTERS);
  }
}
