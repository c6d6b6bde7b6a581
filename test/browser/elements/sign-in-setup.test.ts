/**
 * Mistakes in a page's setup, said to the developer: the element names what to fix (on the page, in
 * `storefront-error` and once in the console) instead of rendering nothing or a misleading sentence.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import type { AccountSignIn } from '../../../src/elements/account-sign-in/account-sign-in.js';
import type { StorefrontErrorEvent } from '../../../src/events.js';
import { SERVICE_URL } from '../helpers/service.js';
import { cleanUpSignIn, part, renderSignIn, waitForPart } from '../helpers/sign-in-flow.js';
import { errorText, loaded } from './catalog-list-helpers.js';

CatalogList.define();

/** What the console is told while `run` runs. */
async function warnings(run: () => Promise<void>): Promise<string[]> {
  const said: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void said.push(args.join(' '));
  try {
    await run();
  } finally {
    console.warn = warn;
  }
  return said;
}

describe('setup errors', function () {
  this.timeout(20000);

  afterEach(cleanUpSignIn);

  it('no attributes: the element names the missing ones instead of rendering nothing, and warns once', async () => {
    let el!: AccountSignIn;
    let event!: StorefrontErrorEvent;
    const said = await warnings(async () => {
      const reported = oneEvent(document, 'storefront-error') as Promise<StorefrontErrorEvent>;
      el = await fixture<AccountSignIn>(html`<account-sign-in></account-sign-in>`);
      event = await reported;
      await waitForPart(el, 'error');
      // a render or a retry later says nothing new to the console
      part(el, 'retry')?.click();
      await el.updateComplete;
    });
    expect(event.detail.error.code).to.equal('not_configured');
    expect(event.detail.error.message).to.equal('Set the base-url and client-id attributes.');
    expect(part(el, 'error-message')?.textContent).to.equal('Set the base-url and client-id attributes.');
    expect(said).to.deep.equal(['<account-sign-in>: Set the base-url and client-id attributes.']);

    el.setAttribute('base-url', SERVICE_URL);
    await waitUntil(() => part(el, 'error-message')?.textContent === 'Set the client-id attribute.', 'client-id');
    el.setAttribute('client-id', 'storefront');
    await waitForPart(el, 'button');
  });

  it('a plain-http page (no WebCrypto): insecure_context, saying to use https or localhost', async () => {
    const subtle = Object.getOwnPropertyDescriptor(Crypto.prototype, 'subtle')!;
    // what a browser gives a page that is not a secure context
    Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined, configurable: true });
    try {
      let el!: AccountSignIn;
      const said = await warnings(async () => {
        const reported = oneEvent(document, 'storefront-error') as Promise<StorefrontErrorEvent>;
        el = await renderSignIn();
        expect((await reported).detail.error.code).to.equal('insecure_context');
        await waitForPart(el, 'error');
      });
      expect(part(el, 'error-message')?.textContent).to.match(/https.*localhost/);
      expect(part(el, 'button'), 'no button that cannot work').to.equal(null);
      expect(said).to.have.length(1);
      expect(said[0]).to.match(/^<account-sign-in>: .*https.*localhost/);
    } finally {
      Object.defineProperty(Crypto.prototype, 'subtle', subtle);
    }
  });

  it('a client-id the store does not know: the store refused the client-id (not "you are not signed in")', async () => {
    let list!: CatalogList;
    const said = await warnings(async () => {
      list = await fixture<CatalogList>(
        html`<catalog-list base-url=${SERVICE_URL} client-id="storefrnt"></catalog-list>`,
      );
      await loaded(list);
    });
    expect(errorText(list)).to.equal('The store refused the client-id "storefrnt".');
    expect(said).to.deep.equal(['<catalog-list>: The store refused the client-id "storefrnt".']);
    const reported = oneEvent(document, 'storefront-error') as Promise<StorefrontErrorEvent>;
    const el = await renderSignIn({ clientId: 'storefrnt' });
    const { error } = (await reported).detail;
    expect([error.code, error.status]).to.deep.equal(['not_configured', 401]);
    expect(error.errors[0]?.detail, "the service's own words stay on the error").to.match(/client_id/);
    await waitForPart(el, 'error');
  });

  it('a base-url where nothing answers as the service (404): the base-url looks wrong', async () => {
    const reported = oneEvent(document, 'storefront-error') as Promise<StorefrontErrorEvent>;
    const el = await renderSignIn({ baseUrl: `${SERVICE_URL}/api` });
    const { error } = (await reported).detail;
    expect([error.code, error.status]).to.deep.equal(['not_configured', 404]);
    expect(error.message).to.equal(
      `Nothing answers at ${SERVICE_URL}/api/oauth/access_token: the base-url looks wrong.`,
    );
    await waitForPart(el, 'error');
    expect(part(el, 'error-message')?.textContent).to.include('the base-url looks wrong');
  });
});
