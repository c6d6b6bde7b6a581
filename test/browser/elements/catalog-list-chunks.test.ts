/**
 * <catalog-list> loads two chunks of its own only when it needs them (src/internal/chunks.ts): the list of a
 * catalog's releases, beside the first panel's request, and the scanner of a long answer's first records, once an
 * answer turns out long. With the network down for them (the browser's request fails as without a connection), a
 * panel says so with its retry, and a long answer is parsed whole. These tests must run before anything on the page
 * loads either chunk.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { forgetImplicitTokens } from '../../../src/auth/implicit-token.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import type { StorefrontErrorEvent } from '../../../src/events.js';
import { resetSessions } from '../helpers/page-state.js';
import { SERVICE_URL } from '../helpers/service.js';
import { CATALOG_NAMES, inItem, item, loaded, syntheticCatalogs } from './catalog-list-helpers.js';

const PART_UNAVAILABLE_TEXT = 'A file this element needs could not be loaded. Check your connection and try again.';

describe('<catalog-list> when its chunks cannot be fetched', function () {
  this.timeout(20000);

  before(() => CatalogList.define());
  beforeEach(() => {
    resetSessions();
    forgetImplicitTokens();
  });
  afterEach(() => executeServerCommand('unblock-requests'));

  it('a release panel says the file could not be loaded, fires part_unavailable, and its retry loads it', async () => {
    await executeServerCommand('block-requests', { pattern: '/release-list\\.' });
    const el = await fixture<CatalogList>(
      html`<catalog-list base-url=${SERVICE_URL} client-id="storefront" storage="memory"></catalog-list>`,
    );
    await loaded(el);
    const errors: StorefrontErrorEvent[] = [];
    el.addEventListener('storefront-error', (event) => errors.push(event as StorefrontErrorEvent));
    inItem(item(el, CATALOG_NAMES.essentials), 'expand').click();

    const panel = () => item(el, CATALOG_NAMES.essentials).querySelector<HTMLElement>('[part~="releases"]')!;
    await waitUntil(() => panel()?.querySelector('[part~="error-message"]'), 'the panel says what failed');
    expect(panel().querySelector('[part~="error-message"]')!.textContent).to.equal(PART_UNAVAILABLE_TEXT);
    expect(errors.map((event) => event.detail.error.code)).to.deep.equal(['part_unavailable']);
    expect(errors[0]!.detail.error.message).to.match(/^Could not load http:\/\/\S+release-list\S* \(network/);
    expect(el.catalogs.length, 'the list itself stays').to.equal(3);

    await executeServerCommand('unblock-requests');
    panel().querySelector<HTMLButtonElement>('[part~="retry"]')!.click();
    await waitUntil(() => panel().querySelectorAll('[part~="release"]').length === 3, 'the releases, after the retry');
    expect(panel().querySelector('[part~="error"]')).to.equal(null);
    expect(errors.length).to.equal(1);
  });

  it('a long answer whose first-records scanner cannot be loaded is shown whole, without an error', async () => {
    await executeServerCommand('block-requests', { pattern: '/first-records-scanner\\.' });
    const catalogs = syntheticCatalogs(2000);
    const bytes = new TextEncoder().encode(JSON.stringify({ data: catalogs, links: { next: null } }));
    expect(bytes.length, 'long enough for the scanner').to.be.above(200_000);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 65536) controller.enqueue(bytes.slice(at, at + 65536));
        controller.close();
      },
    });
    const shownCounts: number[] = [];
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url="http://127.0.0.1:9"
        .accessToken=${'token'}
        .fetch=${async () => new Response(body, { headers: { 'Content-Type': 'application/json' } })}
        @storefront-error=${() => shownCounts.push(-1)}
      ></catalog-list>`,
    );
    const observer = new MutationObserver(() => shownCounts.push(el.catalogs.length));
    observer.observe(el.shadowRoot!, { childList: true, subtree: true });
    await loaded(el);
    observer.disconnect();
    expect(el.catalogs).to.deep.equal(catalogs);
    expect(shownCounts.includes(-1), 'no storefront-error').to.equal(false);
    expect(
      shownCounts.filter((count) => count > 0 && count < catalogs.length),
      'no first records before the whole list',
    ).to.deep.equal([]);
  });
});
