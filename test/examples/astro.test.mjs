// examples/astro: an Astro store rendered at build time, the elements as HTML tags with a <script> that
// registers them and listens on document; its catalog rows come from a <template> in the page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adaShopsWithoutError, cleanUp, freePort, installExample, runIn, serve, startShopping } from './harness.mjs';

after(cleanUp);

let shop;
let storeUrl;
let dir;

before(async () => {
  dir = installExample('astro');
  shop = await startShopping();
  runIn(dir, 'npx', ['astro', 'build'], {
    ASTRO_TELEMETRY_DISABLED: '1',
    PUBLIC_STOREFRONT_BASE_URL: shop.service.baseUrl,
  });
  const port = await freePort();
  storeUrl = `http://127.0.0.1:${port}/`;
  await serve(dir, 'npx', ['astro', 'preview', '--host', '127.0.0.1', '--port', String(port)], storeUrl, {
    ASTRO_TELEMETRY_DISABLED: '1',
  });
});

test('the page is built with the tags, their attributes and the row template in its HTML', () => {
  const html = readFileSync(join(dir, 'dist', 'index.html'), 'utf8');
  assert.match(html, /<account-sign-in base-url="http:\/\/[^"]+" client-id="storefront">/);
  assert.match(html, /<catalog-list [^>]*>\s*(<!--[^>]*-->\s*)?<template>/);
});

test("Ada signs in, chooses an account, the list changes and the store's own handler runs", () =>
  adaShopsWithoutError(shop.browser, storeUrl, async (page) => {
    // the rows are the store's own, from its template
    assert.equal(await page.locator('catalog-list').locator('[part~=store-owner]').first().textContent(), 'by store');
  }));
