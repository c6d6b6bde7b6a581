/** <catalog-list> against the reference service: whose catalogs, account switching, pages, releases, choosing. */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Catalog, CatalogListEnvelope } from '../../../src/api/types.js';
import { forgetImplicitTokens } from '../../../src/auth/implicit-token.js';
import { MemberSession } from '../../../src/auth/session.js';
import { resetSessions } from '../helpers/page-state.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import type { CatalogSelectedEvent, StorefrontErrorEvent } from '../../../src/events.js';
import { SERVICE_URL, implicitToken, operatorToken } from '../helpers/service.js';
import { focusedPart, maybePart, part, parts, record, serviceGet } from '../helpers/table.js';
import {
  CATALOG_NAMES,
  VISIBLE,
  accountNamed,
  inItem,
  isBusy,
  item,
  loaded,
  observedFetch,
  sessionAccounts,
  shownNames,
  signInAs,
} from './catalog-list-helpers.js';

describe('<catalog-list> with the reference service', () => {
  before(() => CatalogList.define());

  beforeEach(() => {
    resetSessions();
    forgetImplicitTokens();
  });

  async function list(extra?: (el: CatalogList) => void, attrs: { pageSize?: string; lang?: string } = {}) {
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url=${SERVICE_URL}
        client-id="storefront"
        storage="memory"
        page-size=${attrs.pageSize ?? ''}
        lang=${attrs.lang ?? 'en-GB'}
        .fetch=${undefined}
      ></catalog-list>`,
    );
    extra?.(el);
    await loaded(el);
    return el;
  }

  it('shows the store-wide catalogs for the implicit token, with every field of the service answer', async () => {
    const el = await list(undefined, { lang: 'de-DE' });
    const expected = await serviceGet<CatalogListEnvelope>('/catalogs', await implicitToken());
    expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);
    expect(el.catalogs.map((c) => c.id)).to.deep.equal(expected.data.map((c) => c.id));
    expect(el.catalogs[0]).to.deep.equal(expected.data[0]);

    const essentials = expected.data[0];
    const row = item(el, CATALOG_NAMES.essentials);
    expect(inItem(row, 'description').textContent).to.equal(essentials.attributes.description);
    expect(inItem(row, 'owner').textContent).to.equal('Owner: store');
    expect(inItem(row, 'releases-count').textContent?.trim()).to.equal(
      `${essentials.relationships.releases.meta.count} releases`,
    );
    const time = inItem(row, 'updated').querySelector('time')!;
    // the API's timestamp has no zone: it is UTC
    expect(time.getAttribute('datetime')).to.equal(`${essentials.attributes.updated_at}Z`);
    const when = new Date(`${essentials.attributes.updated_at}Z`);
    expect(time.textContent).to.equal(
      new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(when),
    );
    expect(inItem(item(el, CATALOG_NAMES.clearance), 'releases-count').textContent?.trim()).to.equal('1 release');
  });

  it('shows what each fixture account may view once a member picks it in the shared session', async () => {
    const ada = await signInAs('ada@example.com');
    const grace = await signInAs('grace@example.com');
    const el = await list();
    const session = MemberSession.for('storefront', 'memory');

    session.signIn({ accountMemberId: ada.meta.account_member_id, accounts: sessionAccounts(ada) });
    await loaded(el);
    // signed in with two accounts and none chosen yet: still the implicit token
    expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);

    session.select(accountNamed(ada, 'Analytical Engines Ltd').accountId);
    await waitUntil(() => shownNames(el).length === VISIBLE.analytical.length, 'analytical list');
    await loaded(el);
    expect(shownNames(el)).to.deep.equal(VISIBLE.analytical);

    session.select(accountNamed(ada, 'Harvard Computation Lab').accountId);
    await waitUntil(() => shownNames(el).includes(CATALOG_NAMES.labSupplies), 'harvard list');
    await loaded(el);
    expect(shownNames(el)).to.deep.equal(VISIBLE.harvard);

    session.signOut('user');
    await waitUntil(() => !shownNames(el).includes(CATALOG_NAMES.labSupplies), 'store-wide again');
    await loaded(el);
    expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);

    // one account: selected at sign-in
    session.signIn({ accountMemberId: grace.meta.account_member_id, accounts: sessionAccounts(grace) });
    await waitUntil(() => shownNames(el).includes(CATALOG_NAMES.labSupplies), 'grace list');
    expect(shownNames(el)).to.deep.equal(VISIBLE.harvard);
  });

  it('aborts the request in flight when the account changes, and shows the new account only', async () => {
    const ada = await signInAs('ada@example.com');
    const session = MemberSession.for('storefront', 'memory');
    session.signIn({ accountMemberId: ada.meta.account_member_id, accounts: sessionAccounts(ada) });
    session.select(accountNamed(ada, 'Analytical Engines Ltd').accountId);
    const errors: StorefrontErrorEvent[] = [];
    let switched = false;
    const observed = observedFetch((url) => {
      // switch while the first catalog request is on its way to the real service
      if (!switched && url.includes('/catalogs')) {
        switched = true;
        session.select(accountNamed(ada, 'Harvard Computation Lab').accountId);
      }
    });
    // the store's implicit token goes ahead of them: only the catalog requests count
    const catalogRequests = () => observed.signals.filter((_, i) => observed.urls[i].includes('/catalogs'));
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url=${SERVICE_URL}
        client-id="storefront"
        storage="memory"
        .fetch=${observed.fetch}
        @storefront-error=${(e: StorefrontErrorEvent) => errors.push(e)}
      ></catalog-list>`,
    );
    await waitUntil(() => catalogRequests().length >= 2, 'a second request');
    await loaded(el);
    expect(catalogRequests()[0]?.aborted).to.equal(true);
    expect(catalogRequests()[1]?.aborted).to.equal(false);
    expect(shownNames(el)).to.deep.equal(VISIBLE.harvard);
    expect(errors).to.have.length(0);
  });

  it("the host's accessToken wins over the selected account", async () => {
    const ada = await signInAs('ada@example.com');
    const session = MemberSession.for('storefront', 'memory');
    session.signIn({ accountMemberId: ada.meta.account_member_id, accounts: sessionAccounts(ada) });
    session.select(accountNamed(ada, 'Harvard Computation Lab').accountId);
    const operator = await operatorToken();
    const el = await list((e) => (e.accessToken = operator));
    expect(shownNames(el)).to.deep.equal(VISIBLE.all);
    el.accessToken = undefined;
    await waitUntil(() => shownNames(el).length === VISIBLE.harvard.length, 'back to the account');
    expect(shownNames(el)).to.deep.equal(VISIBLE.harvard);
  });

  it('follows links.next through every page (page-size maps to page[limit]) and shows the first page early', async () => {
    let releaseSecond!: () => void;
    const secondMayAnswer = new Promise<void>((resolve) => (releaseSecond = resolve));
    const observed = observedFetch((url) =>
      url.includes('page%5Boffset%5D=2') || url.includes('page[offset]=2') ? secondMayAnswer : undefined,
    );
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url=${SERVICE_URL}
        client-id="storefront"
        storage="memory"
        page-size="2"
        .fetch=${observed.fetch}
      ></catalog-list>`,
    );
    await waitUntil(() => shownNames(el).length === 2, 'the first page');
    expect(isBusy(el)).to.equal(true);
    expect(part(el, 'loading-label').textContent).to.equal('Loading more catalogs…');
    expect(parts(el, 'item')[0].getAttribute('aria-setsize')).to.equal('-1');
    releaseSecond();
    await loaded(el);
    expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);
    const catalogRequests = observed.urls.filter((u) => new URL(u).pathname === '/catalogs');
    expect(catalogRequests).to.have.length(2);
    expect(new URL(catalogRequests[0]).searchParams.get('page[limit]')).to.equal('2');
    expect(parts(el, 'item')[0].getAttribute('aria-setsize')).to.equal('3');
    expect(parts(el, 'item').map((i) => i.getAttribute('aria-posinset'))).to.deep.equal(['1', '2', '3']);
  });

  it('asks the catalog address when catalog-base-url differs from base-url', async () => {
    const observed = observedFetch();
    const service = new URL(SERVICE_URL);
    // the same service under its other loopback name: a different origin, as a regional catalog address is
    const catalogHost = service.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const catalogBase = `http://${catalogHost}:${service.port}`;
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url=${SERVICE_URL}
        catalog-base-url=${catalogBase}
        client-id="storefront"
        storage="memory"
        .fetch=${observed.fetch}
      ></catalog-list>`,
    );
    await loaded(el);
    expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);
    expect(new URL(observed.urls.find((u) => u.includes('/oauth/access_token'))!).origin).to.equal(service.origin);
    expect(new URL(observed.urls.find((u) => u.includes('/catalogs'))!).origin).to.equal(new URL(catalogBase).origin);
  });

  it('opens the releases of a catalog and says what each release means', async () => {
    const el = await list();
    const row = item(el, CATALOG_NAMES.essentials);
    const expand = inItem<HTMLButtonElement>(row, 'expand');
    expect(expand.getAttribute('aria-expanded')).to.equal('false');
    expand.click();
    await el.updateComplete;
    const panelId = expand.getAttribute('aria-controls')!;
    expect(expand.getAttribute('aria-expanded')).to.equal('true');
    const panel = el.shadowRoot!.getElementById(panelId)!;
    expect(panel.getAttribute('part')).to.equal('releases');
    await waitUntil(() => panel.querySelectorAll('[part~="release"]').length === 3, 'three releases');
    const essentials = el.catalogs[0];
    const expected = await serviceGet<CatalogListEnvelope<{ attributes: Record<string, unknown> }>>(
      new URL(essentials.relationships.releases.links.related).pathname,
      await implicitToken(),
    );
    const releases = [...panel.querySelectorAll<HTMLElement>('[part~="release"]')];
    releases.forEach((release, i) => {
      const attrs = expected.data[i].attributes;
      expect(release.dataset.fullPublish).to.equal(String(attrs.is_full_publish));
      expect(release.dataset.fullDelta).to.equal(String(attrs.is_full_delta));
      expect(release.querySelector('time')?.getAttribute('datetime')).to.equal(`${attrs.published_at as string}Z`);
    });
    // newest first: the first release of a catalog is always a full publish
    const first = releases[2];
    expect(first.querySelector('[part~="release-publish"]')?.textContent).to.equal(
      'Complete publish: this release contains the whole catalog.',
    );
    expect(first.querySelector('[part~="release-delta"]')?.textContent).to.equal(
      'Full refresh: replace everything you hold for this catalog with this release.',
    );
    expect(releases[0].querySelector('[part~="release-publish"]')?.textContent).to.equal(
      'Update: changes since the previous release, laid over the data you already hold.',
    );
    expect(panel.querySelector('[part~="releases-note"]')?.textContent).to.equal(
      'Only the current release and the two before it are kept.',
    );
    await expect(el).to.be.accessible();

    expand.click();
    await el.updateComplete;
    expect(expand.getAttribute('aria-expanded')).to.equal('false');
    expect(expand.hasAttribute('aria-controls')).to.equal(false);
    expect(maybePart(el, 'releases')).to.equal(null);
  });

  it('shows a release panel error with a retry, and recovers', async () => {
    let fail = true;
    const el = await list((e) => {
      e.fetch = async (input, init) => {
        if (fail && String(input).includes('/releases')) {
          return new Response('{"errors":[{"title":"Internal Server Error","status":"500"}]}', { status: 500 });
        }
        return fetch(input, init);
      };
    });
    const errors = record<StorefrontErrorEvent>(el, 'storefront-error');
    inItem<HTMLButtonElement>(item(el, CATALOG_NAMES.seasonal), 'expand').click();
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="releases"] [part~="error"]'), 'panel error');
    const panel = part(el, 'releases');
    expect(panel.querySelector('[role="alert"]')?.textContent).to.contain('problem processing the request');
    expect(errors).to.have.length(1);
    expect(errors[0].detail.error.status).to.equal(500);
    fail = false;
    panel.querySelector<HTMLButtonElement>('[part~="retry"]')!.click();
    await waitUntil(() => panel.querySelectorAll('[part~="release"]').length === 2, 'two releases');
  });

  it('leaves focus on the row when Try again in its release panel takes the button away', async () => {
    let fail = true;
    const el = await list((e) => {
      e.fetch = async (input, init) => {
        if (fail && String(input).includes('/releases')) {
          return new Response('{"errors":[{"title":"Internal Server Error","status":"500"}]}', { status: 500 });
        }
        return fetch(input, init);
      };
    });
    const row = item(el, CATALOG_NAMES.seasonal);
    inItem<HTMLButtonElement>(row, 'expand').click();
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="releases"] [part~="retry"]'), 'panel error');
    part<HTMLButtonElement>(el, 'retry').focus();
    fail = false;
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => el.shadowRoot!.querySelectorAll('[part~="release"]').length === 2, 'two releases');
    expect(focusedPart(el)).to.equal('select');
    expect(row.contains(el.shadowRoot!.activeElement)).to.equal(true);
    expect(row.getAttribute('part')).to.equal('item item-active');
  });

  it('fires catalog-selected with the API resource on click, Enter and Space', async () => {
    const el = await list();
    const chosen = record<CatalogSelectedEvent>(el, 'catalog-selected');
    const expected = await serviceGet<CatalogListEnvelope<Catalog>>('/catalogs', await implicitToken());

    inItem(item(el, CATALOG_NAMES.seasonal), 'description').click();
    expect(chosen).to.have.length(1);
    expect(chosen[0].detail.catalog).to.deep.equal(expected.data[1]);
    expect(chosen[0].bubbles && chosen[0].composed).to.equal(true);

    inItem<HTMLButtonElement>(item(el, CATALOG_NAMES.clearance), 'select').focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Space' });
    expect(chosen.map((e) => e.detail.catalog.attributes.name)).to.deep.equal([
      CATALOG_NAMES.seasonal,
      CATALOG_NAMES.clearance,
      CATALOG_NAMES.clearance,
    ]);
    // the disclosure button does not choose
    inItem<HTMLButtonElement>(item(el, CATALOG_NAMES.clearance), 'expand').click();
    expect(chosen).to.have.length(3);
  });

  it('moves a single tab stop with the arrow keys, Home and End', async () => {
    const el = await list();
    const tabStops = () => parts(el, 'select').filter((b) => b.tabIndex === 0);
    expect(tabStops().map((b) => b.textContent?.trim())).to.deep.equal([CATALOG_NAMES.essentials]);
    tabStops()[0].focus();
    const focusedName = () => (el.shadowRoot!.activeElement as HTMLElement | null)?.textContent?.trim();
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(focusedName()).to.equal(CATALOG_NAMES.seasonal);
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(focusedName()).to.equal(CATALOG_NAMES.clearance);
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(focusedName()).to.equal(CATALOG_NAMES.clearance);
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(focusedName()).to.equal(CATALOG_NAMES.essentials);
    await sendKeys({ press: 'ArrowUp' });
    await el.updateComplete;
    expect(focusedName()).to.equal(CATALOG_NAMES.essentials);
    expect(tabStops()).to.have.length(1);
    expect(item(el, CATALOG_NAMES.essentials).getAttribute('part')).to.equal('item item-active');
  });

  it('reload() asks again, and catalogs is a read-only view', async () => {
    const observed = observedFetch();
    const el = await list((e) => (e.fetch = observed.fetch));
    const before = observed.urls.filter((u) => u.includes('/catalogs')).length;
    el.reload();
    await loaded(el);
    expect(observed.urls.filter((u) => u.includes('/catalogs')).length).to.equal(before + 1);
    expect(Object.isFrozen(el.catalogs)).to.equal(true);
    expect(el.catalogs.map((c) => c.attributes.name)).to.deep.equal(VISIBLE.storeWide);
    await expect(el).to.be.accessible();
  });
});
