/**
 * <catalog-list>'s first frame only draws: the first rows of a long answer show while the rest of it arrives and is
 * parsed, and counts and dates are written from the frame after the first rows on.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import { streamedAnswer } from '../helpers/streamed-answer.js';
import { maybePart, parts } from '../helpers/table.js';
import { isBusy, loaded, syntheticCatalogs } from './catalog-list-helpers.js';

/** The rows' texts of a part, in the order shown. */
const texts = (el: CatalogList, name: string) => parts(el, name).map((node) => node.textContent?.trim() ?? '');

describe('<catalog-list> first frame', () => {
  before(() => CatalogList.define());

  it('the first rows of a long answer show before the rest of it has arrived; then the whole list', async () => {
    const catalogs = syntheticCatalogs(2000);
    const bytes = new TextEncoder().encode(JSON.stringify({ data: catalogs, links: { next: null } }));
    // the first 150 kB arrive; the rest only once the test has seen the first rows
    const { body, rest } = streamedAnswer(bytes, { holdFrom: 150_000 });
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url="http://127.0.0.1:9"
        .accessToken=${'token'}
        .fetch=${async () => new Response(body, { headers: { 'Content-Type': 'application/json' } })}
      ></catalog-list>`,
    );
    await waitUntil(() => maybePart(el, 'item'), 'the first rows show');
    expect(isBusy(el), 'still loading').to.equal(true);
    expect(el.catalogs.length, 'the first records only').to.be.within(1, 100);
    expect(texts(el, 'name')[0]).to.equal(catalogs[0]!.attributes.name);

    rest();
    await loaded(el);
    expect(el.catalogs).to.deep.equal(catalogs);
  });

  it('the frame with the first rows draws them with their counts and dates; the count of the list is announced after it', async () => {
    const catalogs = syntheticCatalogs(3);
    const el = document.createElement('catalog-list');
    el.baseUrl = 'http://127.0.0.1:9';
    el.accessToken = 'token';
    el.fetch = async () => Response.json({ data: catalogs, links: { next: null } });
    const firstRows = new Promise<{ counts: string[]; announced: string }>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!maybePart(el, 'item')) return;
        observer.disconnect();
        resolve({ counts: texts(el, 'releases-count'), announced: texts(el, 'announcement')[0]! });
      });
      // the shadow root is there once the element is connected
      queueMicrotask(() => observer.observe(el.shadowRoot!, { childList: true, subtree: true }));
    });
    await fixture(html`<div>${el}</div>`);
    expect(await firstRows).to.deep.equal({ counts: ['0 releases', '1 release', '2 releases'], announced: '' });
    await waitUntil(() => texts(el, 'announcement')[0], 'the count is announced');
    expect(texts(el, 'announcement')).to.deep.equal(['3 catalogs']);
  });
});
