/** <catalog-list> at scale: a windowed list of 10,000 catalogs, keyboard across the window, a host's own layout. */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Catalog } from '../../../src/api/types.js';
import { resetSessions } from '../helpers/page-state.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import { RowHeights } from '../../../src/internal/row-heights.js';
import type { CatalogSelectedEvent } from '../../../src/events.js';
import { fakeFetch, jsonResponse } from '../helpers/fake-fetch.js';
import { SERVICE_URL } from '../helpers/service.js';
import { maybePart, part, parts, record } from '../helpers/table.js';
import { loaded, shownNames, syntheticCatalogs } from './catalog-list-helpers.js';

function nodeCount(root: Node): number {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
  let count = 0;
  while (walker.nextNode()) count += 1;
  return count;
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/** The height of a row as shown (the synthetic catalogs all take the same). */
const rowHeight = (el: CatalogList) => parts(el, 'item')[0].getBoundingClientRect().height;

describe('<catalog-list> windowing', () => {
  before(() => CatalogList.define());
  beforeEach(() => resetSessions());

  // The service holds six catalogs; ten thousand only exist in this stubbed answer.
  const body = JSON.stringify({ data: syntheticCatalogs(10_000), links: { next: null } });
  const big = () => fakeFetch(() => new Response(body, { status: 200 }));

  async function bigList(extra: Partial<CatalogList> = {}): Promise<CatalogList> {
    const el = document.createElement('catalog-list');
    Object.assign(el, { baseUrl: SERVICE_URL, accessToken: 'token', fetch: big().fetch, ...extra });
    await fixture(el);
    await loaded(el);
    await nextFrame();
    await el.updateComplete;
    return el;
  }

  it('renders 10,000 catalogs with fewer than 2,000 nodes, and honest set size and positions', async () => {
    const el = await bigList();
    expect(el.catalogs).to.have.length(10_000);
    const nodes = nodeCount(el.shadowRoot!);
    expect(nodes).to.be.below(2_000);
    const items = parts(el, 'item');
    expect(items.length).to.be.within(3, 40);
    expect(items[0].getAttribute('aria-setsize')).to.equal('10000');
    expect(items[0].getAttribute('aria-posinset')).to.equal('1');
    const list = part(el, 'list');
    expect(list.getBoundingClientRect().height).to.be.closeTo(10_000 * rowHeight(el), 1);
  });

  it('renders the rows in view when scrolled, and no others', async () => {
    const el = await bigList();
    const viewport = part(el, 'viewport');
    viewport.scrollTop = 5_000 * rowHeight(el);
    await waitUntil(() => shownNames(el).includes('Catalog 5001'), 'row 5001 rendered');
    const names = shownNames(el);
    expect(names).to.not.include('Catalog 2'); // the focused first row is kept, its neighbours are not
    expect(names.length).to.be.below(40);
    viewport.scrollTop = viewport.scrollHeight;
    await waitUntil(() => shownNames(el).includes('Catalog 10000'), 'last row rendered');
    expect(nodeCount(el.shadowRoot!)).to.be.below(2_000);
  });

  it('keyboard focus moves across the window: End renders and focuses the last catalog', async () => {
    const el = await bigList();
    const chosen = record<CatalogSelectedEvent>(el, 'catalog-selected');
    part<HTMLButtonElement>(el, 'select').focus();
    await sendKeys({ press: 'End' });
    await waitUntil(() => el.shadowRoot!.activeElement?.textContent?.trim() === 'Catalog 10000', 'last focused');
    const viewport = part(el, 'viewport');
    expect(viewport.scrollTop + viewport.clientHeight).to.be.closeTo(viewport.scrollHeight, 1);
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => el.shadowRoot!.activeElement?.textContent?.trim() === 'Catalog 9999', '9999 focused');
    await sendKeys({ press: 'Enter' });
    expect(chosen.map((e) => e.detail.catalog.attributes.name)).to.deep.equal(['Catalog 9999']);
    await sendKeys({ press: 'Home' });
    await waitUntil(() => el.shadowRoot!.activeElement?.textContent?.trim() === 'Catalog 1', 'first focused');
    expect(viewport.scrollTop).to.equal(0);
    await sendKeys({ press: 'PageDown' });
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement?.textContent?.trim()).to.not.equal('Catalog 1');
  });

  it('the focused row stays in the DOM when scrolled away, so focus is never lost', async () => {
    const el = await bigList();
    const button = part<HTMLButtonElement>(el, 'select');
    button.focus();
    part(el, 'viewport').scrollTop = 3_000 * rowHeight(el);
    await waitUntil(() => shownNames(el).includes('Catalog 3001'), 'scrolled');
    expect(el.shadowRoot!.activeElement).to.equal(button);
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => el.shadowRoot!.activeElement?.textContent?.trim() === 'Catalog 2', 'next focused');
  });

  it("uses the host's renderItem for each row; Enter on it chooses", async () => {
    const el = await bigList({
      renderItem: (catalog: Catalog, index: number) =>
        html`<strong class="mine">${index + 1}. ${catalog.attributes.name}</strong>`,
    });
    expect(maybePart(el, 'select')).to.equal(null);
    const mine = el.shadowRoot!.querySelectorAll('.mine');
    expect(mine[0].textContent).to.equal('1. Catalog 1');
    const chosen = record<CatalogSelectedEvent>(el, 'catalog-selected');
    (mine[0].parentElement as HTMLElement).focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    expect(chosen.map((e) => e.detail.catalog.attributes.name)).to.deep.equal(['Catalog 2']);
    (mine[2] as HTMLElement).click();
    expect(chosen).to.have.length(2);
    await expect(el).to.be.accessible();
  });

  it('lays out each row from a <template> child in plain HTML: fields as text, parts for the page, Enter chooses', async () => {
    const catalogs = syntheticCatalogs(3_000);
    catalogs[1].attributes.description = '<img src=x part=injected>';
    const answer = JSON.stringify({ data: catalogs, links: { next: null } });
    const el = document.createElement('catalog-list');
    Object.assign(el, {
      baseUrl: SERVICE_URL,
      accessToken: 'token',
      fetch: fakeFetch(() => new Response(answer)).fetch,
    });
    const template = document.createElement('template');
    const title = Object.assign(document.createElement('h3'), { className: 'mine' });
    title.setAttribute('part', 'my-name');
    title.dataset.field = 'name';
    const text = document.createElement('p');
    text.dataset.field = 'description';
    const id = document.createElement('small');
    id.dataset.field = 'id';
    template.content.append(title, text, id);
    el.append(template);
    await fixture(el);
    await loaded(el);
    expect(maybePart(el, 'select')).to.equal(null);
    const names = () => [...el.shadowRoot!.querySelectorAll('[part~=my-name]')].map((node) => node.textContent);
    expect(names().slice(0, 2)).to.deep.equal(['Catalog 1', 'Catalog 2']);
    const second = el.shadowRoot!.querySelector('[data-index="1"]')!;
    expect(second.querySelector('p')!.textContent).to.equal('<img src=x part=injected>');
    expect(second.querySelector('small')!.textContent).to.equal(catalogs[1].id);
    expect(maybePart(el, 'injected')).to.equal(null);
    // far down and back: the rows scrolled past are made once, and come back as they were
    const firstRow = el.shadowRoot!.querySelector('.stamped');
    part(el, 'viewport').scrollTop = 1_000 * rowHeight(el);
    await waitUntil(() => names().includes('Catalog 1001'), 'scrolled');
    part(el, 'viewport').scrollTop = 0;
    await waitUntil(() => names()[0] === 'Catalog 1', 'back at the top');
    expect(el.shadowRoot!.querySelector('.stamped')).to.equal(firstRow);
    const chosen = record<CatalogSelectedEvent>(el, 'catalog-selected');
    (el.shadowRoot!.querySelector('.custom') as HTMLElement).focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    expect(chosen.map((e) => e.detail.catalog.attributes.name)).to.deep.equal(['Catalog 2']);
    await expect(el).to.be.accessible();
  });

  it('takes a DOM node from renderItem, made without lit', async () => {
    const el = await bigList({
      renderItem: (catalog: Catalog) => Object.assign(document.createElement('em'), { textContent: catalog.id }),
    });
    const rows = el.shadowRoot!.querySelectorAll('.custom > em');
    expect(rows[0].textContent).to.equal('00000000-0000-4000-8000-000000000000');
    const chosen = record<CatalogSelectedEvent>(el, 'catalog-selected');
    (rows[1] as HTMLElement).click();
    expect(chosen.map((e) => e.detail.catalog.attributes.name)).to.deep.equal(['Catalog 2']);
  });

  it('takes row-height as the height of rows not shown yet, and the measured height for those shown', async () => {
    const el = await bigList({ rowHeight: 200 });
    const shown = parts(el, 'item');
    const measured = shown.reduce((sum, row) => sum + row.getBoundingClientRect().height, 0);
    expect(part(el, 'list').getBoundingClientRect().height).to.be.closeTo(measured + (10_000 - shown.length) * 200, 1);
  });

  it('keeps the row in view in its place when rows above it turn out taller than the estimate', async () => {
    // the first row is short, every other one has a description of several lines
    const catalogs = syntheticCatalogs(1_000).map((catalog, i) => {
      if (i) catalog.attributes.description = 'A description long enough to take several lines. '.repeat(8);
      return catalog;
    });
    const answer = JSON.stringify({ data: catalogs, links: { next: null } });
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url=${SERVICE_URL}
        .accessToken=${'token'}
        .fetch=${fakeFetch(() => new Response(answer)).fetch}
      ></catalog-list>`,
    );
    await loaded(el);
    const viewport = part(el, 'viewport');
    viewport.scrollTop = viewport.scrollHeight;
    await waitUntil(() => shownNames(el).includes('Catalog 1000'), 'the last rows');
    await nextFrame();
    // the rows above the window are taken to be as short as the first; going up shows how tall they are
    for (let step = 0; step < 5; step++) {
      const view = viewport.getBoundingClientRect().top;
      const row = parts(el, 'item').find((item) => item.getBoundingClientRect().bottom > view + 1)!;
      const name = row.querySelector('[part~=name]')!.textContent;
      const top = row.getBoundingClientRect().top;
      viewport.scrollTop -= 40;
      const same = () => parts(el, 'item').find((item) => item.querySelector('[part~=name]')!.textContent === name);
      // the rows above are measured as they come into view, and the row keeps its place on the screen
      await waitUntil(
        () => Math.abs((same()?.getBoundingClientRect().top ?? Infinity) - (top + 40)) <= 1,
        `${name} after scrolling up 40 px`,
        { timeout: 8000 },
      ).catch(() =>
        expect(same()!.getBoundingClientRect().top, `${name} after scrolling up 40 px`).to.be.closeTo(top + 40, 1),
      );
    }
  });

  it('lays rows out by their measured heights, and estimates the rows not shown yet', () => {
    const heights = new RowHeights(84);
    heights.count = 100;
    // before any row is shown: the first guess, a row of three lines
    expect(heights.offsetOf(100)).to.equal(8400);
    // rows 10 to 12 shown, one of them with its release panel open; the first one measured sets the estimate
    heights.measure(10, 80);
    heights.measure(11, 280);
    heights.measure(12, 80);
    expect(heights.estimate).to.equal(80);
    expect(heights.offsetOf(10)).to.equal(800);
    expect(heights.offsetOf(11)).to.equal(880);
    expect(heights.offsetOf(12)).to.equal(1160);
    expect(heights.offsetOf(100)).to.equal(8200);
    expect(heights.indexAt(-5)).to.equal(0);
    expect(heights.indexAt(0)).to.equal(0);
    expect(heights.indexAt(879)).to.equal(10);
    expect(heights.indexAt(880)).to.equal(11);
    expect(heights.indexAt(1159)).to.equal(11);
    expect(heights.indexAt(1160)).to.equal(12);
    expect(heights.indexAt(1e9)).to.equal(99);
    // later rows change the places below them, not the estimate
    heights.measure(0, 100);
    expect(heights.estimate).to.equal(80);
    expect(heights.offsetOf(1)).to.equal(100);
    expect(heights.offsetOf(100)).to.equal(8220);
    // more rows arrive: the measured ones keep their heights
    heights.count = 200;
    expect(heights.offsetOf(200)).to.equal(16220);
    // a new list
    heights.count = 0;
    heights.count = 3;
    expect(heights.offsetOf(3)).to.equal(240);
    expect(heights.indexAt(1000)).to.equal(2);
  });

  it('replacing the list many times leaves one list, one observer target and no pending request', async () => {
    const answers = fakeFetch((call) =>
      jsonResponse({ data: syntheticCatalogs(50).map((c) => ({ ...c, id: `${c.id}-${call.url.length}` })), links: {} }),
    );
    const el = await fixture<CatalogList>(
      html`<catalog-list base-url=${SERVICE_URL} .accessToken=${'token'} .fetch=${answers.fetch}></catalog-list>`,
    );
    await loaded(el);
    for (let i = 0; i < 30; i++) el.reload();
    await loaded(el);
    // every replaced request was aborted; only the last one finished
    expect(answers.calls.slice(1, -1).every((c) => c.signal?.aborted)).to.equal(true);
    expect(answers.calls.at(-1)?.signal?.aborted).to.equal(false);
    expect(parts(el, 'list')).to.have.length(1);
    expect(el.catalogs).to.have.length(50);
    el.remove();
  });
});
