// examples/vue: a Vue 3 store built with Vite (client-rendered), the elements as tags in its templates; its
// build runs vue-tsc against the generated `storefront-elements/vue` typings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adaShops, cleanUp, freePort, installExample, runIn, serve, startShopping } from './harness.mjs';

after(cleanUp);

let shop;
let storeUrl;

before(async () => {
  const dir = installExample('vue');
  shop = await startShopping();
  runIn(dir, 'npm', ['run', 'build'], { VITE_STOREFRONT_BASE_URL: shop.service.baseUrl });
  const port = await freePort();
  storeUrl = `http://127.0.0.1:${port}/`;
  await serve(dir, 'npx', ['vite', 'preview', '--host', '127.0.0.1', '--strictPort', '--port', String(port)], storeUrl);
});

test("Ada signs in, chooses an account, the list changes and the store's own handler runs", async () => {
  const context = await shop.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const { signedOut, signedIn } = await adaShops(page, {
    storeUrl,
    shopperText: '#shopper',
    expectedText: 'Shopping for Harvard Computation Lab',
  });
  assert.ok(!signedOut.includes('Harvard Lab Supplies'), signedOut.join(', '));
  assert.ok(signedIn.includes('Harvard Lab Supplies'), signedIn.join(', '));
  assert.deepEqual(errors, []);
  await context.close();
});
