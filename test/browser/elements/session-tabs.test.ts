/**
 * The tabs of one store share the session (a BroadcastChannel per client-id and base-url). The other tab is a
 * same-origin frame with its own copy of the library (test/browser/fixtures/tab.ts): its own sessions and
 * channels, as a tab has. A frame shares the page's sessionStorage, so the tests take the kept session out of it
 * where a new tab would have none.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { MemberSession } from '../../../src/auth/session.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import type { AccountSignIn } from '../../../src/elements/account-sign-in/account-sign-in.js';
import type { AccountPicker } from '../../../src/elements/account-picker/account-picker.js';
import { resetSessions } from '../helpers/page-state.js';
import { SERVICE_URL, resetService } from '../helpers/service.js';
import {
  cleanUpSignIn,
  part,
  parts,
  renderSignIn,
  signInAs,
  startSignIn,
  waitForPart,
} from '../helpers/sign-in-flow.js';
import type { Recorded } from '../fixtures/tab.js';
import { loaded, sessionAccounts, signInAs as tokensFor } from './catalog-list-helpers.js';

CatalogList.define();

const SESSION_KEY = 'storefront-elements:session:storefront';

interface Tab {
  recorded: Recorded;
  signIn: AccountSignIn;
  picker: AccountPicker;
}

/** Opens another tab of the store (with nothing kept in its sessionStorage, as a new tab has). */
async function openTab(storage = ''): Promise<Tab> {
  sessionStorage.removeItem(SESSION_KEY);
  const src = `/test/browser/fixtures/tab.html?service=${encodeURIComponent(SERVICE_URL)}&storage=${storage}`;
  const frame = await fixture<HTMLIFrameElement>(html`<iframe src=${src} title="another tab"></iframe>`);
  const win = () => frame.contentWindow as Window & { recorded?: Recorded };
  await waitUntil(() => win().recorded && win().document.querySelector('account-picker')?.shadowRoot, 'the tab', {
    timeout: 8000,
  });
  const doc = win().document;
  return {
    recorded: win().recorded!,
    signIn: doc.querySelector('account-sign-in') as AccountSignIn,
    picker: doc.querySelector('account-picker') as AccountPicker,
  };
}

const heard = (tab: Tab, type: string) => tab.recorded.events.filter((event) => event.type === type);

describe('tabs of one store', function () {
  this.timeout(30000);

  before(resetService);
  afterEach(cleanUpSignIn);

  it('a tab opened while another is signed in is signed in at once, without asking the identity provider', async () => {
    const { el } = await signInAs('ada@example.com');
    const here = MemberSession.for('storefront');
    here.select(here.accounts[1].accountId);
    const tab = await openTab();
    await waitForPart(tab.signIn, 'sign-out');
    const signedIn = heard(tab, 'signed-in') as Array<{ restored?: boolean; accountMemberId?: string }>;
    expect(signedIn.map(({ restored, accountMemberId }) => [restored, accountMemberId])).to.deep.equal([
      [true, here.accountMemberId],
    ]);
    const asked = tab.recorded.requests.filter((url) => /\/oidc\/|\/idp\/|\/v2\/account-members\/tokens/.test(url));
    expect(asked, 'no sign-in, no token request').to.deep.equal([]);
    // the accounts came over; the choice did not: each tab chooses for itself
    await tab.picker.updateComplete;
    expect(parts(tab.picker, 'item')).to.have.length(2);
    expect(part(tab.picker, 'selected')).to.equal(null);
    expect(heard(tab, 'account-selected')).to.deep.equal([]);
    tab.picker.select(here.accounts[0].accountId);
    expect(here.selectedAccount?.accountId, 'this tab keeps its own choice').to.equal(here.accounts[1].accountId);
    expect(part(el, 'signed-in-as')?.textContent).to.equal('Signed in for Harvard Computation Lab');
  });

  it('a sign-in in one tab signs the open tabs in', async () => {
    const tab = await openTab();
    await waitForPart(tab.signIn, 'button');
    await signInAs('grace@example.com');
    await waitForPart(tab.signIn, 'sign-out');
    expect(heard(tab, 'signed-in').map((event) => event.restored)).to.deep.equal([true]);
    // one account: chosen in that tab as in this one
    expect(heard(tab, 'account-selected').map((event) => [event.accountName, event.restored])).to.deep.equal([
      ['Harvard Computation Lab', true],
    ]);
  });

  it('signing out in one tab signs out all: signed-out elsewhere there, and back', async () => {
    const { el } = await signInAs('grace@example.com');
    const tab = await openTab();
    await waitForPart(tab.signIn, 'sign-out');
    part(el, 'sign-out')!.click();
    await waitForPart(tab.signIn, 'button');
    expect(heard(tab, 'signed-out').map((event) => event.reason)).to.deep.equal(['elsewhere']);
    expect(part(tab.signIn, 'notice'), 'no sentence: the shopper did it').to.equal(null);
    // the next sign-in in that tab asks for the password too
    expect(new URL((await startSignIn(tab.signIn)).detail.url).searchParams.get('prompt')).to.equal('login');

    // and the other way round
    await signInAs('grace@example.com');
    await waitForPart(tab.signIn, 'sign-out');
    const ended = new Promise<string>((resolve) =>
      document.addEventListener('signed-out', (e) => resolve((e as CustomEvent).detail.reason), { once: true }),
    );
    part(tab.signIn, 'sign-out')!.click();
    expect(await ended).to.equal('elsewhere');
  });

  it('a token the store refused in one tab ends the session in all (rejected)', async () => {
    const grace = await tokensFor('grace@example.com');
    const [account] = sessionAccounts(grace);
    const refused = { ...account, token: `${account.token!.slice(0, -4)}AAAA` };
    const tab = await openTab();
    await waitForPart(tab.signIn, 'button');
    const list = await fixture<CatalogList>(
      html`<catalog-list base-url=${SERVICE_URL} client-id="storefront"></catalog-list>`,
    );
    MemberSession.for('storefront').signIn({ accountMemberId: grace.meta.account_member_id, accounts: [refused] });
    await waitUntil(() => heard(tab, 'signed-out').length, 'signed-out in the other tab', { timeout: 8000 });
    expect(heard(tab, 'signed-out').map((event) => event.reason)).to.deep.equal(['rejected']);
    await waitForPart(tab.signIn, 'notice');
    expect(part(tab.signIn, 'notice')?.textContent).to.equal('The store ended your session. Please sign in again.');
    await loaded(list);
  });

  it('a tab that kept someone else (it slept while they changed) takes the member the open tabs have', async () => {
    const { event } = await signInAs('ada@example.com');
    const grace = await tokensFor('grace@example.com');
    // what a tab kept before Grace gave way to Ada in the other tabs
    const kept = { accountMemberId: grace.meta.account_member_id, accounts: sessionAccounts(grace) };
    const tab = await openTab();
    tab.signIn.ownerDocument.defaultView!.sessionStorage.setItem(SESSION_KEY, JSON.stringify(kept));
    tab.signIn.ownerDocument.defaultView!.location.reload();
    await waitUntil(
      () => {
        const frame = document.querySelector('iframe')!.contentWindow as Window & { recorded?: Recorded };
        return frame.recorded?.events.some(
          (e) => e.type === 'signed-in' && 'accountMemberId' in e && e.accountMemberId === event.detail.accountMemberId,
        );
      },
      'Ada in the woken tab',
      { timeout: 8000 },
    );
  });

  it('storage="memory" on an element that comes after one without it: the session another tab handed over ends', async () => {
    const { el } = await signInAs('grace@example.com');
    const tab = await openTab();
    await waitForPart(tab.signIn, 'sign-out');
    // this page again, as a new page load (what the tab kept set aside): a list without a storage attribute comes
    // first and is handed the session by the other tab
    el.remove();
    resetSessions();
    sessionStorage.removeItem(SESSION_KEY);
    const signedIn = new Promise((resolve) => document.addEventListener('signed-in', resolve, { once: true }));
    const list = await fixture<CatalogList>(
      html`<catalog-list base-url=${SERVICE_URL} client-id="storefront"></catalog-list>`,
    );
    const signIn = await renderSignIn();
    await signedIn;
    expect(MemberSession.for('storefront').signedIn).to.equal(true);
    // then an element of the same client asks for memory
    const signedOut = new Promise<Event>((resolve) => document.addEventListener('signed-out', resolve, { once: true }));
    signIn.setAttribute('storage', 'memory');
    expect(((await signedOut) as CustomEvent).detail.reason).to.equal('elsewhere');
    expect(MemberSession.for('storefront').signedIn).to.equal(false);
    expect(sessionStorage.getItem(SESSION_KEY), 'nothing kept').to.equal(null);
    await waitForPart(signIn, 'button');
    await loaded(list);
    // and it stays so: an element asking for session changes nothing
    signIn.setAttribute('storage', 'session');
    await signIn.updateComplete;
    signIn.remove();
    list.remove();
    const expires = new Date(Date.now() + 60_000).toISOString();
    MemberSession.for('storefront').signIn({
      accountMemberId: 'm',
      accounts: [{ accountId: 'a', accountName: 'A', token: 't', expires }],
    });
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
  });

  it('storage="memory" shares nothing, either way', async () => {
    await signInAs('grace@example.com', { storage: 'memory' });
    const tab = await openTab();
    await waitForPart(tab.signIn, 'button');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard(tab, 'signed-in')).to.deep.equal([]);

    cleanUpSignIn();
    await renderSignIn();
    const quiet = await openTab('memory');
    await signInAs('grace@example.com');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard(quiet, 'signed-in'), 'a memory tab hears nothing').to.deep.equal([]);
  });
});
