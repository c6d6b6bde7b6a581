/**
 * The elements with `session-endpoint`, against the store's server side (storefront-elements/server, answering the
 * test page's origin under /storefront), the reference service and its identity provider: the page signs in
 * through the store's server, hears the same events without a token, chooses, lists catalogs through the proxy,
 * and is told when the session ends there or in another tab.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { render } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import { AccountPicker } from '../../../src/elements/account-picker/account-picker.js';
import { AccountSignIn } from '../../../src/elements/account-sign-in/account-sign-in.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import type {
  AccountSelectedEvent,
  SignInRedirectEvent,
  SignedInEvent,
  SignedOutEvent,
  StorefrontErrorEvent,
} from '../../../src/events.js';
import { storeKey } from '../../../src/internal/storage.js';
import { recordNavigation, resetServerSessions, restoreNavigation } from '../helpers/page-state.js';
import { part, parts } from '../helpers/table.js';
import { VISIBLE, loaded, shownNames } from './catalog-list-helpers.js';

const ENDPOINT = '/storefront';

/** Signs a member in through the store's server in this page's browser (its cookies), as a sign-in would. */
async function signInOnServer(login: string): Promise<void> {
  const status = await executeServerCommand<number, { login: string }>('server-sign-in', { login });
  expect(status).to.equal(200);
}

/** The page's three elements with session-endpoint, each event they fire recorded in order. */
async function storePage() {
  const events: Event[] = [];
  // the events are heard from before the elements connect: the session may come back before fixture() resolves
  const el = await fixture<HTMLDivElement>(html`<div></div>`);
  for (const type of ['signed-in', 'signed-out', 'account-selected', 'storefront-error']) {
    el.addEventListener(type, (event) => events.push(event));
  }
  render(
    html`<account-sign-in session-endpoint=${ENDPOINT}></account-sign-in>
      <account-picker session-endpoint=${ENDPOINT}></account-picker>
      <catalog-list session-endpoint=${ENDPOINT}></catalog-list>`,
    el,
  );
  const signIn = el.querySelector<AccountSignIn>('account-sign-in')!;
  const picker = el.querySelector<AccountPicker>('account-picker')!;
  const list = el.querySelector<CatalogList>('catalog-list')!;
  await Promise.all([signIn.updateComplete, picker.updateComplete, list.updateComplete]);
  return { el, events, signIn, picker, list };
}

/** Waits for an event of `type` among those recorded; on timeout says what came and what the server holds. */
async function until(events: Event[], type: string): Promise<void> {
  try {
    await waitUntil(() => events.some((event) => event.type === type), `no ${type}`, { timeout: 8000 });
  } catch (error) {
    const session = await (await fetch(`${ENDPOINT}/session`)).text();
    throw new Error(`${error}; events ${events.map((e) => e.type)}; cookies ${document.cookie}; session ${session}`);
  }
}

const optionNamed = (picker: AccountPicker, name: string) =>
  parts(picker, 'item').find((item) => item.textContent?.includes(name));

describe('elements with session-endpoint', () => {
  before(() => {
    AccountSignIn.define();
    AccountPicker.define();
    CatalogList.define();
  });

  beforeEach(async () => {
    await executeServerCommand('clear-cookies');
    await executeServerCommand('reset-service');
    resetServerSessions();
    sessionStorage.clear();
  });

  afterEach(() => restoreNavigation());

  it('show the sign-in buttons from the proxy and leave for the store server sign-in route', async () => {
    const visited = recordNavigation();
    const { signIn } = await storePage();
    await waitUntil(() => signIn.shadowRoot?.querySelector('[part~=button]'), 'no sign-in button', { timeout: 8000 });
    const redirect = oneEvent(signIn, 'sign-in-redirect') as Promise<SignInRedirectEvent>;
    part<HTMLButtonElement>(signIn, 'button').click();
    const { detail } = await redirect;
    const url = new URL(detail.url);
    expect(url.origin + url.pathname).to.equal(`${location.origin}${ENDPOINT}/sign-in`);
    expect(url.searchParams.get('profile')).to.equal(detail.profileId);
    expect(url.searchParams.get('return_to')).to.equal(location.pathname + location.search);
    expect(visited).to.deep.equal([detail.url]);
  });

  it('hear the session the store server signed in, choose through it, and list the account catalogs', async () => {
    await signInOnServer('ada@example.com');
    // this tab left to sign in: the session it comes back with is new
    sessionStorage.setItem(storeKey('server-sign-in', `${location.origin}${ENDPOINT}`, ''), 'true');
    const { events, picker, list } = await storePage();
    await until(events, 'signed-in');
    const signedIn = events.find((event) => event.type === 'signed-in') as SignedInEvent;
    expect(signedIn.detail.restored).to.equal(undefined);
    expect(signedIn.detail.accounts.map((account) => account.accountName).sort()).to.deep.equal([
      'Analytical Engines Ltd',
      'Harvard Computation Lab',
    ]);
    expect(JSON.stringify(signedIn.detail)).not.to.match(/token/);
    expect(signedIn.detail.member).to.deep.include({ name: 'Ada Lovelace', email: 'ada@example.com' });

    await waitUntil(() => optionNamed(picker, 'Harvard'), 'the picker shows no accounts');
    const selected = oneEvent(picker, 'account-selected') as Promise<AccountSelectedEvent>;
    optionNamed(picker, 'Harvard')!.click();
    const { detail } = await selected;
    expect(detail.accountName).to.equal('Harvard Computation Lab');
    expect('token' in detail).to.equal(false);
    await waitUntil(() => shownNames(list).includes('Harvard Lab Supplies'), 'the list did not change', {
      timeout: 8000,
    });
    await loaded(list);
    expect(shownNames(list)).to.deep.equal(VISIBLE.harvard);
    const session = await (await fetch(`${ENDPOINT}/session`)).json();
    expect(session.selectedAccountId).to.equal(detail.accountId);
  });

  it('come back restored on a new page load of a signed-in browser', async () => {
    await signInOnServer('grace@example.com');
    const { events } = await storePage();
    await waitUntil(() => events.some((event) => event.type === 'account-selected'), 'nothing restored', {
      timeout: 8000,
    });
    expect(events.map((event) => [event.type, (event as SignedInEvent).detail.restored])).to.deep.equal([
      ['signed-in', true],
      ['account-selected', true],
    ]);
  });

  it('tell a sign-in element that comes after the session was told what no element there could', async () => {
    // the picker alone takes the session and tells account-selected; the sign-in element comes later, as the
    // account menu does when its code loads after the session was read, and tells the signed-in nobody could
    await signInOnServer('grace@example.com');
    const events: Event[] = [];
    const el = await fixture<HTMLDivElement>(html`<div></div>`);
    for (const type of ['signed-in', 'account-selected']) el.addEventListener(type, (event) => events.push(event));
    render(html`<account-picker session-endpoint=${ENDPOINT}></account-picker>`, el);
    await until(events, 'account-selected');
    const signIn = document.createElement('account-sign-in');
    signIn.setAttribute('session-endpoint', ENDPOINT);
    el.append(signIn);
    await until(events, 'signed-in');
    await new Promise((resolve) => setTimeout(resolve));
    expect(events.map((event) => [event.type, (event as SignedInEvent).detail.restored, event.target])).to.deep.equal([
      ['account-selected', true, el.querySelector('account-picker')],
      ['signed-in', true, signIn],
    ]);
  });

  it('show a sign-in the store server sent back as failed, with its retry, and take it out of the address', async () => {
    history.replaceState(null, '', `${location.pathname}?keep=1&storefront-error=idp_error`);
    const failed = oneEvent(document, 'storefront-error') as Promise<StorefrontErrorEvent>;
    const { signIn } = await storePage();
    const { detail } = await failed;
    expect(detail.error.code).to.equal('idp_error');
    expect(location.search).to.equal('?keep=1');
    await waitUntil(() => signIn.shadowRoot?.querySelector('[part~=retry]'), 'no retry shown');
    part<HTMLButtonElement>(signIn, 'retry').click();
    await waitUntil(() => signIn.shadowRoot?.querySelector('[part~=button]'), 'no sign-in button after retry', {
      timeout: 8000,
    });
    history.replaceState(null, '', location.pathname);
  });

  it('end as rejected when the API refuses the account token behind the proxy', async () => {
    await signInOnServer('grace@example.com');
    const { events, list } = await storePage();
    await waitUntil(() => events.some((event) => event.type === 'account-selected'), 'no account', {
      timeout: 8000,
    });
    await loaded(list);
    // a new service process on the same address: a new signing secret, so the account token is refused
    await executeServerCommand('restart-service');
    list.pageSize = 5;
    await waitUntil(() => events.some((event) => event.type === 'signed-out'), 'no signed-out', { timeout: 8000 });
    const signedOut = events.find((event) => event.type === 'signed-out') as SignedOutEvent;
    expect(signedOut.detail.reason).to.equal('rejected');
    expect((await (await fetch(`${ENDPOINT}/session`)).json()).signedIn).to.equal(false);
  });

  it('end as elsewhere when another tab signs out', async () => {
    await signInOnServer('grace@example.com');
    const { events } = await storePage();
    await until(events, 'signed-in');
    // another tab of the store signs out: its session ends on the server, and it tells the other tabs
    const out = await fetch(`${ENDPOINT}/sign-out`, { method: 'POST', headers: { 'Storefront-Request': '1' } });
    expect(out.status).to.equal(200);
    new BroadcastChannel(storeKey('channel', `${location.origin}${ENDPOINT}`, '')).postMessage({ out: 'user' });
    await waitUntil(() => events.some((event) => event.type === 'signed-out'), 'no signed-out', { timeout: 8000 });
    expect((events.find((event) => event.type === 'signed-out') as SignedOutEvent).detail.reason).to.equal('elsewhere');
  });

  it('end as rejected when another tab saw the account token refused, and never for a message alone', async () => {
    await signInOnServer('grace@example.com');
    const { events } = await storePage();
    await until(events, 'signed-in');
    const channel = new BroadcastChannel(storeKey('channel', `${location.origin}${ENDPOINT}`, ''));
    // a message while the server still holds the session changes nothing: the session is read again, not believed
    channel.postMessage({ out: 'rejected' });
    const signedIn = (await (await fetch(`${ENDPOINT}/session`)).json()).signedIn;
    expect(signedIn).to.equal(true);
    // the other tab's proxy call was refused: the server ended the session, and that tab says so
    await fetch(`${ENDPOINT}/sign-out`, { method: 'POST', headers: { 'Storefront-Request': '1' } });
    channel.postMessage({ out: 'rejected' });
    await waitUntil(() => events.some((event) => event.type === 'signed-out'), 'no signed-out', { timeout: 8000 });
    const ends = events.filter((event) => event.type === 'signed-out') as SignedOutEvent[];
    expect(ends.map((event) => event.detail.reason)).to.deep.equal(['rejected']);
    channel.close();
  });

  it('sign out through the store server with the Sign out button', async () => {
    await signInOnServer('grace@example.com');
    const { events, signIn } = await storePage();
    await waitUntil(() => signIn.shadowRoot?.querySelector('[part~=sign-out]'), 'no Sign out', { timeout: 8000 });
    part<HTMLButtonElement>(signIn, 'sign-out').click();
    await waitUntil(() => events.some((event) => event.type === 'signed-out'), 'no signed-out', { timeout: 8000 });
    expect((events.find((event) => event.type === 'signed-out') as SignedOutEvent).detail.reason).to.equal('user');
    expect((await (await fetch(`${ENDPOINT}/session`)).json()).signedIn).to.equal(false);
  });
});
