// examples/next: a Next.js App Router store (TypeScript, server-rendered) with the React components of
// `storefront-elements/react`, built and served by Next as in production.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adaShopsWithoutError, cleanUp, freePort, installExample, runIn, serve, startShopping } from './harness.mjs';
import { elementHeights, measureLayoutShift } from './layout-shift.mjs';
import { logInAtIdentityProvider } from '../e2e/harness.mjs';

after(cleanUp);

let shop;
let storeUrl;

before(async () => {
  const dir = installExample('next');
  shop = await startShopping();
  runIn(dir, 'npx', ['next', 'build']);
  const port = await freePort();
  storeUrl = `http://127.0.0.1:${port}/`;
  await serve(dir, 'npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], storeUrl, {
    STOREFRONT_BASE_URL: shop.service.baseUrl,
  });
});

test('the page is rendered on the server: the tags and their attributes are in the HTML', async () => {
  const html = await (await fetch(storeUrl)).text();
  assert.match(html, /<account-sign-in[^>]* base-url="http:\/\/[^"]+"[^>]* client-id="storefront"/);
  assert.match(html, /<catalog-list[^>]* client-id="storefront"/);
  assert.match(html, /Browsing as a guest/);
});

test("Ada signs in, chooses an account, the list changes and the store's own handler runs", () =>
  adaShopsWithoutError(shop.browser, storeUrl));

test('no layout shift worth the name on a 390 px phone: first load signed out, and signed in', async () => {
  const signedOut = await measureLayoutShift(shop.browser, storeUrl);
  const signedIn = await measureLayoutShift(shop.browser, storeUrl, { signedIn: true });
  console.log(`CLS on a 390 px phone: signed out ${signedOut.toFixed(4)}, signed in ${signedIn.toFixed(4)}`);
  assert.ok(signedOut < 0.05, `CLS signed out ${signedOut}`);
  assert.ok(signedIn < 0.05, `CLS signed in ${signedIn}`);
});

test('before any script runs the elements take the room they take once started (host.css)', async () => {
  const before = await elementHeights(shop.browser, storeUrl, { script: false });
  const started = await elementHeights(shop.browser, storeUrl);
  console.log(`heights of sign-in, picker, list before their script: ${before}; started: ${started}`);
  assert.ok(
    before.every((height) => height > 0),
    `${before}`,
  );
  assert.deepEqual(before, started);
});

/** Every JSON Web Token in a text: account management tokens are JWTs. */
const jwts = (text) => text.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? [];

test("server sessions: the store's server signs Ada in; after a reload the first HTML holds her account and its catalogs, and page script never sees a token", async () => {
  // Chromium keeps Secure (__Host-) cookies on plain http for localhost only
  const accountUrl = storeUrl.replace('127.0.0.1', 'localhost') + 'account';
  const context = await shop.browser.newContext();
  const page = await context.newPage();
  try {
    // what page script could read: every event's detail, and every answer the page received
    await page.addInitScript(() => {
      window.__seen = [];
      for (const type of ['signed-in', 'signed-out', 'account-selected', 'storefront-error']) {
        document.addEventListener(type, (event) => window.__seen.push(JSON.stringify({ type, ...event.detail })));
      }
    });
    const answers = [];
    page.on('response', async (response) => {
      // Set-Cookie is never readable by page script (and its values are sealed)
      const { 'set-cookie': _sealed, ...headers } = await response.allHeaders();
      const body = /^(document|fetch|xhr)$/.test(response.request().resourceType())
        ? await response.text().catch(() => '')
        : '';
      answers.push(JSON.stringify(headers) + body);
    });

    await page.goto(accountUrl);
    await page.getByText('Browsing as a guest').waitFor();
    await page.locator('account-sign-in').getByRole('button', { name: 'Sign in with Example ID' }).click();
    await page.waitForURL((url) => url.pathname.includes('/idp/'));
    await logInAtIdentityProvider(page, 'ada@example.com');
    await page.waitForURL(accountUrl);
    const harvard = page
      .getByRole('radio', { name: 'Harvard Computation Lab' })
      .or(page.getByRole('option', { name: 'Harvard Computation Lab' }));
    await harvard.click();
    // the server component renders again for the chosen account
    await page.locator('#server-catalogs li').first().waitFor();
    await page.getByText('Ada Lovelace · Harvard Computation Lab').waitFor();
    const listed = await page.locator('#server-catalogs li').allTextContents();

    const reload = await page.reload();
    const firstHtml = await reload.text();
    assert.match(firstHtml, /Ada Lovelace · Harvard Computation Lab/);
    for (const name of listed) assert.ok(firstHtml.includes(`<li>${name}</li>`), `${name} in the first HTML`);
    await page.locator('account-picker').getByText('Harvard Computation Lab').waitFor();

    const session = await page.evaluate(async () => (await fetch('/storefront/session')).text());
    const readable = await page.evaluate(() => ({
      cookie: document.cookie,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      events: window.__seen.join('\n'),
    }));
    assert.ok(readable.events.includes('"type":"signed-in"'), 'the events were heard');
    assert.equal(readable.cookie, '', 'no cookie page script can read');
    for (const [where, text] of Object.entries({ ...readable, sessionRoute: session, answers: answers.join('\n') })) {
      assert.deepEqual(jwts(text), [], `no token in ${where}`);
    }
    const cookies = await context.cookies();
    const kept = cookies.find((cookie) => cookie.name === '__Host-storefront-session');
    assert.ok(kept, 'the session cookie is kept');
    assert.deepEqual([kept.httpOnly, kept.secure, kept.sameSite, kept.path], [true, true, 'Strict', '/']);
    // sealed: a compact JWE with a direct key (its second part empty), not a token
    assert.match(kept.value, /^eyJ[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
  } finally {
    await context.close();
  }
});
