// examples/next: a Next.js App Router store (TypeScript, server-rendered) with the React components of
// `storefront-elements/react`, built and served by Next as in production.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adaShopsWithoutError, cleanUp, freePort, installExample, runIn, serve, startShopping } from './harness.mjs';
import { measureLayoutShift } from './layout-shift.mjs';

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

test('the measure sees the shift the host styles prevent: without them the same load moves', async () => {
  const unreserved = await measureLayoutShift(shop.browser, storeUrl, { hostStyles: false });
  console.log(`CLS on a 390 px phone without host.css: signed out ${unreserved.toFixed(4)}`);
  assert.ok(unreserved > 0.05, `CLS without host.css ${unreserved}`);
});
