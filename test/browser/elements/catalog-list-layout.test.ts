/**
 * <catalog-list> laid out for real readers: rows as tall as their content at 200 % text (WCAG 1.4.4), nothing cut
 * on a 390 px phone, a list as tall as its rows up to its maximum, and loading that holds the place the list will
 * take (cumulative layout shift measured by Chromium).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import type { Catalog } from '../../../src/api/types.js';
import { forgetImplicitTokens } from '../../../src/auth/implicit-token.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import { resetSessions } from '../helpers/page-state.js';
import { fakeFetch, hangingFetch } from '../helpers/fake-fetch.js';
import { SERVICE_URL, implicitToken } from '../helpers/service.js';
import { part, parts } from '../helpers/table.js';
import {
  CATALOG_NAMES,
  VISIBLE,
  inItem,
  item,
  loaded,
  observedFetch,
  shownNames,
  syntheticCatalogs,
} from './catalog-list-helpers.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 800, height: 600 };
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/** The store-wide catalogs of the reference service, with the store's implicit token. */
async function storeList(): Promise<CatalogList> {
  const el = await fixture<CatalogList>(
    html`<catalog-list base-url=${SERVICE_URL} .accessToken=${await implicitToken()} lang="en-GB"></catalog-list>`,
  );
  await loaded(el);
  await noOverlaps(el);
  return el;
}

/** A list of made-up catalogs: the service holds six, longer lists and texts only exist in this stubbed answer. */
async function stubbedList(catalogs: Catalog[], style = ''): Promise<CatalogList> {
  const body = JSON.stringify({ data: catalogs, links: { next: null } });
  const el = await fixture<CatalogList>(
    html`<catalog-list
      style=${style}
      base-url=${SERVICE_URL}
      .accessToken=${'token'}
      .fetch=${fakeFetch(() => new Response(body)).fetch}
    ></catalog-list>`,
  );
  await loaded(el);
  return el;
}

/** The rows shown, top to bottom, with their boxes. */
function rowBoxes(el: CatalogList): { name: string; box: DOMRect }[] {
  return parts(el, 'item')
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
    .map((row) => ({ name: row.querySelector('[part~=name]')?.textContent ?? '', box: row.getBoundingClientRect() }));
}

/** Rows whose boxes overlap the next one's, and parts that reach out of their row or into each other. */
/**
 * Waits until the list has placed its rows by their measured heights (none overlaps another; before they are
 * measured, rows stand at their estimated places), else fails naming the rows that overlap.
 */
async function noOverlaps(el: CatalogList): Promise<void> {
  await waitUntil(() => overlaps(el).length === 0, 'rows overlap', { timeout: 8000 }).catch(() =>
    expect(overlaps(el)).to.deep.equal([]),
  );
}

function overlaps(el: CatalogList): string[] {
  const problems: string[] = [];
  const rows = rowBoxes(el);
  rows.slice(1).forEach(({ name, box }, i) => {
    const above = rows[i]!;
    if (box.top < above.box.bottom - 0.5)
      problems.push(`${above.name} (to ${above.box.bottom}) over ${name} (${box.top})`);
  });
  for (const row of parts(el, 'item')) {
    const outer = row.getBoundingClientRect();
    const pieces = ['select', 'description', 'meta', 'expand', 'releases'].flatMap((name) =>
      [...row.querySelectorAll(`[part~=${name}]`)].map((piece) => ({ name, box: piece.getBoundingClientRect() })),
    );
    for (const { name, box } of pieces) {
      if (box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5 || box.right > outer.right + 0.5) {
        problems.push(`${name} reaches out of its row`);
      }
    }
    pieces.forEach((a, i) =>
      pieces.slice(i + 1).forEach((b) => {
        const apart =
          a.box.bottom <= b.box.top + 0.5 ||
          b.box.bottom <= a.box.top + 0.5 ||
          a.box.right <= b.box.left + 0.5 ||
          b.box.right <= a.box.left + 0.5;
        if (!apart) problems.push(`${a.name} overlaps ${b.name}`);
      }),
    );
  }
  return problems;
}

/** Parts whose text is cut off (clipped, or ended with an ellipsis) with no way to scroll to it. */
function cutText(el: CatalogList): string[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=item] [part]')].flatMap((piece) => {
    const style = getComputedStyle(piece);
    const name = piece.getAttribute('part');
    if (style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap') return [`${name}: ellipsis`];
    if (piece.scrollWidth > piece.clientWidth + 1 && style.overflowX !== 'visible' && style.overflowX !== 'auto')
      return [`${name}: cut (${piece.scrollWidth} > ${piece.clientWidth})`];
    return [];
  });
}

/** The lines a piece of text stands on. */
function lineCount(piece: Element): number {
  const range = document.createRange();
  range.selectNodeContents(piece);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return tops.size;
}

describe('<catalog-list> layout', function () {
  this.timeout(30000);

  before(() => CatalogList.define());
  beforeEach(() => {
    resetSessions();
    forgetImplicitTokens();
  });
  afterEach(() => setViewport(DESKTOP));

  describe('at 200 % text', () => {
    let heightAt100 = 0;
    before(async () => {
      await setViewport(DESKTOP);
      const el = await storeList();
      heightAt100 = rowBoxes(el)[0]!.box.height;
      el.remove();
    });

    const ways: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'the page doubles its root font size',
        async () => (document.documentElement.style.fontSize = '200%'),
        async () => (document.documentElement.style.fontSize = ''),
      ],
      [
        "Chromium's default font size is doubled",
        () => executeServerCommand('default-font-size', { size: 32 }),
        () => executeServerCommand('default-font-size', { size: 16 }),
      ],
    ];
    for (const [way, enlarge, restore] of ways) {
      it(`${way}: rows grow with the text, none overlaps, an open release panel included`, async () => {
        await enlarge();
        try {
          const el = await storeList();
          const rows = rowBoxes(el);
          expect(rows.map((r) => r.name)).to.deep.equal(VISIBLE.storeWide);
          expect(rows[0]!.box.height, `${heightAt100} px at 100 %`).to.be.at.least(heightAt100 * 1.9);
          expect(overlaps(el)).to.deep.equal([]);
          inItem<HTMLButtonElement>(item(el, CATALOG_NAMES.essentials), 'expand').click();
          await waitUntil(() => el.shadowRoot!.querySelectorAll('[part~=release]').length === 3, 'releases shown');
          await noOverlaps(el);
          expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);
        } finally {
          await restore();
        }
      });
    }

    it('ten thousand rows scrolled to the middle do not overlap either', async () => {
      await executeServerCommand('default-font-size', { size: 32 });
      try {
        const el = await stubbedList(syntheticCatalogs(10_000));
        const viewport = part(el, 'viewport');
        viewport.scrollTop = viewport.scrollHeight / 2;
        await waitUntil(() => shownNames(el).includes('Catalog 5001'), 'the middle rows');
        await noOverlaps(el);
        const row = rowBoxes(el).find((r) => r.name === 'Catalog 5001')!.box;
        const view = viewport.getBoundingClientRect();
        expect(row.bottom > view.top && row.top < view.bottom, 'the middle row is in view').to.equal(true);
      } finally {
        await executeServerCommand('default-font-size', { size: 16 });
      }
    });
  });

  describe('on a 390 px phone', () => {
    beforeEach(() => setViewport(PHONE));

    it('wraps names, descriptions and dates instead of cutting them', async () => {
      const el = await storeList();
      expect(cutText(el)).to.deep.equal([]);
      expect(overlaps(el)).to.deep.equal([]);
      const essentials = item(el, CATALOG_NAMES.essentials);
      // "Staples every shopper needs, always in stock." does not fit beside the Releases button on one line
      expect(lineCount(inItem(essentials, 'description'))).to.be.above(1);
      for (const piece of parts(el, 'item')) expect(piece.getBoundingClientRect().right).to.be.at.most(PHONE.width);
      expect(document.documentElement.scrollWidth).to.be.at.most(document.documentElement.clientWidth);
    });

    it('breaks a word longer than the row rather than letting it run out', async () => {
      const [catalog] = syntheticCatalogs(1);
      catalog!.attributes.name = 'Supercalifragilisticexpialidocious-Catalogue-Of-Everything-Ever-Sold';
      catalog!.attributes.description = 'https://example.com/a/very/long/address/without/any/space/in/it/at/all';
      const el = await stubbedList([catalog!]);
      expect(cutText(el)).to.deep.equal([]);
      expect(overlaps(el)).to.deep.equal([]);
    });
  });

  describe('height', () => {
    it('is that of its rows under the maximum: no empty box under three catalogs', async () => {
      const el = await storeList();
      const viewport = part(el, 'viewport');
      const rows = rowBoxes(el);
      const content = rows.at(-1)!.box.bottom - rows[0]!.box.top;
      // the frame's two borders
      expect(viewport.getBoundingClientRect().height).to.be.closeTo(content + 2, 1);
      expect(el.getBoundingClientRect().height).to.be.closeTo(content + 2, 1);
    });

    it('follows its rows when a narrower page rewraps them', async () => {
      const el = await storeList();
      const before = part(el, 'viewport').getBoundingClientRect().height;
      el.style.width = '450px';
      const viewport = part(el, 'viewport');
      await waitUntil(
        () => viewport.getBoundingClientRect().height > before + 20,
        'the list grows with its rewrapped rows',
        { timeout: 8000 },
      );
      // taller rows, and no scroll bar inside a list shorter than its maximum
      expect(viewport.scrollHeight).to.be.at.most(viewport.clientHeight);
      expect(overlaps(el)).to.deep.equal([]);
    });

    it('stops at --storefront-catalog-list-height and scrolls beyond', async () => {
      const el = await stubbedList(syntheticCatalogs(200), '--storefront-catalog-list-height: 300px');
      const viewport = part(el, 'viewport');
      expect(viewport.getBoundingClientRect().height).to.equal(300);
      expect(viewport.scrollHeight).to.be.above(200 * 60);
    });
  });

  describe('loading', () => {
    it('holds the place of three rows, each as tall as a catalog row of one line per text', async () => {
      const hanging = hangingFetch();
      const waiting = await fixture<CatalogList>(
        html`<catalog-list base-url=${SERVICE_URL} .accessToken=${'token'} .fetch=${hanging.fetch}></catalog-list>`,
      );
      await waiting.updateComplete;
      expect(part(waiting, 'loading').textContent).to.contain('Loading catalogs…');
      const placeholders = [...waiting.shadowRoot!.querySelectorAll('[part~=viewport] > .item')];
      expect(placeholders).to.have.length(3);
      const el = await storeList();
      // "Staples every shopper needs, always in stock.": name, description and details take a line each
      const row = item(el, CATALOG_NAMES.essentials).getBoundingClientRect().height;
      for (const placeholder of placeholders)
        expect(placeholder.getBoundingClientRect().height).to.be.closeTo(row, 0.5);
      expect(waiting.getBoundingClientRect().height).to.be.closeTo(3 * row + 2, 1.5);
    });

    it('shifts the layout of a phone page by less than 0.05 (CLS) from loading to the list', async () => {
      await setViewport(PHONE);
      let shift = 0;
      const count = (entries: PerformanceEntry[]) => {
        for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shift += entry.value;
        }
      };
      const observer = new PerformanceObserver((entries) => count(entries.getEntries()));
      // a phone's network: the list answers after the placeholder rows have been on the screen a while
      const slowNetwork = observedFetch(() => new Promise((resolve) => setTimeout(resolve, 300)));
      observer.observe({ type: 'layout-shift' });
      const page = await fixture<HTMLElement>(
        html`<main>
          <h1>Catalogs</h1>
          <p>Signed out you see the store-wide catalogs.</p>
          <catalog-list
            base-url=${SERVICE_URL}
            client-id="storefront"
            storage="memory"
            lang="en-GB"
            .fetch=${slowNetwork.fetch}
          ></catalog-list>
          <h2>About the store</h2>
          <p>${'Every catalog lists what the store sells and how it is priced. '.repeat(12)}</p>
        </main>`,
      );
      const el = page.querySelector('catalog-list')!;
      await loaded(el);
      await noOverlaps(el);
      // a shift is reported once the frame that shows it is painted: the rows' frame, and one more
      await nextFrame();
      await nextFrame();
      count(observer.takeRecords());
      observer.disconnect();
      console.log(`CLS ${shift}`);
      expect(shift).to.be.below(0.05);
    });
  });
});
