/**
 * A shopper's browser on a store whose server runs the session handler, in Node: it keeps the store's cookies
 * and the identity provider's apart, sends what the store's own page script sends (`Storefront-Request: 1`, its
 * origin), and walks the sign-in through the identity provider's login form.
 */
import assert from 'node:assert/strict';
import { createSessionHandler } from '../../dist/server/index.js';
import { CookieJar, signInAtIdentityProvider } from './idp-login.js';

export const STORE_ORIGIN = 'http://localhost:3000';

export class StoreBrowser {
  /**
   * @param {{ handle(request: Request): Promise<Response> }} handler the store's server (or one of them)
   * @param {string} [origin]
   */
  constructor(handler, origin = STORE_ORIGIN) {
    this.handler = handler;
    this.origin = origin;
    this.jar = new CookieJar();
    this.idpJar = new CookieJar();
  }

  /**
   * A request to the store as its page's script makes it (`own: false`: as a page of another origin would).
   * @param {string} path
   * @param {{ method?: string, body?: unknown, headers?: Record<string, string>, own?: boolean }} [options]
   */
  async request(path, { method = 'GET', body, headers = {}, own = true } = {}) {
    const url = new URL(path, this.origin);
    const sent = /** @type {Record<string, string>} */ ({ ...headers });
    const cookie = this.jar.header(url);
    if (cookie) sent.cookie = cookie;
    if (own && (method !== 'GET' || url.pathname.includes('/api/'))) {
      Object.assign(sent, { 'storefront-request': '1', 'sec-fetch-site': 'same-origin' });
      if (method !== 'GET') sent.origin = this.origin;
    }
    if (body !== undefined) sent['content-type'] = 'application/json';
    const response = await this.handler.handle(
      new Request(url, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
    this.jar.store(url, response);
    return response;
  }

  /** The session as the store's pages read it. */
  async session() {
    return (await this.request('/storefront/session')).json();
  }

  /**
   * Signs in through the store's server: its sign-in route, the identity provider's login form, its callback.
   * @param {string} login
   * @param {{ password?: string, returnTo?: string, query?: string }} [options]
   */
  async signIn(login, { password = 'password', returnTo = '/account', query = '' } = {}) {
    const start = await this.request(`/storefront/sign-in?return_to=${encodeURIComponent(returnTo)}${query}`);
    const authorizationUrl = /** @type {string} */ (start.headers.get('location'));
    const back = await signInAtIdentityProvider(authorizationUrl, login, password, { jar: this.idpJar });
    const callback = await this.request(back);
    return { start, authorizationUrl, back, callback };
  }

  /** @param {string} accountId */
  choose(accountId) {
    return this.request('/storefront/account', { method: 'POST', body: { accountId } });
  }
}

/** Where a continue page sends the browser (its refresh). @param {Response} response */
export async function continuesTo(response) {
  const [, target = ''] = /http-equiv="refresh" content="0;url=([^"]*)"/.exec(await response.text()) ?? [];
  return target.replace(/&#38;/g, '&');
}

/**
 * A fetch that keeps every account management token the API issues and counts the calls, for tests that look
 * for tokens where page script could read them, and for calls that must not happen.
 */
export function recordingFetch() {
  /** @type {string[]} */
  const tokens = [];
  /** @type {string[]} */
  const calls = [];
  /** @type {Map<string, string>} the latest token of each account, by account id */
  const byAccount = new Map();
  /** @type {typeof fetch} */
  const record = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push(url);
    const response = await fetch(input, init);
    if (url.endsWith('/v2/account-members/tokens') && response.ok) {
      const body = await response.clone().json();
      for (const { token, account_id } of body.data) {
        tokens.push(token);
        byAccount.set(account_id, token);
      }
    }
    return response;
  };
  return { fetch: record, tokens, calls, byAccount };
}

/**
 * A store whose server runs the session handler against the reference service at `baseUrl` (its API calls
 * recorded), and a shopper's browser on it.
 * @param {string} baseUrl
 * @param {Partial<Parameters<typeof createSessionHandler>[0]>} [options]
 */
export function storeOn(baseUrl, options = {}) {
  const recorder = recordingFetch();
  const handler = createSessionHandler({
    baseUrl,
    clientId: 'storefront',
    keys: ['k'.repeat(32)],
    fetch: recorder.fetch,
    ...options,
  });
  return { handler, recorder, browser: new StoreBrowser(handler) };
}

/**
 * Asserts a 503 in the API's error envelope, with no cookie changed (the browser keeps its session for when the
 * store is back). @param {Response} response
 */
export async function assertUnavailable(response) {
  assert.equal(response.status, 503);
  const body = await response.json();
  assert.deepEqual(Object.keys(body), ['errors']);
  assert.equal(body.errors.length, 1);
  const [{ status, title, detail }] = body.errors;
  assert.equal(status, '503');
  assert.equal(title, 'Service Unavailable');
  assert.equal(typeof detail, 'string');
  assert.deepEqual(response.headers.getSetCookie(), [], 'the browser keeps its cookie for when the store is back');
}
