/**
 * Walks a browser's sign-in journey over HTTP in Node: follows redirects by hand with a cookie jar,
 * fills the identity provider's login form (`login`, `password`), submits the pages a browser's script
 * would submit by itself (a form of hidden fields only), and returns the first address that points at the
 * client's redirect_uri (with code and state, or error and state), without fetching it.
 */

const MAX_STEPS = 20;

/** A minimal cookie jar: name=value per host, enough for the identity provider's session cookies. */
export class CookieJar {
  constructor() {
    /** @type {Map<string, Map<string, string>>} */
    this.byHost = new Map();
  }

  /** @param {URL} url @param {Response} response */
  store(url, response) {
    const lines = response.headers.getSetCookie?.() ?? [];
    let jar = this.byHost.get(url.host);
    if (!jar) this.byHost.set(url.host, (jar = new Map()));
    for (const line of lines) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  /** @param {URL} url */
  header(url) {
    const jar = this.byHost.get(url.host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
}

/**
 * A browser's GET of an address of the sign-in leg, cookie check included: the service sends a browser without
 * its sign-in cookie back to the same address (307) with one, and the browser follows with it. Returns the answer
 * after that (redirects are not followed further) and the address it came from.
 * @param {string | URL} url
 * @param {CookieJar} [jar]
 * @param {Record<string, string>} [headers]
 */
export async function browserGet(url, jar = new CookieJar(), headers = {}) {
  let target = new URL(url);
  for (let step = 0; ; step++) {
    const cookie = jar.header(target);
    const response = await fetch(target, {
      redirect: 'manual',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
    jar.store(target, response);
    if (response.status !== 307 || step > 0) return { response, url: target, jar };
    await response.body?.cancel();
    target = new URL(/** @type {string} */ (response.headers.get('location')), target);
  }
}

/** @param {string} text */
const unescape = (text) => text.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

/**
 * @param {string} html
 * @returns {{ action: string } | null}
 */
function findLoginForm(html) {
  if (!/name="login"/.test(html) || !/name="password"/.test(html)) return null;
  const match = /<form[^>]*action="([^"]*)"/i.exec(html);
  if (!match) return null;
  return { action: unescape(match[1]) };
}

/**
 * A form of hidden fields only, which the page's script submits as soon as it loads.
 * @param {string} html
 * @returns {{ action: string, fields: URLSearchParams } | null}
 */
function findAutoSubmitForm(html) {
  const form = /<form[^>]*method="post"[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form || !/\.submit\(\)/.test(html) || /type="(text|email|password)"/.test(form[2])) return null;
  const fields = new URLSearchParams();
  for (const input of form[2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)) {
    fields.set(unescape(input[1]), unescape(input[2]));
  }
  return { action: unescape(form[1]), fields };
}

/**
 * @param {string} html
 */
function textOf(html) {
  return html
    .replace(/<head[\s\S]*?<\/head>/i, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Signs in at the identity provider as a person would in the browser.
 * @param {string} authorizationUrl the full authorization address (the profile's link plus the client's parameters)
 * @param {string} login
 * @param {string} password
 * @param {{ cancel?: boolean, jar?: CookieJar, stopAt?: (url: URL) => boolean, onLoginForm?: () => void }} [options]
 *   `cancel: true` presses Cancel on the login form instead; `jar`: the browser's cookies, to sign in again in the
 *   same browser; `stopAt`: stop before fetching an address (and return it), instead of at the client's
 *   redirect; `onLoginForm`: called when the identity provider shows its login form (it does not when its session
 *   of the browser lives on)
 * @returns {Promise<string>} the address the browser is sent back to (client redirect_uri + code/error + state)
 */
export async function signInAtIdentityProvider(authorizationUrl, login, password, options = {}) {
  const start = new URL(authorizationUrl);
  const redirectUri = start.searchParams.get('redirect_uri');
  const target = redirectUri ? new URL(redirectUri) : null;
  const isClientRedirect =
    options.stopAt ??
    ((/** @type {URL} */ u) => target !== null && u.origin === target.origin && u.pathname === target.pathname);

  const jar = options.jar ?? new CookieJar();
  let url = start;
  /** @type {{ method: string, body?: URLSearchParams }} */
  let request = { method: 'GET' };
  let submitted = false;

  for (let step = 0; step < MAX_STEPS; step++) {
    if (isClientRedirect(url)) return url.href;
    const headers = /** @type {Record<string, string>} */ ({ accept: 'text/html' });
    const cookie = jar.header(url);
    if (cookie) headers.cookie = cookie;
    if (request.body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method: request.method, body: request.body, headers, redirect: 'manual' });
    jar.store(url, response);
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      if (!location) throw new Error(`Redirect without Location from ${url.href}`);
      await response.body?.cancel();
      url = new URL(location, url);
      request = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const autoSubmit = findAutoSubmitForm(html);
    if (autoSubmit) {
      url = new URL(autoSubmit.action, url);
      request = { method: 'POST', body: autoSubmit.fields };
      continue;
    }
    const form = findLoginForm(html);
    if (form) {
      options.onLoginForm?.();
      if (submitted) throw new Error(`The identity provider refused the sign-in: ${textOf(html).slice(0, 200)}`);
      const body = new URLSearchParams(options.cancel ? { cancel: '1' } : { login, password });
      url = new URL(form.action, url);
      request = { method: 'POST', body };
      submitted = true;
      continue;
    }
    throw new Error(`Sign-in stopped at ${url.href} with HTTP ${response.status}: ${textOf(html).slice(0, 300)}`);
  }
  throw new Error(`Sign-in did not come back to the client after ${MAX_STEPS} steps`);
}

/**
 * Follows a store page's sign-out address (the identity provider's end-session endpoint) as a browser would,
 * answering the identity provider's confirmation page with "Sign out" (or "Stay signed in").
 * @param {string} endSessionUrl
 * @param {CookieJar} jar the browser's cookies
 * @param {'logout' | 'stay'} [choice]
 * @returns {Promise<{ response: Response, html: string, headers: Headers }>} the last answer (a redirect back to
 *   the page, or an error page), the confirmation page's text and headers
 */
export async function endSessionAtIdentityProvider(endSessionUrl, jar, choice = 'logout') {
  const start = new URL(endSessionUrl);
  const confirm = await fetch(start, { headers: { cookie: jar.header(start), accept: 'text/html' } });
  jar.store(start, confirm);
  const html = await confirm.text();
  const headers = confirm.headers;
  if (confirm.status !== 200 || !html.includes('op.logoutForm')) return { response: confirm, html, headers };
  const action = new URL(unescape(/action="([^"]+)"/.exec(html)?.[1] ?? ''), start);
  const form = new URLSearchParams({ xsrf: /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '' });
  if (choice === 'logout') form.set('logout', 'yes');
  const response = await fetch(action, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: {
      'cookie': jar.header(action),
      'content-type': 'application/x-www-form-urlencoded',
      'accept': 'text/html',
    },
  });
  jar.store(action, response);
  await response.body?.cancel();
  return { response, html, headers };
}
