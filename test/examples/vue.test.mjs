// examples/vue: a Vue 3 store built with Vite (client-rendered), the elements as tags in its templates; its
// build runs vue-tsc against the generated `storefront-elements/vue` typings.
import { after, before, test } from 'node:test';
import { adaShopsWithoutError, cleanUp, freePort, installExample, runIn, serve, startShopping } from './harness.mjs';

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

test("Ada signs in, chooses an account, the list changes and the store's own handler runs", () =>
  adaShopsWithoutError(shop.browser, storeUrl));
