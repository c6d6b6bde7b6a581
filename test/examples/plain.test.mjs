// examples/plain: a plain HTML store of two pages that load the self-contained storefront-elements.js from the
// package's dist/, as from a CDN: a catalog page (which preloads the catalog list's chunk) and a product page
// without a list, which never loads the list's code.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adaShopsWithoutError, cleanUp, freePort, installExample, serve, startShopping } from './harness.mjs';

after(cleanUp);

let shop;
let storeUrl;

before(async () => {
  const dir = installExample('plain');
  shop = await startShopping();
  const port = await freePort();
  storeUrl = `http://127.0.0.1:${port}/`;
  await serve(dir, 'node', ['serve.mjs'], storeUrl, {
    PORT: String(port),
    STOREFRONT_BASE_URL: shop.service.baseUrl,
  });
});

/** The chunks of the elements the page has fetched, their hashes left out. */
const chunksFetched = (page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => /\/chunks\/(.+)-[\w-]{8}\.js$/.exec(new URL(entry.name).pathname)?.[1])
      .filter(Boolean)
      .sort(),
  );

test("Ada signs in, chooses an account, the list changes and the store's own handler runs; the product page has no list code", () =>
  adaShopsWithoutError(shop.browser, storeUrl, async (page) => {
    // the preloaded chunk and the import that used it: one fetch
    assert.deepEqual(await chunksFetched(page), ['catalog-list', 'sign-in-flow', 'storefront-elements']);

    await page.getByRole('link', { name: 'Product of the week' }).click();
    await page.waitForURL(`${storeUrl}product.html`);
    // the session comes back on the next page of the store, and the page's handler hears it
    await page.getByText('Shopping for Harvard Computation Lab').waitFor();
    await page.locator('account-sign-in').getByText('Signed in for Harvard Computation Lab').waitFor();
    assert.deepEqual(await chunksFetched(page), ['storefront-elements']);
    assert.equal(await page.evaluate(() => Boolean(customElements.get('catalog-list'))), false);
  }));
