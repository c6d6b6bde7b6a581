// examples/next: a Next.js App Router store (TypeScript, server-rendered) with the React components of
// `storefront-elements/react`, built and served by Next as in production.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adaShopsWithoutError, cleanUp, freePort, installExample, runIn, serve, startShopping } from './harness.mjs';
import { elementHeights, measureLayoutShift } from './layout-shift.mjs';

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
