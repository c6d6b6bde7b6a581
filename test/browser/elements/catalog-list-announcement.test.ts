/** <catalog-list>'s live region: when a load ends, assistive technology hears how many catalogs it brought. */
import { expect, fixture, html } from '@open-wc/testing';
import { MemberSession } from '../../../src/auth/session.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import { resetSessions } from '../helpers/page-state.js';
import { SERVICE_URL } from '../helpers/service.js';
import { part } from '../helpers/table.js';
import { VISIBLE, accountNamed, isBusy, loaded, sessionAccounts, signInAs } from './catalog-list-helpers.js';

describe('<catalog-list> announcement', () => {
  before(() => CatalogList.define());
  afterEach(() => resetSessions());

  it('says "N catalogs" politely once a load ends, and again after the next one', async () => {
    const el = await fixture<CatalogList>(
      html`<catalog-list base-url=${SERVICE_URL} client-id="storefront"></catalog-list>`,
    );
    const region = part(el, 'announcement');
    expect(region.getAttribute('role')).to.equal('status');
    expect(region.classList.contains('visually-hidden')).to.equal(true);
    await loaded(el);
    expect(part(el, 'announcement').textContent).to.equal(`${VISIBLE.storeWide.length} catalogs`);

    const ada = await signInAs('ada@example.com');
    const session = MemberSession.for('storefront', 'memory');
    session.signIn({ accountMemberId: ada.meta.account_member_id, accounts: sessionAccounts(ada) });
    session.select(accountNamed(ada, 'Analytical Engines Ltd').accountId);
    await el.updateComplete;
    expect(isBusy(el), 'the reload').to.equal(true);
    expect(part(el, 'announcement').textContent, 'quiet while loading').to.equal('');
    await loaded(el);
    expect(part(el, 'announcement').textContent).to.equal(`${VISIBLE.analytical.length} catalogs`);
    await expect(el).to.be.accessible();
  });

  it('says one catalog in the singular, and can be reworded: plural forms, or one text for every number', async () => {
    const one = { data: [], links: { next: null } };
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url=${SERVICE_URL}
        client-id="storefront"
        .texts=${{ loadedText: { one: '{count} Katalog', other: '{count} Kataloge' } }}
      ></catalog-list>`,
    );
    await loaded(el);
    expect(part(el, 'announcement').textContent).to.equal(`${VISIBLE.storeWide.length} Kataloge`);
    el.fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).includes('/catalogs')) return response;
      const body = await response.json();
      return new Response(JSON.stringify({ ...body, ...one, data: body.data.slice(0, 1) }), {
        headers: { 'Content-Type': 'application/json' },
      });
    };
    await el.updateComplete;
    await loaded(el);
    expect(part(el, 'announcement').textContent).to.equal('1 Katalog');
    el.texts = { loadedText: 'Catalogs: {count}' };
    await el.updateComplete;
    expect(part(el, 'announcement').textContent).to.equal('Catalogs: 1');
  });
});
