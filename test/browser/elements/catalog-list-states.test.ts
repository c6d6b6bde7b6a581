/** <catalog-list> states: loading, empty, errors (real 401; injected 500, network, malformed), removal, hostile text. */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { forgetImplicitTokens } from '../../../src/auth/implicit-token.js';
import { MemberSession } from '../../../src/auth/session.js';
import { resetSessions } from '../helpers/page-state.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import type { StorefrontErrorEvent } from '../../../src/events.js';
import { fakeFetch, hangingFetch, jsonResponse } from '../helpers/fake-fetch.js';
import { SERVICE_URL, implicitToken } from '../helpers/service.js';
import { focusedPart, maybePart, part, record } from '../helpers/table.js';
import { CATALOG_NAMES, errorText, inItem, isBusy, item, loaded, shownNames, VISIBLE } from './catalog-list-helpers.js';

describe('<catalog-list> states', () => {
  before(() => CatalogList.define());

  beforeEach(() => {
    resetSessions();
    forgetImplicitTokens();
  });

  /** Events fired by each element since it was made. */
  const fired = new WeakMap<CatalogList, StorefrontErrorEvent[]>();

  async function withFetch(fetchImpl: typeof fetch, token?: string): Promise<CatalogList> {
    const el = document.createElement('catalog-list');
    fired.set(el, record<StorefrontErrorEvent>(el, 'storefront-error'));
    el.baseUrl = SERVICE_URL;
    el.clientId = 'storefront';
    el.storage = 'memory';
    el.fetch = fetchImpl;
    if (token) el.accessToken = token;
    return fixture<CatalogList>(el);
  }

  it('shows a busy, announced loading state until the answer arrives', async () => {
    const hanging = hangingFetch();
    const el = await withFetch(hanging.fetch, 'some-token');
    await el.updateComplete;
    expect(isBusy(el)).to.equal(true);
    const loading = part(el, 'loading');
    expect(loading.getAttribute('role')).to.equal('status');
    expect(loading.textContent).to.contain('Loading catalogs…');
    expect(maybePart(el, 'spinner')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('says so when there is no catalog, in words the host can replace', async () => {
    const empty = fakeFetch(() => jsonResponse({ data: [], links: { next: null } }));
    const el = await withFetch(empty.fetch, 'a-token');
    await loaded(el);
    expect(part(el, 'empty').textContent).to.equal('No catalogs are available for this account.');
    el.texts = { emptyText: 'Nothing to browse yet.' };
    await el.updateComplete;
    expect(part(el, 'empty').textContent).to.equal('Nothing to browse yet.');
    expect(maybePart(el, 'list')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('a bad accessToken gets the real 401: a readable error, a retry and storefront-error', async () => {
    const errors: StorefrontErrorEvent[] = [];
    const el = await fixture<CatalogList>(
      html`<catalog-list
        base-url=${SERVICE_URL}
        .accessToken=${'not-a-token'}
        @storefront-error=${(e: StorefrontErrorEvent) => errors.push(e)}
      ></catalog-list>`,
    );
    await loaded(el);
    expect(errorText(el)).to.equal('You are not signed in, or your access has expired.');
    expect(part(el, 'error').getAttribute('role')).to.equal('alert');
    expect(errors).to.have.length(1);
    expect(errors[0].detail.error.code).to.equal('http_error');
    expect(errors[0].detail.error.status).to.equal(401);
    await expect(el).to.be.accessible();

    el.accessToken = await implicitToken();
    await loaded(el);
    expect(maybePart(el, 'error')).to.equal(null);
    expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);
  });

  it('asks for a fresh implicit token after the service refused the one it had (401), so Try again recovers', async () => {
    let refuse = true;
    let tokenRequests = 0;
    const routed = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/oauth/access_token')) tokenRequests++;
      if (refuse && url.includes('/catalogs')) {
        refuse = false;
        return Promise.resolve(jsonResponse({ errors: [{ title: 'Unauthorized', status: '401' }] }, 401));
      }
      return fetch(input, init);
    }) as typeof fetch;
    const el = await withFetch(routed);
    await loaded(el);
    expect(fired.get(el)!.map((e) => e.detail.error.status)).to.deep.equal([401]);
    part<HTMLButtonElement>(el, 'retry').click();
    await loaded(el);
    expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);
    expect(tokenRequests).to.equal(2);
  });

  const faults: Array<[string, () => Response | Promise<Response>, string, string]> = [
    [
      'a 500',
      () => jsonResponse({ errors: [{ title: 'Internal Server Error', status: '500' }] }, 500),
      'http_error',
      'The store had a problem processing the request. Please try again.',
    ],
    [
      'the network being down',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'network_error',
      'The store could not be reached. Check your connection and try again.',
    ],
    [
      'a body that is not JSON',
      () => new Response('<html>oops</html>', { status: 200 }),
      'invalid_response',
      'The store sent an answer that could not be read. Please try again.',
    ],
    [
      'JSON without a data list',
      () => jsonResponse({ catalogs: [] }),
      'invalid_response',
      'The store sent an answer that could not be read. Please try again.',
    ],
  ];

  for (const [what, answer, code, sentence] of faults) {
    it(`shows ${what} with a retry that recovers, and fires storefront-error`, async () => {
      let broken = true;
      const fake = fakeFetch((call) =>
        broken ? answer() : fetch(call.url, { headers: call.headers, signal: call.signal }),
      );
      const token = await implicitToken();
      const el = await withFetch(fake.fetch, token);
      const errors = fired.get(el)!;
      await loaded(el);
      expect(errorText(el)).to.equal(sentence);
      expect(errors).to.have.length(1);
      expect(errors[0].detail.error.code).to.equal(code);
      await expect(el).to.be.accessible();

      broken = false;
      part<HTMLButtonElement>(el, 'retry').click();
      await loaded(el);
      expect(maybePart(el, 'error')).to.equal(null);
      expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);
      expect(errors).to.have.length(1);
    });
  }

  it('keeps focus in the element when Try again takes its button away: on base, then Tab reaches the list', async () => {
    let broken = true;
    const fake = fakeFetch((call) =>
      broken
        ? jsonResponse({ errors: [{ title: 'Internal Server Error', status: '500' }] }, 500)
        : fetch(call.url, { headers: call.headers, signal: call.signal }),
    );
    const el = await withFetch(fake.fetch, await implicitToken());
    await loaded(el);
    part<HTMLButtonElement>(el, 'retry').focus();
    broken = false;
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(focusedPart(el)).to.equal('base');
    await loaded(el);
    expect(shownNames(el)).to.deep.equal(VISIBLE.storeWide);
    expect(focusedPart(el)).to.equal('base');
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(el)).to.equal('select');
    expect(item(el, CATALOG_NAMES.essentials).contains(el.shadowRoot!.activeElement)).to.equal(true);
  });

  it('removed during a request: aborts it, fires nothing, renders nothing, logs nothing', async () => {
    const hanging = hangingFetch();
    const consoleErrors: unknown[] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => consoleErrors.push(args);
    const onError = (event: Event) => consoleErrors.push(event);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    try {
      const el = await withFetch(hanging.fetch, 'token');
      const errors = fired.get(el)!;
      await waitUntil(() => hanging.calls.length === 1, 'the request');
      let renders = 0;
      const render = el.render.bind(el);
      el.render = () => {
        renders += 1;
        return render();
      };
      el.remove();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(hanging.calls[0].signal?.aborted).to.equal(true);
      expect(errors).to.have.length(0);
      expect(renders).to.equal(0);
      expect(consoleErrors).to.deep.equal([]);
    } finally {
      console.error = originalError;
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    }
  });

  it('after removal it no longer follows the session (no listener, no request)', async () => {
    const fake = fakeFetch((call) =>
      call.url.includes('/oauth/access_token')
        ? jsonResponse({ access_token: 'implicit', token_type: 'Bearer', expires_in: 3600 })
        : jsonResponse({ data: [], links: { next: null } }),
    );
    const el = await withFetch(fake.fetch);
    await loaded(el);
    const calls = fake.calls.length;
    el.remove();
    const session = MemberSession.for('storefront', 'memory');
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    session.signIn({ accountMemberId: 'm', accounts: [{ accountId: 'a', accountName: 'A', token: 't', expires }] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls.length).to.equal(calls);
    // put back, it follows the session again
    document.body.append(el);
    await loaded(el);
    // the account's token goes beside the store's implicit bearer, as the vendor's API takes it
    expect(fake.calls.at(-1)?.headers.get('EP-Account-Management-Authentication-Token')).to.equal('t');
    expect(fake.calls.at(-1)?.headers.get('Authorization')).to.equal('Bearer implicit');
    el.remove();
  });

  it('shows hostile names and descriptions as text', async () => {
    const el = await withFetch((input, init) => fetch(input, init), await implicitToken());
    await loaded(el);
    const description = inItem(item(el, CATALOG_NAMES.seasonal), 'description');
    expect(description.textContent).to.contain('<img src=x onerror=alert(1)>');
    expect(description.textContent).to.contain('<script>alert("catalog")</script>');
    expect(el.shadowRoot!.querySelector('img, script, b')).to.equal(null);

    const first = el.catalogs[0];
    const hostile = fakeFetch(() =>
      jsonResponse({
        data: [
          {
            ...first,
            attributes: { ...first.attributes, name: '"><img src=x onerror=alert(2)>', owner: '<b>x</b>' },
          },
        ],
        links: { next: null },
      }),
    );
    el.fetch = hostile.fetch;
    await loaded(el);
    expect(part(el, 'name').textContent).to.equal('"><img src=x onerror=alert(2)>');
    expect(part(el, 'owner').textContent).to.equal('Owner: <b>x</b>');
    expect(el.shadowRoot!.querySelector('img, script, b')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('waits, saying so, until it has an address and a token source', async () => {
    const el = await fixture<CatalogList>(html`<catalog-list></catalog-list>`);
    expect(part(el, 'not-configured').textContent).to.contain('Waiting');
    expect(isBusy(el)).to.equal(false);
  });
});
