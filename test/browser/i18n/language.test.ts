/**
 * How an element finds its language (the nearest `lang`, across shadow roots), follows its changes, takes a
 * language a page adds late, lets a store reword texts (for the page with addTranslation, for one element with
 * `texts`), and writes plurals, numbers and dates with Intl.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/define.js';
import '../../../src/define-operator.js';
import '../../../src/elements/account-menu/define.js';
import { de } from '../../../src/locales/de.js';
import { addTranslation } from '../../../src/locales/translation.js';
import type { AccountMembers, AccountPicker, CatalogList } from '../../../src/index.js';
import { fakeFetch, jsonResponse } from '../helpers/fake-fetch.js';
import { SERVICE_URL, implicitToken, operatorToken } from '../helpers/service.js';
import { maybePart, part, parts, settled } from '../helpers/table.js';
import { waitUntil } from '@open-wc/testing';

const SIGNED_OUT = { en: 'Sign in to choose an account.', de: 'Melden Sie sich an, um ein Konto zu wählen.' };

/** The picker's sentence while nobody is signed in: the quickest text of any element to read. */
const hint = (picker: AccountPicker) => part(picker, 'signed-out').textContent;

describe('language', () => {
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it('is the lang of the element, else of its nearest ancestor, else of <html>', async () => {
    document.documentElement.lang = 'de';
    const page = await fixture<HTMLElement>(
      html`<div>
        <account-picker id="html"></account-picker>
        <section lang="en"><account-picker id="ancestor"></account-picker></section>
        <section lang="en"><account-picker id="own" lang="de-CH"></account-picker></section>
      </div>`,
    );
    const picker = (id: string) => page.querySelector<AccountPicker>(`#${id}`)!;
    expect(hint(picker('html'))).to.equal(SIGNED_OUT.de);
    expect(hint(picker('ancestor'))).to.equal(SIGNED_OUT.en);
    // de-CH has no texts of its own: German
    expect(hint(picker('own'))).to.equal(SIGNED_OUT.de);
  });

  it('updates when a lang on its way changes, is added or is removed', async () => {
    const page = await fixture<HTMLElement>(
      html`<div>
        <p><account-picker></account-picker></p>
      </div>`,
    );
    const picker = page.querySelector('account-picker')!;
    expect(hint(picker)).to.equal(SIGNED_OUT.en);
    page.lang = 'de';
    await waitUntil(() => hint(picker) === SIGNED_OUT.de, 'the picker did not follow the new lang');
    page.querySelector('p')!.lang = 'en';
    await waitUntil(() => hint(picker) === SIGNED_OUT.en, 'the nearer lang did not win');
    page.querySelector('p')!.removeAttribute('lang');
    await waitUntil(() => hint(picker) === SIGNED_OUT.de, 'the removed lang still counted');
    picker.lang = 'en-GB';
    await waitUntil(() => hint(picker) === SIGNED_OUT.en, "the element's own lang did not win");
  });

  it("crosses shadow roots to the host's ancestors, and hears changes inside them", async () => {
    const page = await fixture<HTMLElement>(html`<div lang="de"><div id="host"></div></div>`);
    const host = page.querySelector('#host')!;
    const root = host.attachShadow({ mode: 'open' });
    const wrapper = document.createElement('div');
    const picker = document.createElement('account-picker');
    wrapper.append(picker);
    root.append(wrapper);
    await picker.updateComplete;
    expect(hint(picker)).to.equal(SIGNED_OUT.de);
    // a lang inside the shadow root is nearer
    wrapper.lang = 'en';
    await waitUntil(() => hint(picker) === SIGNED_OUT.en, 'a lang inside the shadow root was not heard');
    wrapper.removeAttribute('lang');
    await waitUntil(() => hint(picker) === SIGNED_OUT.de, 'the host side did not count again');
    page.lang = 'en';
    await waitUntil(() => hint(picker) === SIGNED_OUT.en, 'a change outside the shadow root was not heard');
  });

  it('takes a language the page adds after the elements showed, at once', async () => {
    const picker = await fixture<AccountPicker>(html`<account-picker lang="fr"></account-picker>`);
    expect(hint(picker)).to.equal(SIGNED_OUT.en);
    addTranslation('fr', {
      'account-picker': {
        listLabel: 'Compte',
        signedOutText: 'Connectez-vous pour choisir un compte.',
        noAccountsText: '…',
      },
    });
    await waitUntil(
      () => hint(picker) === 'Connectez-vous pour choisir un compte.',
      'the added language was not shown',
    );
  });

  it("lets `texts` reword an element's text in every language, and goes back when the key is unset", async () => {
    const picker = await fixture<AccountPicker>(
      html`<account-picker lang="de" .texts=${{ signedOutText: 'Bitte zuerst anmelden.' }}></account-picker>`,
    );
    expect(hint(picker)).to.equal('Bitte zuerst anmelden.');
    picker.lang = 'en';
    await picker.updateComplete;
    expect(hint(picker)).to.equal('Bitte zuerst anmelden.');
    picker.texts = {};
    await picker.updateComplete;
    expect(hint(picker)).to.equal(SIGNED_OUT.en);
    picker.texts = { signedOutText: 'Sign in first.' };
    await picker.updateComplete;
    expect(hint(picker)).to.equal('Sign in first.');
    picker.texts = { signedOutText: undefined };
    picker.lang = 'de';
    await picker.updateComplete;
    expect(hint(picker)).to.equal(SIGNED_OUT.de);
  });

  describe('a store rewording texts for the page with addTranslation', () => {
    const STORE = { en: 'Sign in to shop for your company.', de: 'Zum Einkaufen für Ihre Firma anmelden.' };
    // the wording stays for the page's life: put the texts back for the tests after these
    afterEach(() => {
      addTranslation('en', { 'account-picker': { signedOutText: SIGNED_OUT.en } });
      addTranslation('de', { 'account-picker': { signedOutText: SIGNED_OUT.de } });
    });

    it('rewords English wherever English shows, and a language over its module, text by text', async () => {
      const page = await fixture<HTMLElement>(
        html`<div>
          <account-picker id="none"></account-picker>
          <account-picker id="en-gb" lang="en-GB"></account-picker>
          <account-picker id="pt" lang="pt-BR"></account-picker>
          <account-picker id="de" lang="de"></account-picker>
          <account-picker id="own" lang="de" .texts=${{ signedOutText: 'Bitte zuerst anmelden.' }}></account-picker>
        </div>`,
      );
      const picker = (id: string) => page.querySelector<AccountPicker>(`#${id}`)!;
      addTranslation('en', { 'account-picker': { signedOutText: STORE.en } });
      addTranslation('de', { 'account-picker': { signedOutText: STORE.de } });
      await waitUntil(() => hint(picker('de')) === STORE.de, 'the German wording was not shown');
      // no lang (the browser's language), en-GB, and a language nobody added all show the store's English
      for (const id of ['none', 'en-gb', 'pt']) expect(hint(picker(id)), id).to.equal(STORE.en);
      // an element's own texts win over the page's wording
      expect(hint(picker('own'))).to.equal('Bitte zuerst anmelden.');
      // the German module's other texts stay
      picker('de').accounts = [];
      await picker('de').updateComplete;
      expect(part(picker('de'), 'no-accounts').textContent).to.equal(de['account-picker'].noAccountsText);
    });
  });

  it('gives an element registered under another name its texts and language too', async () => {
    customElements.get('account-picker')!;
    (await import('../../../src/elements/account-picker/account-picker.js')).AccountPicker.define(
      'acme-account-picker',
    );
    const picker = await fixture<AccountPicker>(html`<acme-account-picker lang="de"></acme-account-picker>`);
    expect(hint(picker)).to.equal(SIGNED_OUT.de);
    picker.texts = { signedOutText: 'Erst anmelden.' };
    await picker.updateComplete;
    expect(hint(picker)).to.equal('Erst anmelden.');
  });

  it('lets `texts` reword an error sentence', async () => {
    const fail = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const list = await fixture<CatalogList>(
      html`<catalog-list
        lang="de"
        base-url=${SERVICE_URL}
        .texts=${{ networkErrorText: 'Keine Verbindung zum Laden.' }}
        .accessToken=${'t'}
        .fetch=${fail.fetch}
      ></catalog-list>`,
    );
    await waitUntil(() => maybePart(list, 'error'), 'no error', { timeout: 8000 });
    expect(part(list, 'error-message').textContent).to.equal('Keine Verbindung zum Laden.');
    expect(part(list, 'retry').textContent?.trim()).to.equal('Erneut versuchen');
  });

  it('writes plurals by Intl.PluralRules and dates by Intl in the element’s language', async () => {
    const token = await implicitToken();
    const page = await fixture<HTMLElement>(
      html`<div>
        <catalog-list lang="en" base-url=${SERVICE_URL} .accessToken=${token}></catalog-list>
        <catalog-list lang="de" base-url=${SERVICE_URL} .accessToken=${token}></catalog-list>
      </div>`,
    );
    const [en, german] = [...page.querySelectorAll<CatalogList>('catalog-list')];
    await waitUntil(() => parts(en, 'item').length && parts(german, 'item').length, 'no catalogs', { timeout: 8000 });
    for (const [list, one, other] of [
      [en, /^1 release$/, /^\d+ releases$/],
      [german, /^1 Version$/, /^\d+ Versionen$/],
    ] as const) {
      const counts = list.catalogs.map((c) => c.relationships.releases.meta.count);
      const shown = parts(list, 'releases-count').map((p) => p.textContent);
      expect(shown).to.have.length(counts.length);
      shown.forEach((text, i) => expect(text).to.match(counts[i] === 1 ? one : other));
    }
    const updated = (list: CatalogList) => list.catalogs[0].attributes.updated_at;
    const format = (locale: string, value: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value + 'Z'));
    expect(part(german, 'updated').textContent).to.equal(`Aktualisiert ${format('de', updated(german))}`);
    expect(part(en, 'updated').textContent).to.equal(`Updated ${format('en', updated(en))}`);
  });

  it('writes numbers by Intl in the element’s language (the pager of a long list)', async () => {
    // a list of 12,345 members, as the service would answer it, to see the thousands written out
    const members = Array.from({ length: 25 }, (_, i) => ({
      type: 'account_member',
      id: `m${i}`,
      name: `Member ${i}`,
      email: `m${i}@example.com`,
      meta: { timestamps: { created_at: '2024-02-03T10:00:00.000', updated_at: '2024-02-03T10:00:00.000' } },
    }));
    const answer = () =>
      jsonResponse({
        data: members,
        meta: { page: { limit: 25, offset: 0, current: 1, total: 494 }, results: { total: 12345 } },
        links: { next: null, prev: null },
      });
    const page = await fixture<HTMLElement>(
      html`<div>
        <account-members lang="en" base-url=${SERVICE_URL} .accessToken=${'t'} .fetch=${fakeFetch(answer).fetch}>
        </account-members>
        <account-members lang="de" base-url=${SERVICE_URL} .accessToken=${'t'} .fetch=${fakeFetch(answer).fetch}>
        </account-members>
      </div>`,
    );
    const [en, german] = [...page.querySelectorAll<AccountMembers>('account-members')];
    await settled(en);
    await settled(german);
    expect(part(en, 'page-status').textContent).to.equal('Showing 1–25 of 12,345');
    expect(part(german, 'page-status').textContent).to.equal('1–25 von 12.345');
    expect(parts(german, 'page-button').map((b) => b.textContent?.trim())).to.deep.equal([
      'Erste',
      'Vorherige',
      'Nächste',
      'Letzte',
    ]);
  });

  it('says "no page N" with the number of pages as a plural', async () => {
    const token = await operatorToken();
    for (const [size, sentence] of [
      [25, 'Es gibt keine Seite 9: Die Liste hat 2 Seiten.'],
      [100, 'Es gibt keine Seite 9: Die Liste hat 1 Seite.'],
    ] as const) {
      const el = await fixture<AccountMembers>(
        html`<account-members
          lang="de"
          base-url=${SERVICE_URL}
          page="9"
          page-size=${size}
          .accessToken=${token}
        ></account-members>`,
      );
      await settled(el);
      expect(part(el, 'empty').textContent?.trim()).to.equal(sentence);
    }
  });

  it('treats a lang that is no language tag as none, without failing', async () => {
    const token = await operatorToken();
    const el = await fixture<AccountMembers>(
      html`<account-members lang="en_US" base-url=${SERVICE_URL} .accessToken=${token}></account-members>`,
    );
    await settled(el);
    expect(maybePart(el, 'error')).to.equal(null);
    expect(part(el, 'page-status').textContent).to.match(/^Showing 1–25 of \d+$/);
  });

  it('has a German text for every text of every element', () => {
    for (const tag of Object.keys(de) as (keyof typeof de)[]) {
      const element = customElements.get(tag) as unknown as { englishTexts: Record<string, unknown> };
      expect(Object.keys(de[tag]).sort(), tag).to.deep.equal(Object.keys(element.englishTexts).sort());
    }
  });
});
