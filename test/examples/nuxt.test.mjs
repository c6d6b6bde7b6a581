// examples/nuxt: a Nuxt 3 store (server-rendered, hydrated by Vue 3), the elements as tags in its template with
// Vue's `@signed-in` and `@account-selected` handlers, registered by a client-only plugin; built by `nuxt build`
// (after `nuxt typecheck` against the `storefront-elements/vue` typings) and served by its Node server.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adaShopsWithoutError, cleanUp, ownText, reloadsKeepPageState, servedExample } from './harness.mjs';

after(cleanUp);

const nuxtEnv = { NUXT_TELEMETRY_DISABLED: '1' };

let shop;
let storeUrl;

before(async () => {
  ({ shop, storeUrl } = await servedExample('nuxt', {
    buildEnv: nuxtEnv,
    server: ({ port, serviceUrl }) => ({
      command: 'node',
      args: ['.output/server/index.mjs'],
      env: {
        ...nuxtEnv,
        HOST: '127.0.0.1',
        PORT: String(port),
        // the runtime config's public.storefrontBaseUrl, read as the server starts
        NUXT_PUBLIC_STOREFRONT_BASE_URL: serviceUrl,
      },
    }),
  }));
});

test('the page is rendered on the server: the tags, their attributes and the signed-out texts are in the HTML', async () => {
  const html = await (await fetch(storeUrl)).text();
  const quoted = (url) => `"${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`;
  assert.match(
    html,
    new RegExp(`<account-sign-in[^>]* base-url=${quoted(shop.service.baseUrl)}[^>]* client-id="storefront"`),
  );
  // the identity provider sends the shopper back to the store's page
  assert.match(html, new RegExp(`<account-sign-in[^>]* redirect-uri=${quoted(storeUrl)}`));
  assert.match(html, /<catalog-list[^>]* client-id="storefront"/);
  assert.match(html, /<account-picker[^>]* client-id="storefront"/);
  assert.match(html, /<p id="shopper">Browsing as a guest<\/p>/);
  assert.match(html, /<p id="member">Not signed in<\/p>/);
});

test("Ada signs in, chooses an account, the list changes and the store's own handlers run", () =>
  adaShopsWithoutError(shop.browser, storeUrl, async (page) => {
    await ownText(page, '#member', 'Signed in as Ada Lovelace');
  }));

// Nuxt hydrates a page of pages/ once its chunk is in, after DOMContentLoaded: the elements, registered by the
// client plugin before that, have restored the session the tab kept by the time Vue attaches the page's handlers.
test("after reloads the session comes back and the store's own handlers hear it: its texts follow", () =>
  reloadsKeepPageState(shop.browser, storeUrl));
