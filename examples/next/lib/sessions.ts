import { createSessionHandler } from 'storefront-elements/server';

/**
 * The store's server keeps the shopper's session (storefront-elements/server): the pages under /account know who is
 * signed in and for which account, and no token reaches the browser. A real store sets SESSION_KEY to a secret of
 * its own (at least 32 bytes); the fallback is for trying the example only.
 */
export const sessions = createSessionHandler({
  baseUrl: process.env.STOREFRONT_BASE_URL ?? 'http://localhost:8787',
  clientId: 'storefront',
  keys: [process.env.SESSION_KEY ?? 'example-only: set SESSION_KEY to a secret of your own'],
});
