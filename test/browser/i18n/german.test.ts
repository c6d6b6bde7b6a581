/**
 * Under lang="de" with the German module loaded, no English word is left in any element, in any state: each
 * element is walked through its states (loading, empty, each error code and HTTP status it shows, pager, release
 * panel, add panel, signed in and out, expired, rejected, signed out elsewhere, cancelled, the setup errors, ...,
 * the catalog list's announcement) and everything it shows or names
 * for assistive technology is read. Data from the service (names, descriptions, emails) is left out: it is the
 * store's, not the element's. The reference service gives every answer it can; `fetch` is faked only for faults
 * (a dropped connection, a body that is not JSON, statuses the fixtures do not produce) and hanging loads.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import '../../../src/define.js';
import '../../../src/define-operator.js';
import { MemberSession } from '../../../src/auth/session.js';
import { storeKey } from '../../../src/internal/storage.js';
import { de } from '../../../src/locales/de.js';
import {
  AccountMembers,
  AccountMemberships,
  AccountPicker,
  AccountSignIn,
  CatalogList,
  type SignInRedirectEvent,
} from '../../../src/index.js';
import { fakeFetch, hangingFetch, jsonResponse, type FakeHandler } from '../helpers/fake-fetch.js';
import { SERVICE_URL, fixtureId, implicitToken, operatorToken, resetService } from '../helpers/service.js';
import { cleanUpSignIn, landOn, recordNavigation, REDIRECT_URI } from '../helpers/sign-in-flow.js';
import { maybePart, part, parts, settled } from '../helpers/table.js';

const words = (text: string): string[] => (text.match(/\p{L}+/gu) ?? []).map((word) => word.toLowerCase());
/** The words of every text of a set, its `{placeholders}` left out. */
const wordsOf = (texts: object): string[] =>
  Object.values(texts).flatMap((text) =>
    typeof text === 'string' ? words(text.replace(/\{\w+\}/g, ' ')) : wordsOf(text),
  );

/** Everyday English that a sentence written into an element by hand would show, beyond the elements' texts. */
const COMMON_ENGLISH = `the a an and or of to in on at is are was be been not no this that your you it with for from
  by page pages first previous next last loading try again sign out store account accounts member members catalog
  catalogs release releases search clear add added cancel showing rows per owner updated created published error
  request could there has have please waiting refused answered service token access address reached failed unknown
  found only yet set up more all none empty email find`.split(/\s+/);

const ELEMENTS = [AccountSignIn, AccountPicker, CatalogList, AccountMembers, AccountMemberships];
/** An element's texts in English and in German, by name. */
const english = (element: (typeof ELEMENTS)[number]) => element.englishTexts as Record<string, unknown>;
const germanOf = (element: (typeof ELEMENTS)[number]) =>
  de[element.defaultTag as keyof typeof de] as Record<string, unknown>;
/** The texts the two languages write the same. */
const SAME_IN_BOTH = ['Name', 'ID'];

/** The words of the German texts that are not the English text left in place. */
const GERMAN = new Set(
  ELEMENTS.flatMap((element) => {
    return Object.entries(germanOf(element))
      .filter(
        ([key, text]) =>
          JSON.stringify(text) !== JSON.stringify(english(element)[key]) || SAME_IN_BOTH.includes(text as string),
      )
      .flatMap(([, text]) => wordsOf({ text }));
  }),
);
/** The words of every English text, and everyday English, that no German text has. */
const ENGLISH = new Set(
  ELEMENTS.flatMap((element) => wordsOf(element.englishTexts))
    .concat(COMMON_ENGLISH)
    .filter((word) => !GERMAN.has(word)),
);

/** Parts that hold the store's data, not the element's texts. */
const DATA_PARTS = ['name', 'description', 'cell-name', 'cell-email', 'candidate-name', 'candidate-email'];

/** Every text the element shows, and every name and hint it gives assistive technology. */
function shownText(el: Element): string {
  const out: string[] = [];
  const walk = (node: Node): void => {
    if (node instanceof Element) {
      if (DATA_PARTS.some((name) => node.part.contains(name))) return;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) out.push(node.getAttribute(name) ?? '');
    } else if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent ?? '');
    }
    node.childNodes.forEach(walk);
  };
  el.shadowRoot!.childNodes.forEach(walk);
  return out.join(' ');
}

/** The English words the element shows, its data (`data`, ids) left out; fails when it shows nothing. */
function englishIn(el: Element, data: string[] = []): string[] {
  let text = shownText(el).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ' ');
  for (const value of data) text = text.split(value).join(' ');
  expect(text.trim(), `<${el.localName}> shows nothing`).to.not.equal('');
  return words(text).filter((word) => ENGLISH.has(word));
}

async function expectGerman(el: Element, what: string, data: string[] = []): Promise<void> {
  expect(englishIn(el, data), `<${el.localName}> ${what}: ${shownText(el)}`).to.deep.equal([]);
}

/** A fixture in a German part of the page. */
async function german<T extends HTMLElement>(template: TemplateResult): Promise<T> {
  const page = await fixture<HTMLElement>(html`<div lang="de">${template}</div>`);
  return page.firstElementChild as T;
}

/** The service's own answers, except where `route` answers instead. */
function routed(route: (url: URL, method: string) => Response | Promise<Response> | undefined): typeof fetch {
  const handler: FakeHandler = (call) =>
    route(new URL(call.url), call.method) ??
    fetch(call.url, { method: call.method, headers: call.headers, body: call.body, signal: call.signal });
  return fakeFetch(handler).fetch;
}

/** What the service says in an error envelope; none of it may reach the page. */
const envelope = (status: number) =>
  jsonResponse({ errors: [{ title: 'Refused', status: String(status), detail: 'the service says why here' }] }, status);

/** The faults an element shows besides those the reference service gives it. */
const FAULTS: [string, () => Response | Promise<Response>][] = [
  ['network_error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ['invalid_response', () => new Response('<html>not json</html>', { status: 200 })],
  ['HTTP 403', () => envelope(403)],
  ['HTTP 404', () => envelope(404)],
  ['HTTP 429', () => envelope(429)],
  ['HTTP 500', () => envelope(500)],
  ['HTTP 503', () => envelope(503)],
];

const later = () => new Date(Date.now() + 3_600_000).toISOString();

describe('under lang="de", every state of every element is German', function () {
  this.timeout(60000);
  afterEach(cleanUpSignIn);

  it('has a German text, not the English one, for every text but those both languages write alike', () => {
    for (const element of ELEMENTS) {
      const same = Object.keys(english(element)).filter(
        (key) => JSON.stringify(germanOf(element)[key]) === JSON.stringify(english(element)[key]),
      );
      const texts = same.map((key) => english(element)[key] as string);
      expect(
        texts.filter((text) => !SAME_IN_BOTH.includes(text)),
        element.defaultTag,
      ).to.deep.equal([]);
    }
  });

  it('finds the English words where they are (the check itself)', async () => {
    const picker = await fixture<AccountPicker>(html`<account-picker lang="en"></account-picker>`);
    expect(englishIn(picker)).to.include.members(['sign', 'choose', 'account']);
    const pickerDe = await german<AccountPicker>(html`<account-picker></account-picker>`);
    expect(englishIn(pickerDe)).to.deep.equal([]);
  });

  describe('<account-sign-in>', () => {
    const signIn = (fetchImpl?: typeof fetch, baseUrl = SERVICE_URL, clientId = 'storefront', storage = 'memory') =>
      german<AccountSignIn>(
        html`<account-sign-in
          base-url=${baseUrl}
          client-id=${clientId}
          storage=${storage}
          redirect-uri=${REDIRECT_URI}
          .fetch=${fetchImpl}
        ></account-sign-in>`,
      );
    const profiles = (list: object[]) =>
      routed((url) => (url.pathname.endsWith('/oidc-profiles/') ? jsonResponse({ data: list }) : undefined));

    it('loading, the buttons, a profile without a name, no profile at all', async () => {
      const loading = await signIn(hangingFetch().fetch);
      await expectGerman(loading, 'loading');
      // the hanging load holds the page's implicit token request: a new page load would start afresh
      cleanUpSignIn();
      const buttons = await signIn();
      await waitUntil(() => maybePart(buttons, 'button'), 'no buttons', { timeout: 8000 });
      await expectGerman(buttons, 'signed out', ['Example ID']);
      cleanUpSignIn();
      const nameless = await signIn(profiles([{ id: 'p1', type: 'oidc-profile', links: {} }]));
      await waitUntil(() => maybePart(nameless, 'button'), 'no button', { timeout: 8000 });
      expect(part(nameless, 'button').textContent?.trim()).to.equal('Anmelden');
      cleanUpSignIn();
      const none = await signIn(profiles([]));
      await waitUntil(() => maybePart(none, 'not-configured'), 'no sentence', { timeout: 8000 });
      await expectGerman(none, 'not configured');
    });

    for (const [fault, answer] of FAULTS) {
      it(`the error of ${fault} while loading the sign-in options`, async () => {
        const el = await signIn(routed((url) => (url.pathname.includes('/v2/settings/') ? answer() : undefined)));
        await waitUntil(() => maybePart(el, 'error'), 'no error', { timeout: 8000 });
        await expectGerman(el, fault);
      });
    }

    it('the setup errors: missing attributes, a client-id or base-url the store refuses, a plain-http page', async () => {
      const bare = await german<AccountSignIn>(html`<account-sign-in></account-sign-in>`);
      await waitUntil(() => maybePart(bare, 'error'), 'no error', { timeout: 8000 });
      expect(part(bare, 'error-message').textContent).to.equal('Setzen Sie die Attribute base-url und client-id.');
      await expectGerman(bare, 'not_configured, two attributes missing');
      bare.setAttribute('base-url', SERVICE_URL);
      await waitUntil(
        () => maybePart(bare, 'error-message')?.textContent === 'Setzen Sie das Attribut client-id.',
        'one attribute missing',
        { timeout: 8000 },
      );
      await expectGerman(bare, 'not_configured, one attribute missing');

      const unknownClient = await signIn(undefined, SERVICE_URL, 'storefrnt');
      await waitUntil(() => maybePart(unknownClient, 'error'), 'no error', { timeout: 8000 });
      expect(part(unknownClient, 'error-message').textContent).to.equal(
        'Der Shop hat die client-id „storefrnt“ abgelehnt.',
      );
      await expectGerman(unknownClient, 'not_configured, HTTP 401', ['storefrnt']);
      cleanUpSignIn();

      const wrongAddress = await signIn(undefined, `${SERVICE_URL}/api`);
      await waitUntil(() => maybePart(wrongAddress, 'error'), 'no error', { timeout: 8000 });
      await expectGerman(wrongAddress, 'not_configured, HTTP 404', [`${SERVICE_URL}/api`]);

      const subtle = Object.getOwnPropertyDescriptor(Crypto.prototype, 'subtle')!;
      // what a browser gives a page that is not a secure context
      Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined, configurable: true });
      try {
        const insecure = await signIn();
        await waitUntil(() => maybePart(insecure, 'error'), 'no error', { timeout: 8000 });
        await expectGerman(insecure, 'insecure_context');
      } finally {
        Object.defineProperty(Crypto.prototype, 'subtle', subtle);
      }
    });

    it('the errors of a store address it cannot use and of a sign-in address not safe to open', async () => {
      const unusable = await signIn(undefined, 'ftp://store.example');
      await waitUntil(() => maybePart(unusable, 'error'), 'no error', { timeout: 8000 });
      await expectGerman(unusable, 'not_configured');
      const unsafe = await signIn(
        profiles([
          { id: 'p1', type: 'oidc-profile', name: 'Bad', links: { 'authorization-endpoint': 'javascript:1' } },
        ]),
      );
      await waitUntil(() => maybePart(unsafe, 'button'), 'no button', { timeout: 8000 });
      part(unsafe, 'button').click();
      await waitUntil(() => maybePart(unsafe, 'error'), 'no error', { timeout: 8000 });
      await expectGerman(unsafe, 'unsafe_endpoint');
    });

    /** A sign-in started for real, so that the address bar can bring back a callback of it. */
    async function startedState(): Promise<string> {
      recordNavigation();
      const starter = await signIn();
      await waitUntil(() => maybePart(starter, 'button'), 'no buttons', { timeout: 8000 });
      const redirect = new Promise<SignInRedirectEvent>((resolve) =>
        starter.addEventListener('sign-in-redirect', resolve, { once: true }),
      );
      part(starter, 'button').click();
      const state = new URL((await redirect).detail.url).searchParams.get('state')!;
      starter.remove();
      return state;
    }

    it('finishing a sign-in, the errors of a callback (unknown code, unknown state, idp_error), cancelled', async () => {
      const callback = (query: string) => landOn(`${REDIRECT_URI}?${query}`);
      callback(`code=c&state=${await startedState()}`);
      const finishing = await signIn(
        routed((url) => (url.pathname.endsWith('/tokens') ? new Promise(() => {}) : undefined)),
      );
      await expectGerman(finishing, 'finishing');
      finishing.remove();
      callback(`code=not-a-code&state=${await startedState()}`);
      const refused = await signIn();
      await waitUntil(() => maybePart(refused, 'error'), 'no error', { timeout: 8000 });
      await expectGerman(refused, 'HTTP 400');
      callback('code=c&state=nobody-started-this');
      const mismatch = await signIn();
      await waitUntil(() => maybePart(mismatch, 'error'), 'no error', { timeout: 8000 });
      await expectGerman(mismatch, 'state_mismatch');
      callback(`error=temporarily_unavailable&error_description=Try+later&state=${await startedState()}`);
      const refusedThere = await signIn();
      await waitUntil(() => maybePart(refusedThere, 'error'), 'no error', { timeout: 8000 });
      await expectGerman(refusedThere, 'idp_error');
      callback(`error=access_denied&error_description=The+user+cancelled&state=${await startedState()}`);
      const cancelled = await signIn();
      await waitUntil(() => maybePart(cancelled, 'notice') && maybePart(cancelled, 'button'), 'no notice', {
        timeout: 8000,
      });
      expect(part(cancelled, 'notice').textContent).to.equal('Die Anmeldung wurde nicht abgeschlossen.');
      await expectGerman(cancelled, 'cancelled', ['Example ID']);
    });

    it('a sign-in window the shopper closed', async () => {
      const open = window.open;
      const popup = { closed: false, close: () => (popup.closed = true), location: { href: '' } };
      window.open = () => popup as unknown as Window;
      try {
        const el = await german<AccountSignIn>(
          html`<account-sign-in
            base-url=${SERVICE_URL}
            client-id="storefront"
            storage="memory"
            mode="popup"
            redirect-uri=${REDIRECT_URI}
          ></account-sign-in>`,
        );
        await waitUntil(() => maybePart(el, 'button'), 'no button', { timeout: 8000 });
        const closed = new Promise((resolve) => el.addEventListener('storefront-error', resolve, { once: true }));
        part(el, 'button').click();
        await waitUntil(() => popup.location.href, 'the window was not sent to the identity provider');
        popup.closed = true;
        await closed;
        await waitUntil(() => !part(el, 'button').hasAttribute('disabled'), 'no button again', { timeout: 8000 });
        await expectGerman(el, 'popup_closed', ['Example ID']);
      } finally {
        window.open = open;
      }
    });

    it('signed in without, with several and with a chosen account; expired; rejected', async () => {
      const session = MemberSession.for('storefront', 'memory');
      const account = (name: string, i: number) => ({
        accountId: `a${i}`,
        accountName: name,
        token: `t${i}`,
        expires: later(),
      });
      const names = ['Analytical Engines Ltd', 'Harvard Computation Lab'];
      session.signIn({ accountMemberId: 'm1', accounts: [] });
      const el = await signIn();
      await expectGerman(el, 'signed in, no account');
      session.signIn({ accountMemberId: 'm1', accounts: names.map(account) });
      await el.updateComplete;
      expect(part(el, 'signed-in-as').textContent).to.equal('Angemeldet · 2 Konten');
      await expectGerman(el, 'signed in, two accounts');
      session.select('a0');
      await el.updateComplete;
      await expectGerman(el, 'signed in for an account', names);
      for (const reason of ['expired', 'rejected'] as const) {
        session.signIn({ accountMemberId: 'm1', accounts: names.map(account) });
        session.signOut(reason);
        await waitUntil(() => maybePart(el, 'notice') && maybePart(el, 'button'), 'no notice', { timeout: 8000 });
        await expectGerman(el, reason, ['Example ID']);
      }
    });

    it('signed out in another tab; the session refused in another tab', async () => {
      const el = await signIn(undefined, SERVICE_URL, 'storefront', 'session');
      // what another tab of the store says on the store's channel
      const otherTab = new BroadcastChannel(storeKey('channel', SERVICE_URL, 'storefront'));
      try {
        for (const [reason, shows] of [
          ['user', 'button'],
          ['rejected', 'notice'],
        ] as const) {
          MemberSession.for('storefront').signIn({
            accountMemberId: 'm1',
            accounts: [{ accountId: 'a1', accountName: 'Cobol Cooperative', token: 't', expires: later() }],
          });
          await waitUntil(() => maybePart(el, 'sign-out'), 'not signed in', { timeout: 8000 });
          await expectGerman(el, 'signed in', ['Cobol Cooperative']);
          otherTab.postMessage({ out: reason });
          await waitUntil(() => maybePart(el, shows) && maybePart(el, 'button'), `no ${shows}`, { timeout: 8000 });
          await expectGerman(el, reason === 'user' ? 'signed out elsewhere' : 'rejected in another tab', [
            'Example ID',
          ]);
        }
      } finally {
        otherTab.close();
      }
    });
  });

  describe('<account-picker>', () => {
    it('signed out, no account, accounts to choose from', async () => {
      const picker = await german<AccountPicker>(
        html`<account-picker client-id="walk" storage="memory"></account-picker>`,
      );
      await expectGerman(picker, 'signed out');
      const session = MemberSession.for('walk', 'memory');
      session.signIn({ accountMemberId: 'm1', accounts: [] });
      await picker.updateComplete;
      await expectGerman(picker, 'no account');
      session.signIn({
        accountMemberId: 'm1',
        accounts: [{ accountId: 'a1', accountName: 'Cobol Cooperative', token: 't', expires: later() }],
      });
      await picker.updateComplete;
      expect(parts(picker, 'item')).to.have.length(1);
      await expectGerman(picker, 'accounts');
    });
  });

  describe('<catalog-list>', () => {
    const list = (fetchImpl?: typeof fetch, attrs: { pageSize?: number; baseUrl?: string; token?: string } = {}) =>
      german<CatalogList>(
        html`<catalog-list
          base-url=${attrs.baseUrl ?? SERVICE_URL}
          page-size=${attrs.pageSize ?? ''}
          .accessToken=${attrs.token ?? 'implicit'}
          .fetch=${fetchImpl}
        ></catalog-list>`,
      );
    /** The store's data a row shows: names, descriptions and owners. */
    const data = (el: CatalogList) =>
      el.catalogs.flatMap((c) => [c.attributes.name, c.attributes.description ?? '', c.attributes.owner]);

    it('not configured, loading, loading more, empty', async () => {
      await expectGerman(await german(html`<catalog-list></catalog-list>`), 'not configured');
      await expectGerman(await list(hangingFetch().fetch), 'loading');
      const catalogs = await (
        await fetch(`${SERVICE_URL}/catalogs`, { headers: { Authorization: `Bearer ${await implicitToken()}` } })
      ).json();
      const more = await list(
        fakeFetch((call) =>
          new URL(call.url).searchParams.has('page[offset]')
            ? new Promise(() => {})
            : jsonResponse({ ...catalogs, links: { next: `${SERVICE_URL}/catalogs?page[offset]=3` } }),
        ).fetch,
      );
      await waitUntil(() => parts(more, 'item').length, 'no rows', { timeout: 8000 });
      await expectGerman(more, 'loading more', data(more));
      const empty = await list(fakeFetch(() => jsonResponse({ data: [], links: { next: null } })).fetch);
      await waitUntil(() => maybePart(empty, 'empty'), 'no empty sentence', { timeout: 8000 });
      await expectGerman(empty, 'empty');
    });

    it('the rows, and a release panel loading, with releases, without releases, failed', async () => {
      const el = await list(undefined, { token: await implicitToken() });
      await waitUntil(() => parts(el, 'item').length, 'no rows', { timeout: 8000 });
      await waitUntil(() => part(el, 'announcement').textContent, 'not announced', { timeout: 8000 });
      expect(part(el, 'announcement').textContent).to.equal(`${el.catalogs.length} Kataloge`);
      await expectGerman(el, 'rows', data(el));
      part(el, 'expand').click();
      await waitUntil(() => maybePart(el, 'release'), 'no releases', { timeout: 8000 });
      await expectGerman(el, 'release panel', data(el));
      const releases = (answer: () => Response | Promise<Response>) =>
        list(
          routed((url) => (url.pathname.includes('/releases') ? answer() : undefined)),
          { token: el.accessToken as string },
        );
      for (const [what, answer, shows] of [
        ['loading', () => new Promise<Response>(() => {}), 'loading'],
        ['without releases', () => jsonResponse({ data: [] }), 'releases-empty'],
        [
          'a release without a date',
          () => jsonResponse({ data: [{ id: 'r', type: 'catalog-release', attributes: {} }] }),
          'release',
        ],
        ['failed', () => envelope(500), 'error'],
      ] as const) {
        const panel = await releases(answer);
        await waitUntil(() => parts(panel, 'item').length, 'no rows', { timeout: 8000 });
        part(panel, 'expand').click();
        await waitUntil(() => maybePart(panel, shows), `no ${shows}`, { timeout: 8000 });
        await expectGerman(panel, `release panel ${what}`, data(panel));
      }
    });

    for (const [fault, answer] of FAULTS) {
      it(`the error of ${fault}`, async () => {
        const el = await list(fakeFetch(answer).fetch);
        await waitUntil(() => maybePart(el, 'error'), 'no error', { timeout: 8000 });
        await expectGerman(el, fault);
      });
    }

    it('the errors of a refused token, a page size the store refuses, a link elsewhere, an unusable address', async () => {
      for (const [what, el] of [
        ['HTTP 401', await list(undefined, { token: 'forged' })],
        ['invalid_query', await list(undefined, { pageSize: 20000 })],
        [
          'unsafe_endpoint',
          await list(
            fakeFetch(() => jsonResponse({ data: [], links: { next: 'https://elsewhere.example/catalogs' } })).fetch,
          ),
        ],
        ['not_configured', await list(undefined, { baseUrl: 'ftp://store.example' })],
      ] as const) {
        await waitUntil(() => maybePart(el, 'error'), `no error for ${what}`, { timeout: 8000 });
        await expectGerman(el, what);
      }
    });

    it('one catalog announced; the setup errors of a client-id and a base-url the store refuses', async () => {
      const catalogs = await (
        await fetch(`${SERVICE_URL}/catalogs`, { headers: { Authorization: `Bearer ${await implicitToken()}` } })
      ).json();
      const one = await list(
        fakeFetch(() => jsonResponse({ ...catalogs, data: catalogs.data.slice(0, 1), links: { next: null } })).fetch,
      );
      await waitUntil(() => part(one, 'announcement').textContent, 'not announced', { timeout: 8000 });
      expect(part(one, 'announcement').textContent).to.equal('1 Katalog');
      await expectGerman(one, 'one catalog', data(one));

      const unknownClient = await german<CatalogList>(
        html`<catalog-list base-url=${SERVICE_URL} client-id="storefrnt"></catalog-list>`,
      );
      const wrongAddress = await german<CatalogList>(
        html`<catalog-list base-url=${`${SERVICE_URL}/api`} client-id="storefront"></catalog-list>`,
      );
      for (const [what, el, shown] of [
        ['not_configured, HTTP 401', unknownClient, 'storefrnt'],
        ['not_configured, HTTP 404', wrongAddress, `${SERVICE_URL}/api`],
      ] as const) {
        await waitUntil(() => maybePart(el, 'error'), `no error for ${what}`, { timeout: 8000 });
        await expectGerman(el, what, [shown]);
      }
    });
  });

  describe('<account-members>', () => {
    const members = async (
      attrs: { filter?: string; page?: number; sort?: string } = {},
      fetchImpl?: typeof fetch,
      token?: string,
    ) => {
      const el = await german<AccountMembers>(
        html`<account-members
          base-url=${SERVICE_URL}
          filter-value=${attrs.filter ?? ''}
          page=${attrs.page ?? 1}
          sort=${attrs.sort ?? '-created_at'}
          .accessToken=${token ?? (await operatorToken())}
          .fetch=${fetchImpl}
        ></account-members>`,
      );
      await settled(el);
      return el;
    };

    it('not configured, loading, the table and pager, no match, an empty store, no such page', async () => {
      await expectGerman(await german(html`<account-members></account-members>`), 'not configured');
      const loading = await german<AccountMembers>(
        html`<account-members
          base-url=${SERVICE_URL}
          .accessToken=${'t'}
          .fetch=${hangingFetch().fetch}
        ></account-members>`,
      );
      await expectGerman(loading, 'loading');
      await expectGerman(await members(), 'table');
      await expectGerman(await members({ filter: 'zzzz' }), 'no match', ['zzzz']);
      const empty = {
        data: [],
        meta: { page: { limit: 25, offset: 0, current: 1, total: 1 }, results: { total: 0 } },
        links: {},
      };
      await expectGerman(await members({}, fakeFetch(() => jsonResponse(empty)).fetch), 'empty store');
      await expectGerman(await members({ page: 9 }), 'no such page');
    });

    it('the errors: a refused token, an unknown sort, and the faults', async () => {
      await expectGerman(await members({}, undefined, 'forged'), 'HTTP 401');
      await expectGerman(await members({ sort: 'shoe_size' }), 'invalid_query');
      for (const [fault, answer] of FAULTS) {
        const el = await members({}, fakeFetch(answer).fetch);
        expect(maybePart(el, 'error'), fault).to.not.equal(null);
        await expectGerman(el, fault);
      }
    });
  });

  describe('<account-memberships>', () => {
    after(resetService);
    const memberships = async (accountId: string, fetchImpl?: typeof fetch, memberId = '') => {
      const el = await german<AccountMemberships>(
        html`<account-memberships
          base-url=${SERVICE_URL}
          account-id=${accountId}
          member-id=${memberId}
          .accessToken=${await operatorToken()}
          .fetch=${fetchImpl}
        ></account-memberships>`,
      );
      await settled(el);
      return el;
    };
    const openPanel = async (el: AccountMemberships, shows: string) => {
      part(el, 'add-button').click();
      await waitUntil(() => maybePart(el, shows), `no ${shows}`, { timeout: 8000 });
    };
    /** The members a candidate list names. */
    const names = (el: AccountMemberships) => parts(el, 'candidate').flatMap((c) => [c.dataset.id ?? '']);

    it('not configured, the table, an empty account, a member not in it, an unknown account', async () => {
      await expectGerman(await german(html`<account-memberships></account-memberships>`), 'not configured');
      await expectGerman(await memberships(await fixtureId('account:harvard')), 'table');
      await expectGerman(await memberships(await fixtureId('account:empty')), 'empty account');
      await expectGerman(await memberships(await fixtureId('account:harvard'), undefined, 'nobody'), 'not a member', [
        'nobody',
      ]);
      await expectGerman(await memberships(await fixtureId('account:nowhere')), 'HTTP 404');
    });

    it('the add panel: loading, its members, many of them, none left, added, already a member, failures', async () => {
      const harvard = await fixtureId('account:harvard');
      const candidates = (answer: () => Response | Promise<Response>) =>
        routed((url) => (url.pathname.endsWith('/unassigned-account-members') ? answer() : undefined));
      const loading = await memberships(
        harvard,
        candidates(() => new Promise(() => {})),
      );
      await openPanel(loading, 'loading');
      await expectGerman(loading, 'candidates loading');

      const el = await memberships(harvard);
      await openPanel(el, 'candidate');
      await expectGerman(el, 'candidates', names(el));
      const chosen = parts(el, 'candidate')[0];
      const name = chosen.querySelector('[part~=candidate-name]')!.textContent!;
      chosen.querySelector('input')!.click();
      part(el, 'add-confirm').click();
      await waitUntil(() => part(el, 'announcement').textContent, 'not announced', { timeout: 8000 });
      await expectGerman(el, 'added', [name]);

      const many = Array.from({ length: 60 }, (_, i) => ({
        type: 'account_member',
        id: `m${i}`,
        name: `M ${i}`,
        email: `m${i}@example.com`,
      }));
      const crowded = await memberships(
        harvard,
        candidates(() => jsonResponse({ data: many, links: { next: null } })),
      );
      await openPanel(crowded, 'candidate-filter');
      await expectGerman(crowded, 'many candidates', names(crowded));

      const none = await memberships(
        harvard,
        candidates(() => jsonResponse({ data: [], links: { next: null } })),
      );
      await openPanel(none, 'empty');
      await expectGerman(none, 'none left');

      const failed = await memberships(
        harvard,
        candidates(() => envelope(500)),
      );
      await openPanel(failed, 'error');
      await expectGerman(failed, 'candidates failed');

      for (const [what, status] of [
        ['already a member', 409],
        ['adding failed', 500],
      ] as const) {
        const refused = await memberships(
          harvard,
          routed((url, method) =>
            method === 'POST' && url.pathname.endsWith('/account-memberships') ? envelope(status) : undefined,
          ),
        );
        await openPanel(refused, 'candidate');
        const candidate = parts(refused, 'candidate')[0];
        const who = candidate.querySelector('[part~=candidate-name]')!.textContent!;
        candidate.querySelector('input')!.click();
        part(refused, 'add-confirm').click();
        await waitUntil(() => maybePart(refused, 'error'), `no error for ${what}`, { timeout: 8000 });
        await expectGerman(refused, what, [...names(refused), who]);
      }
    });
  });
});
