/**
 * The scanner of a long answer's first records is a chunk of its own, loaded only for a long answer: as the answer
 * starts to arrive when it announces a long length, else once 100,000 characters are in. With the network down for
 * it (the browser's request fails as without a connection), <catalog-list> shows a long answer whole, with no error.
 * These tests run in order, and before anything on the page loads the chunk.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import { loaded, syntheticCatalogs } from '../elements/catalog-list-helpers.js';
import { streamedAnswer } from '../helpers/streamed-answer.js';

/** A list answer of `count` catalogs that arrives in parts, as from the network, announcing its length or not. */
function answer(count: number, announced: boolean) {
  const catalogs = syntheticCatalogs(count);
  const bytes = new TextEncoder().encode(JSON.stringify({ data: catalogs, links: { next: null } }));
  const { body } = streamedAnswer(bytes);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (announced) headers['Content-Length'] = String(bytes.length);
  return { catalogs, bytes, fetch: async () => new Response(body, { headers }) };
}

describe('<catalog-list> and the chunk of the first-records scanner', function () {
  this.timeout(20000);

  before(async () => {
    CatalogList.define();
    await executeServerCommand('block-requests', { pattern: '/first-records-scanner\\.' });
  });
  after(() => executeServerCommand('unblock-requests'));

  for (const announced of [true, false]) {
    it(`a long answer ${announced ? 'that announces its length' : 'of unknown length'} is shown whole, without an error`, async () => {
      const { catalogs, bytes, fetch } = answer(2000, announced);
      expect(bytes.length, 'long enough for the scanner').to.be.above(200_000);
      const shownCounts: number[] = [];
      const el = await fixture<CatalogList>(
        html`<catalog-list
          base-url="http://127.0.0.1:9"
          .accessToken=${'token'}
          .fetch=${fetch}
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
  }

  it('an answer that announces a long length has the scanner fetched before its first 100,000 characters are in', async () => {
    await executeServerCommand('unblock-requests');
    performance.clearResourceTimings();
    const catalogs = syntheticCatalogs(2000);
    const bytes = new TextEncoder().encode(JSON.stringify({ data: catalogs, links: { next: null } }));
    const { body, rest } = streamedAnswer(bytes, { holdFrom: 50_000 });
    const headers = { 'Content-Type': 'application/json', 'Content-Length': String(bytes.length) };
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url="http://127.0.0.1:9"
        .accessToken=${'token'}
        .fetch=${async () => new Response(body, { headers })}
      ></catalog-list>`,
    );
    const fetched = () =>
      performance.getEntriesByType('resource').some((entry) => /first-records-scanner\./.test(entry.name));
    await waitUntil(fetched, 'the scanner is fetched while the first 50,000 bytes are all that arrived');
    expect(el.catalogs.length, 'nothing to show yet').to.equal(0);
    rest();
    await loaded(el);
    expect(el.catalogs).to.deep.equal(catalogs);
  });
});
