// examples/sveltekit: a SvelteKit 2 store (Svelte 5, TypeScript), rendered on the server by adapter-node and
// hydrated in the browser, the elements as tags with `onsigned-in` / `onaccount-selected` handlers; its build runs
// svelte-check against the `storefront-elements/svelte` typings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adaShopsWithoutError, cleanUp, ownText, reloadsKeepPageState, servedExample } from './harness.mjs';

after(cleanUp);

let shop;
let storeUrl;

before(async () => {
  ({ shop, storeUrl } = await servedExample('sveltekit', {
    // adapter-node's server: its address from HOST and PORT, the one its pages name (redirect-uri) from ORIGIN
    server: ({ port, storeUrl: url, serviceUrl }) => ({
      command: 'node',
      args: ['dist'],
      env: { HOST: '127.0.0.1', PORT: String(port), ORIGIN: url.slice(0, -1), PUBLIC_STOREFRONT_BASE_URL: serviceUrl },
    }),
  }));
});

test('the page is rendered on the server: the tags, their attributes and the guest text are in the HTML', async () => {
  const html = await (await fetch(storeUrl)).text();
  assert.match(html, /<account-sign-in[^>]* base-url="http:\/\/[^"]+"[^>]* client-id="storefront"/);
  assert.ok(html.includes(`redirect-uri="${storeUrl}"`), 'the identity provider sends the shopper back to the store');
  assert.match(html, /<catalog-list[^>]* client-id="storefront"/);
  assert.match(html, /<account-picker[^>]* client-id="storefront"/);
  assert.match(html, /<p id="shopper">Browsing as a guest<\/p>/);
});

test("Ada signs in, chooses an account, the list changes and the store's own handlers run", () =>
  adaShopsWithoutError(shop.browser, storeUrl, async (page) => {
    // set by the page's `onsigned-in` handler from the event's member
    await ownText(page, '#member', 'Signed in as Ada Lovelace');
  }));

// SvelteKit imports the layout and the page before it hydrates: the elements, registered by the layout, have restored
// the session the tab kept by the time Svelte attaches the page's handlers.
test("after reloads the session comes back and the store's own handlers hear it: its texts follow", () =>
  reloadsKeepPageState(shop.browser, storeUrl));
