/**
 * The sign-in flow is a chunk of its own (src/internal/chunks.ts): a page fetches it as a signed-out sign-in element
 * connects, before its buttons show and before any click, so the first click does not wait for the network; a page where no sign-in element
 * renders buttons fetches nothing of it. The browser's resource timing lists what the page fetched. The first test
 * must run before anything on the page loads the chunk.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import { SERVICE_URL, resetService } from '../helpers/service.js';
import { cleanUpSignIn, part, renderSignIn, waitForPart } from '../helpers/sign-in-flow.js';

/** The addresses of the sign-in chunk the page has fetched so far. */
const chunkFetches = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /\/internal\/sign-in-flow\./.test(name));

describe('the sign-in chunk is fetched with a signed-out sign-in element, and only then', function () {
  this.timeout(20000);

  before(async () => {
    await resetService();
    CatalogList.define();
  });
  afterEach(cleanUpSignIn);

  it('a page with the catalog list and the picker but no sign-in element fetches no part of the sign-in', async () => {
    const el = await fixture<CatalogList>(
      html`<div>
        <account-picker client-id="storefront" storage="memory"></account-picker>
        <catalog-list base-url=${SERVICE_URL} client-id="storefront" storage="memory"></catalog-list>
      </div>`,
    );
    const list = el.querySelector('catalog-list')!;
    await waitForPart(list, 'item', 'the catalogs showed');
    // every request the page made has ended: the list's load is complete
    await waitUntil(() => list.shadowRoot!.querySelector('[part~=base]')?.getAttribute('aria-busy') === 'false');
    expect(chunkFetches()).to.deep.equal([]);
  });

  it('a signed-out element fetches the chunk as it connects, before its buttons can show', async () => {
    // the store's answers never come: no button can show, and the flow is on its way all the same
    const never = () => new Promise<Response>(() => {});
    const el = await renderSignIn({}, { fetch: never as typeof fetch });
    await waitUntil(() => chunkFetches().length > 0, 'the sign-in chunk was fetched', { timeout: 8000 });
    expect(part(el, 'button'), 'no button yet').to.equal(null);
  });

  it('once the buttons show, the chunk is fetched without a click', async () => {
    let clicked = false;
    document.addEventListener('click', () => (clicked = true), { capture: true, once: true });
    const el = await renderSignIn();
    await waitForPart(el, 'button');
    await waitUntil(() => chunkFetches().length > 0, 'the sign-in chunk was fetched', { timeout: 8000 });
    expect(clicked, 'nothing was clicked').to.equal(false);
    expect(chunkFetches()).to.have.length(1);
  });
});
