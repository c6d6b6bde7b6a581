/**
 * Sessions that end without surprise, against the reference service and its identity provider: `session-expiring`
 * ahead of the end, "Stay signed in" renewing by a top-level redirect with `prompt=none` back to the same account,
 * the login form where the identity provider's session has ended, one tab renewing for the store's others (Web
 * Locks), and a tab that slept through the end.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { MemberSession } from '../../../src/auth/session.js';
import { AccountMenu } from '../../../src/elements/account-menu/account-menu.js';
import type { AccountPicker } from '../../../src/elements/account-picker/account-picker.js';
import type { AccountSignIn } from '../../../src/elements/account-sign-in/account-sign-in.js';
import type { SessionExpiringEvent, SignInRedirectEvent, SignedOutEvent } from '../../../src/events.js';
import type { Recorded } from '../fixtures/tab.js';
import { recordNavigation, resetSessions } from '../helpers/page-state.js';
import { resetService, SERVICE_URL } from '../helpers/service.js';
import {
  REDIRECT_URI,
  cleanUpSignIn,
  finishSignIn,
  idpSignIn,
  idpSignInWith,
  landOn,
  part,
  renderSignIn,
  signInAs,
  startSignIn,
  waitForPart,
} from '../helpers/sign-in-flow.js';

AccountMenu.define();

const SESSION_KEY = 'storefront-elements:session:storefront';
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** Signs Ada in with the browser `browser`, whose identity provider session lives on; chooses Harvard. */
async function signInWith(browser: string): Promise<AccountSignIn> {
  const starter = await renderSignIn();
  const { detail } = await startSignIn(starter);
  starter.remove();
  const { url } = await idpSignInWith(browser, detail.url, 'ada@example.com');
  const { el } = await finishSignIn(url);
  const session = MemberSession.for('storefront');
  session.select(session.accounts.find((account) => account.accountName === 'Harvard Computation Lab')!.accountId);
  return el;
}

/** Calls `renew()` and returns where it sends the browser (the page stays). */
async function renewAddress(el: AccountSignIn): Promise<URL> {
  const redirect = oneEvent(el, 'sign-in-redirect') as Promise<SignInRedirectEvent>;
  el.addEventListener('sign-in-redirect', (event) => event.preventDefault(), { once: true });
  await el.renew();
  return new URL((await redirect).detail.url);
}

interface Tab {
  recorded: Recorded;
  signIn: AccountSignIn;
  picker: AccountPicker;
}

/** Another tab of the store (a same-origin frame with its own copy of the library), with nothing kept yet. */
async function openTab(): Promise<Tab> {
  const kept = sessionStorage.getItem(SESSION_KEY);
  sessionStorage.removeItem(SESSION_KEY);
  const src = `/test/browser/fixtures/tab.html?service=${encodeURIComponent(SERVICE_URL)}`;
  const frame = await fixture<HTMLIFrameElement>(html`<iframe src=${src} title="another tab"></iframe>`);
  const win = () => frame.contentWindow as Window & { recorded?: Recorded };
  await waitUntil(() => win().recorded?.events.some((event) => event.type === 'signed-in'), 'the tab signed in', {
    timeout: 8000,
  });
  if (kept) sessionStorage.setItem(SESSION_KEY, kept);
  const doc = win().document;
  return {
    recorded: win().recorded!,
    signIn: doc.querySelector('account-sign-in') as AccountSignIn,
    picker: doc.querySelector('account-picker') as AccountPicker,
  };
}

describe('the end of a session', function () {
  this.timeout(30000);

  before(resetService);
  afterEach(cleanUpSignIn);

  it('is told once, expiring-before seconds ahead, by one element of the page, with "Stay signed in"', async () => {
    const expires = inSeconds(32);
    MemberSession.for('storefront').signIn({
      accountMemberId: 'member-1',
      accounts: [{ accountId: 'a1', accountName: 'Alpha', token: 't1', expires }],
    });
    const told: SessionExpiringEvent[] = [];
    const record = (event: SessionExpiringEvent) => told.push(event);
    document.addEventListener('session-expiring', record);
    try {
      const page = await fixture<HTMLDivElement>(
        html`<div>
          <account-sign-in base-url=${SERVICE_URL} client-id="storefront" expiring-before="30"></account-sign-in>
          <account-menu client-id="storefront" expiring-before="30"></account-menu>
        </div>`,
      );
      const [signIn, menu] = page.children as unknown as [AccountSignIn, AccountMenu];
      await signIn.updateComplete;
      expect(part(signIn, 'renew'), 'not yet: two seconds to go').to.equal(null);
      await waitUntil(() => told.length, 'session-expiring', { timeout: 8000 });
      expect(told[0].detail).to.deep.equal({ accountId: 'a1', expires });
      const renew = await waitForPart(signIn, 'renew');
      expect(renew.textContent!.trim()).to.equal('Stay signed in');
      expect(part(signIn, 'expiring')!.textContent).to.match(/^\s*Your session ends at \d/);
      await waitForPart(menu, 'renew');
      signIn.requestUpdate();
      menu.requestUpdate();
      await Promise.all([signIn.updateComplete, menu.updateComplete]);
      expect(told, 'once').to.have.length(1);
    } finally {
      document.removeEventListener('session-expiring', record);
    }
  });

  it('with tokens of a minute, is told once and "Stay signed in" brings tokens of a new minute', async () => {
    const service = (await executeServerCommand('other-service', { name: 'token-ttl-60' })) as string;
    const starter = await renderSignIn({ baseUrl: service });
    const { detail } = await startSignIn(starter);
    starter.remove();
    const { url } = await idpSignInWith('a-minute', detail.url, 'grace@example.com');
    landOn(url);
    const told: SessionExpiringEvent[] = [];
    const page = await fixture<HTMLDivElement>(
      html`<div @session-expiring=${(e: SessionExpiringEvent) => told.push(e)}></div>`,
    );
    const el = document.createElement('account-sign-in');
    el.setAttribute('base-url', service);
    el.setAttribute('client-id', 'storefront');
    // the end of a one-minute token announced 58 seconds ahead: within two seconds of the sign-in
    el.setAttribute('expiring-before', '58');
    page.append(el);
    await waitUntil(() => told.length, 'session-expiring', { timeout: 8000 });
    const { expires } = told[0].detail;
    expect(Date.parse(expires) - Date.now()).to.be.within(0, 60_000);
    const renew = await waitForPart(el, 'renew');
    const redirect = oneEvent(el, 'sign-in-redirect') as Promise<SignInRedirectEvent>;
    el.addEventListener('sign-in-redirect', (event) => event.preventDefault(), { once: true });
    renew.click();
    const address = (await redirect).detail.url;
    const renewed = await idpSignInWith('a-minute', address, 'grace@example.com');
    expect(renewed.loginForm).to.equal(false);
    el.remove();
    await finishSignIn(renewed.url, { baseUrl: service });
    const after = MemberSession.for('storefront').selectedAccount!;
    expect(after.accountName).to.equal('Harvard Computation Lab');
    expect(Date.parse(after.expires)).to.be.at.least(Date.parse(expires));
    expect(told, 'once').to.have.length(1);
  });

  it('"Stay signed in" renews without the login form while the identity provider\'s session lives, keeping the account', async () => {
    const el = await signInWith('renewer');
    const before = MemberSession.for('storefront').selectedAccount!;
    const address = await renewAddress(el);
    expect(address.searchParams.get('prompt')).to.equal('none');

    const { url, loginForm } = await idpSignInWith('renewer', address.href, 'ada@example.com');
    expect(loginForm, 'no login form').to.equal(false);
    el.remove();
    const { event } = await finishSignIn(url);
    expect(event.detail.restored).to.equal(undefined);
    const after = MemberSession.for('storefront').selectedAccount!;
    expect(after.accountName).to.equal('Harvard Computation Lab');
    expect(after.token).to.not.equal(before.token);
    expect(Date.parse(after.expires)).to.be.at.least(Date.parse(before.expires));
  });

  it("shows the identity provider's login form where its session has ended", async () => {
    const el = await signInWith('signed-in-once');
    const address = await renewAddress(el);
    el.remove();
    // another browser, without the identity provider's session: it answers login_required
    const { url, loginForm } = await idpSignInWith('without-a-session', address.href, 'ada@example.com');
    expect(loginForm).to.equal(false);
    expect(new URL(url).searchParams.get('error')).to.equal('login_required');

    landOn(url);
    const again = document.createElement('account-sign-in');
    again.setAttribute('base-url', SERVICE_URL);
    again.setAttribute('client-id', 'storefront');
    again.setAttribute('redirect-uri', REDIRECT_URI);
    again.addEventListener('sign-in-redirect', (event) => event.preventDefault(), { once: true });
    const redirect = oneEvent(again, 'sign-in-redirect') as Promise<SignInRedirectEvent>;
    await fixture(again);
    const next = new URL((await redirect).detail.url);
    expect(next.searchParams.get('prompt'), 'a sign-in with the login form').to.equal(null);
    const login = await idpSignInWith('without-a-session', next.href, 'ada@example.com');
    expect(login.loginForm).to.equal(true);
    again.remove();
    await finishSignIn(login.url);
    expect(MemberSession.for('storefront').selectedAccount?.accountName, 'the same account').to.equal(
      'Harvard Computation Lab',
    );
  });

  it('renewed in one of three tabs, renews all three; the others wait for it and keep their account', async () => {
    const el = await signInWith('three-tabs');
    const [second, third] = [await openTab(), await openTab()];
    for (const tab of [second, third]) tab.signIn.expiringBefore = 2 * 24 * 3600;
    // each tab acts for its own account
    const analytical = second.picker.shownAccounts.find((a) => a.accountName === 'Analytical Engines Ltd')!;
    second.picker.select(analytical.accountId);
    const address = await renewAddress(el);
    // the second tab asks too: the first has it in hand
    await second.signIn.renew();
    await waitForPart(second.signIn, 'expiring');
    expect(part(second.signIn, 'expiring')!.textContent!.trim()).to.equal('Staying signed in through another tab…');

    const oldToken = MemberSession.for('storefront').selectedAccount!.token;
    const { url, loginForm } = await idpSignInWith('three-tabs', address.href, 'ada@example.com');
    expect(loginForm).to.equal(false);
    el.remove();
    await finishSignIn(url);
    const newToken = MemberSession.for('storefront').selectedAccount!.token;
    expect(newToken).to.not.equal(oldToken);
    for (const tab of [second, third]) {
      await waitUntil(
        () =>
          tab.recorded.events.some(
            (event) =>
              event.type === 'signed-in' &&
              (event as unknown as { accounts: Array<{ token: string }> }).accounts.some((a) => a.token === newToken),
          ),
        'the new tokens in the other tab',
        { timeout: 8000 },
      );
    }
    await waitUntil(() => !part(second.signIn, 'expiring')?.textContent?.includes('another tab'));
    expect(second.picker.selectedAccount?.accountName, 'the second tab keeps its account').to.equal(
      'Analytical Engines Ltd',
    );
    expect(second.picker.selectedAccount?.token).to.not.equal(analytical.token);
    expect(MemberSession.for('storefront').selectedAccount?.accountName).to.equal('Harvard Computation Lab');
  });

  it('a tab that slept through the end shows it expired, and the next sign-in brings the same account', async () => {
    const { event } = await signInAs('ada@example.com');
    const ada = event.detail.accountMemberId;
    const session = MemberSession.for('storefront');
    session.select(event.detail.accounts.find((a) => a.accountName === 'Harvard Computation Lab')!.accountId);
    resetSessions();
    // the same member's session, ending while the tab sleeps
    MemberSession.for('storefront').signIn(
      {
        accountMemberId: ada,
        accounts: event.detail.accounts.map((account) => ({ ...account, expires: inSeconds(1) })),
      },
      true,
    );
    const el = await fixture<AccountSignIn>(
      html`<account-sign-in base-url=${SERVICE_URL} client-id="storefront"></account-sign-in>`,
    );
    const ended = (await oneEvent(el, 'signed-out')) as SignedOutEvent;
    expect(ended.detail.reason).to.equal('expired');
    await waitForPart(el, 'notice');
    expect(part(el, 'notice')!.textContent).to.equal('Your session has expired. Please sign in again.');

    // signing in again from the page the shopper was on, whose redirect URI is the store's page without its query
    const wasOn = new URL(location.href);
    wasOn.searchParams.set('tab', 'orders');
    history.replaceState(history.state, '', wasOn.href);
    const { detail } = await startSignIn(el);
    el.remove();
    const visited = recordNavigation();
    await finishSignIn(await idpSignIn(detail.url, 'ada@example.com'));
    expect(MemberSession.for('storefront').selectedAccount?.accountName).to.equal('Harvard Computation Lab');
    expect(visited, 'back to that page').to.deep.equal([wasOn.href]);
  });
});
