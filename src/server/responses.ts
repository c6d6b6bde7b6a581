/** The handler's answers: JSON that no cache keeps, errors in the API's own envelope, and the redirect page. */

const NO_STORE = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

export function json(status: number, body: unknown, cookies: string[] = []): Response {
  const headers = new Headers({ ...NO_STORE, 'content-type': 'application/json' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(JSON.stringify(body), { status, headers });
}

/** An error as the API answers one: `{errors: [{status, title, detail}]}`, status as text. */
export function errorEnvelope(status: number, title: string, detail?: string, cookies?: string[]): Response {
  return json(status, { errors: [{ status: String(status), title, ...(detail ? { detail } : {}) }] }, cookies);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page that sends the browser on to `location` (a path of the store). A redirect would do, but the page coming
 * back from the identity provider is a cross-site navigation, and the browser keeps `SameSite=Strict` cookies
 * from every step of its redirects: the store's page would render signed out. The page's own refresh is a
 * navigation of the store's origin, so the page it loads is rendered with the session. No script, for strict CSP.
 */
export function continuePage(location: string, cookies: string[]): Response {
  const href = escapeHtml(location);
  const headers = new Headers({
    ...NO_STORE,
    'content-type': 'text/html; charset=utf-8',
    // the address this page was loaded from may hold a sign-in code: no referrer carries it on
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'",
  });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  const body =
    `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}">` +
    `<title>Signing in…</title></head><body><a href="${href}">Continue</a></body></html>`;
  return new Response(body, { status: 200, headers });
}

export function redirect(location: string, cookies: string[]): Response {
  const headers = new Headers({ ...NO_STORE, location, 'referrer-policy': 'no-referrer' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 302, headers });
}
