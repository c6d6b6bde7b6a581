// examples/express: an Express store whose own server keeps the session (storefront-elements/server): Ada signs in
// through the identity provider's login page, chooses an account, and the server renders her name, the account and
// its catalogs into the page's first HTML; no account token ever reaches the browser, the session's cookies are
// HttpOnly, Secure and SameSite=Strict, and a sign-out in one tab ends the session in the other.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { logInAtIdentityProvider, recordEvents, waitForEvent } from '../e2e/harness.mjs';
import { catalogNamed, catalogNames, cleanUp, freePort, installExample, serve, startShopping } from './harness.mjs';

after(cleanUp);

let shop;
let storeUrl;
/** Every account management token the reference service issued during the test. */
const issued = [];

before(async () => {
  const dir = installExample('express');
  shop = await startShopping();
  // the service runs in this process: its token maker is watched, so the test knows every account token it issued
  const { tokens } = shop.service;
  const accountToken = tokens.accountToken.bind(tokens);
  tokens.accountToken = async (...args) => {
    const made = await accountToken(...args);
    issued.push(made.token);
    return made;
  };
  const port = await freePort();
  // localhost: the store's cookies are Secure (__Host-), which browsers keep over plain http for localhost
  storeUrl = `http://localhost:${port}/`;
  await serve(dir, 'node', ['server.mjs'], storeUrl, {
    PORT: String(port),
    STOREFRONT_BASE_URL: shop.service.baseUrl,
    SESSION_KEYS: randomBytes(48).toString('base64url'),
  });
});

/** The picker's choice of an account, whichever keyboard pattern (radio group, listbox) it uses. */
const accountChoice = (page, name) => page.getByRole('radio', { name }).or(page.getByRole('option', { name }));

/** A JWT (a JSON header and a JSON payload, base64url): what every token of the service is. */
const JWT = /eyJ[\w-]*\.eyJ[\w-]*\.[\w-]+/;

/** The `<li>` texts of the server's list of the account's catalogs in a page's HTML. */
function serverCatalogNames(html) {
  const section = /<section id="account-catalogs"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return [...section.matchAll(/<li>([^<]*)<\/li>/g)].map(([, name]) => name);
}

/** Fails naming where, when `text` holds a JWT or any part of an issued account token that identifies it. */
function assertNoToken(text, where) {
  assert.doesNotMatch(text, JWT, `a JWT in ${where}`);
  for (const token of issued) {
    const [, payload, signature] = token.split('.');
    assert.ok(!text.includes(payload) && !text.includes(signature), `an account token in ${where}`);
  }
}

test('Ada shops at the Express store: the server renders her account and its catalogs, and holds every token', async (t) => {
  const context = await shop.browser.newContext();
  t.after(() => context.close());

  // what page script could read or was told, across every navigation: the events' details, CSP violations
  const details = [];
  const violations = [];
  const received = [];
  await context.exposeBinding('storefrontSeen', (_source, kind, text) =>
    (kind === 'csp' ? violations : details).push(text),
  );
  await context.addInitScript(() => {
    for (const type of ['signed-in', 'account-selected', 'signed-out']) {
      document.addEventListener(type, (event) => window.storefrontSeen(type, JSON.stringify(event.detail)));
    }
    document.addEventListener('securitypolicyviolation', (event) =>
      window.storefrontSeen('csp', `${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  // Every answer the browser received: its address, its headers (Set-Cookie too) and its body where Chromium still
  // holds it (a redirect has none; nor has an answer of a document the page left at once, or a static file it
  // revalidated; their headers are checked all the same).
  context.on('response', (response) =>
    received.push(
      Promise.all([response.allHeaders().catch(() => ({})), response.text().catch(() => undefined)]).then(
        ([headers, body]) => ({ url: response.url(), headers: JSON.stringify(headers), body }),
      ),
    ),
  );
  /** The HTML of the store's pages as the server sent them, read in the steps below. */
  const documents = [];
  const errors = [];
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await recordEvents(page);

  await t.test('Ada signs in through the identity provider and comes back signed in', async () => {
    const first = await (await page.goto(storeUrl)).text();
    documents.push(first);
    assert.match(first, /<span id="member">Browsing as a guest<\/span>/);
    await catalogNamed(page, 'Everyday Essentials').waitFor();
    assert.ok(!(await catalogNames(page)).includes('Harvard Lab Supplies'));

    await page.locator('account-menu').getByRole('button', { name: 'Sign in with Example ID' }).click();
    await page.waitForURL((url) => url.pathname.includes('/idp/'));
    await logInAtIdentityProvider(page, 'ada@example.com');
    await page.waitForURL(storeUrl);
    // rendered by the server with the new session, before the elements say anything
    await page.locator('#member').getByText('Signed in as Ada Lovelace').waitFor();
    await accountChoice(page, 'Analytical Engines Ltd').waitFor();
    const signedIn = await waitForEvent(page, 'signed-in');
    assert.equal(signedIn.restored, undefined, 'a sign-in this tab started is new');
    assert.deepEqual(signedIn.accounts.map((account) => account.accountName).sort(), [
      'Analytical Engines Ltd',
      'Harvard Computation Lab',
    ]);
  });

  await t.test('she chooses Harvard: the list shows its catalogs, and the page script says so', async () => {
    await accountChoice(page, 'Harvard Computation Lab').click();
    await catalogNamed(page, 'Harvard Lab Supplies').waitFor();
    await page.locator('#shopping-for').getByText('Shopping for Harvard Computation Lab').waitFor();
    assert.equal((await waitForEvent(page, 'account-selected')).accountName, 'Harvard Computation Lab');
  });

  await t.test('reloaded, the first HTML already has her name, the account and its catalogs', async () => {
    const shown = (await catalogNames(page)).sort();
    const response = await page.reload();
    const html = await response.text();
    documents.push(html);
    assert.match(html, /<span id="member">Signed in as Ada Lovelace<\/span>/);
    assert.match(html, /<span id="shopping-for" data-account-id="[\w-]+">Shopping for Harvard Computation Lab<\/span>/);
    assert.deepEqual(serverCatalogNames(html).sort(), shown);
    assert.ok(shown.includes('Harvard Lab Supplies'), shown.join(', '));
    assert.ok(!shown.includes('Analytical Engine Parts'), shown.join(', '));
    assert.equal(response.headers()['cache-control'], 'private, no-store');
    const csp = response.headers()['content-security-policy'];
    assert.match(csp, /(^|; )script-src 'self'(;|$)/);
    assert.match(csp, /(^|; )style-src 'self'(;|$)/);
    assert.doesNotMatch(html, /<script(?![^>]* src=)[^>]*>|<style|\sstyle=|\son\w+=/, 'no inline script or style');
    // the session comes back in the reloaded page (restored), and the picker keeps the choice
    assert.equal((await waitForEvent(page, 'account-selected')).restored, true);
    await catalogNamed(page, 'Harvard Lab Supplies').waitFor();
  });

  await t.test('the session cookie is HttpOnly, Secure and SameSite=Strict, and no cookie holds a token', async () => {
    const cookies = await context.cookies(storeUrl);
    const session = cookies.find((cookie) => cookie.name === '__Host-storefront-session');
    assert.ok(session, cookies.map((cookie) => cookie.name).join(', '));
    assert.deepEqual(
      { httpOnly: session.httpOnly, secure: session.secure, sameSite: session.sameSite, path: session.path },
      { httpOnly: true, secure: true, sameSite: 'Strict', path: '/' },
    );
    const ours = cookies.filter((cookie) => cookie.name.startsWith('__Host-storefront'));
    // the session, and (she chose an account) the sealed note of her choice for her next sign-in
    assert.deepEqual(
      ours.map((cookie) => cookie.name).sort(),
      ['__Host-storefront-last-account', '__Host-storefront-session'],
      'the sign-in transaction is spent',
    );
    for (const cookie of ours)
      assert.deepEqual([cookie.httpOnly, cookie.secure, cookie.sameSite], [true, true, 'Strict']);
    for (const cookie of cookies) assertNoToken(cookie.value, `the cookie ${cookie.name}`);
    assert.equal(await page.evaluate(() => document.cookie), '');
  });

  await t.test('no account token is anywhere page script could reach', async () => {
    assert.ok(issued.length >= 2, `the service issued ${issued.length} account tokens`);
    const view = await page.evaluate(() => fetch('/storefront/session').then((answer) => answer.text()));
    assert.equal(JSON.parse(view).signedIn, true);
    assertNoToken(view, 'the session route');
    const storage = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage, c: document.cookie }),
    );
    assertNoToken(storage, 'localStorage, sessionStorage or document.cookie');
    assert.ok(details.length >= 3, `${details.length} events`);
    for (const detail of details) assertNoToken(detail, `an event's detail: ${detail}`);
    for (const detail of details) assert.doesNotMatch(detail, /"token"/);
    for (const html of documents) assertNoToken(html, "a page's HTML");
    const answers = await Promise.all(received);
    // the answers that carry the session were read whole: the session, the account chosen, the proxy's
    const read = (path, text) => answers.some(({ url, body }) => url.endsWith(path) && body?.includes(text));
    assert.ok(read('/storefront/session', '"signedIn":true'), 'the session route answered and was read');
    // the account route's answer as page script reads it, choosing again the account in force
    const chosen = await page.evaluate(
      (accountId) =>
        fetch('/storefront/account', {
          method: 'POST',
          headers: { 'Storefront-Request': '1', 'Content-Type': 'application/json' },
          body: JSON.stringify({ accountId }),
        }).then((answer) => answer.text()),
      JSON.parse(view).selectedAccountId,
    );
    assert.match(chosen, /"selectedAccountId"/);
    assertNoToken(chosen, "the account route's answer");
    // the proxy's answer as page script reads it (Chromium may no longer hold the list's own by now)
    const proxied = await page.evaluate(() =>
      fetch('/storefront/api/catalogs', { headers: { 'Storefront-Request': '1' } }).then((answer) => answer.text()),
    );
    assert.ok(proxied.includes('Harvard Lab Supplies'), "the proxy answers the account's catalogs");
    assertNoToken(proxied, "the proxy's answer");
    for (const { url, headers, body = '' } of answers) assertNoToken(`${url}\n${headers}\n${body}`, url);
  });

  await t.test('a sign-out in one tab ends the session in the other', async () => {
    const other = await context.newPage();
    other.on('pageerror', (error) => errors.push(error.message));
    await recordEvents(other);
    await other.goto(storeUrl);
    // the header's menu: who is signed in, and the account chosen in the other tab's session
    await other
      .locator('account-menu')
      .getByRole('button', { name: /Ada Lovelace\s+Harvard Computation Lab/ })
      .waitFor();
    await catalogNamed(other, 'Harvard Lab Supplies').waitFor();

    const signedOut = page.waitForResponse((answer) => answer.url().endsWith('/storefront/sign-out'));
    await page.locator('account-menu [part~=trigger]').click();
    await page.locator('account-menu').getByRole('button', { name: 'Sign out' }).click();
    assert.equal((await signedOut).status(), 200);
    assert.equal((await waitForEvent(page, 'signed-out')).reason, 'user');

    assert.equal((await waitForEvent(other, 'signed-out')).reason, 'elsewhere');
    await other.locator('account-menu').getByRole('button', { name: 'Sign in with Example ID' }).waitFor();
    await other.locator('#member').getByText('Browsing as a guest').waitFor();
    await catalogNamed(other, 'Harvard Lab Supplies').waitFor({ state: 'detached' });
    const view = await other.evaluate(() => fetch('/storefront/session').then((answer) => answer.json()));
    assert.deepEqual(view, { signedIn: false });
    const reloaded = await (await other.reload()).text();
    documents.push(reloaded);
    assert.match(reloaded, /<span id="member">Browsing as a guest<\/span>/);

    const cookies = await context.cookies(storeUrl);
    assert.ok(!cookies.some((cookie) => cookie.name === '__Host-storefront-session'));
    const marker = cookies.find((cookie) => cookie.name === '__Host-storefront-signed-out');
    assert.deepEqual(
      { httpOnly: marker?.httpOnly, secure: marker?.secure, sameSite: marker?.sameSite },
      { httpOnly: true, secure: true, sameSite: 'Strict' },
    );
  });

  await t.test('no page error, nothing the Content-Security-Policy refused, and still no token', async () => {
    assert.deepEqual(errors, []);
    assert.deepEqual(violations, []);
    for (const detail of details) assertNoToken(detail, `an event's detail: ${detail}`);
    for (const html of documents) assertNoToken(html, "a page's HTML");
    for (const { url, headers, body = '' } of await Promise.all(received)) {
      assertNoToken(`${url}\n${headers}\n${body}`, url);
    }
  });
});
