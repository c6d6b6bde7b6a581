/** <account-sign-in> and <account-picker> through the real sign-in at the reference service's identity provider. */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { computeCodeChallenge } from '../../../src/auth/pkce.js';
import { MemberSession } from '../../../src/auth/session.js';
import { resetSessions } from '../helpers/page-state.js';
import { TRANSACTION_KEY_PREFIX } from '../../../src/internal/storage.js';
import type {
  AccountSelectedEvent,
  SignInRedirectEvent,
  SignedInEvent,
  StorefrontErrorEvent,
} from '../../../src/events.js';
import { SERVICE_URL, fixtureId, implicitToken, resetService } from '../helpers/service.js';
import {
  REDIRECT_URI,
  TEST_PAGE_URL,
  cleanUpSignIn,
  idpSignIn,
  landOn,
  part,
  parts,
  recordNavigation,
  renderPicker,
  renderSignIn,
  shadow,
  signInAs,
  startSignIn,
  waitForPart,
} from '../helpers/sign-in-flow.js';

const SESSION_KEY = 'storefront-elements:session:storefront';

/** Signs a member in through the shared session, as a sign-in elsewhere on the page would. */
function signInThroughSession(): void {
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  MemberSession.for('storefront').signIn({
    accountMemberId: 'member-1',
    accounts: [{ accountId: 'a1', accountName: 'Analytical Engines Ltd', token: 't', expires }],
  });
}

describe('<account-sign-in> with the reference service', function () {
  this.timeout(20000);

  before(resetService);
  afterEach(cleanUpSignIn);

  it('shows one button per OIDC profile, named after it', async () => {
    const el = await renderSignIn();
    const button = await waitForPart(el, 'button');
    expect(button.textContent?.trim()).to.equal('Sign in with Example ID');
    expect(parts(el, 'button')).to.have.length(1);
    expect(part(el, 'base')?.getAttribute('aria-busy')).to.equal('false');
    await expect(el).to.be.accessible();
  });

  it('shows the loading state with aria-busy first', async () => {
    const el = await renderSignIn();
    expect(part(el, 'base')?.getAttribute('aria-busy')).to.equal('true');
    expect(part(el, 'spinner')).to.not.equal(null);
    expect(part(el, 'loading')?.getAttribute('role')).to.equal('status');
    await waitForPart(el, 'button');
  });

  it('builds the authorization request: PKCE S256, state, client id of the settings, forwarded options', async () => {
    const el = await renderSignIn({ display: 'page', prompt: 'login', uiLocales: 'fr en' });
    const visited = recordNavigation();
    const event = await startSignIn(el);
    const url = new URL(event.detail.url);
    const q = url.searchParams;

    expect(`${url.origin}${url.pathname}`).to.equal(`${SERVICE_URL}/oidc/authorize`);
    expect(q.get('profile_id'), 'the profile link keeps its own parameter').to.equal(
      await fixtureId('profile:example-id'),
    );
    expect(event.detail.profileId).to.equal(await fixtureId('profile:example-id'));
    expect(q.get('scope')).to.equal('openid email');
    expect(url.search).to.include('scope=openid+email');
    expect(q.get('response_type')).to.equal('code');
    expect(q.get('client_id')).to.equal('storefront');
    expect(q.get('redirect_uri')).to.equal(REDIRECT_URI);
    expect(q.get('code_challenge_method')).to.equal('S256');
    expect(q.get('display')).to.equal('page');
    expect(q.get('prompt')).to.equal('login');
    expect(q.get('ui_locales')).to.equal('fr en');

    const state = q.get('state') as string;
    expect(state).to.have.length.greaterThan(20);
    const stored = JSON.parse(sessionStorage.getItem(TRANSACTION_KEY_PREFIX + state) as string);
    expect(stored.redirectUri).to.equal(REDIRECT_URI);
    expect(stored.clientId).to.equal('storefront');
    expect(stored.codeVerifier).to.match(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(q.get('code_challenge')).to.equal(await computeCodeChallenge(stored.codeVerifier));
    expect(visited, 'preventDefault keeps the page').to.deep.equal([]);
  });

  it('uses a fresh verifier and state for every click, and leaves for the identity provider unless prevented', async () => {
    const el = await renderSignIn();
    const visited = recordNavigation();
    const first = new URL((await startSignIn(el)).detail.url).searchParams;
    await el.updateComplete;
    const button = await waitForPart(el, 'button');
    const redirect = oneEvent(el, 'sign-in-redirect');
    button.click();
    const second = new URL((await redirect).detail.url).searchParams;
    expect(second.get('state')).to.not.equal(first.get('state'));
    expect(second.get('code_challenge')).to.not.equal(first.get('code_challenge'));
    expect(visited).to.deep.equal([(await redirect).detail.url]);
  });

  it('leaves out display, prompt and ui_locales when not set; redirect URI defaults to the page address', async () => {
    const el = await renderSignIn();
    el.removeAttribute('redirect-uri');
    const q = new URL((await startSignIn(el)).detail.url).searchParams;
    expect(q.has('display')).to.equal(false);
    expect(q.has('prompt')).to.equal(false);
    expect(q.has('ui_locales')).to.equal(false);
    expect(q.get('redirect_uri')).to.equal(REDIRECT_URI);
  });

  it('signs Ada in end to end: two accounts, clean address bar, picker with keyboard', async () => {
    const starter = await renderSignIn({ display: 'page', uiLocales: 'en' });
    const redirect = await startSignIn(starter);
    starter.remove();
    const callback = await idpSignIn(redirect.detail.url, 'ada@example.com');
    const back = new URL(callback);
    expect(`${back.origin}${back.pathname}`).to.equal(REDIRECT_URI);
    expect(back.searchParams.get('state')).to.equal(new URL(redirect.detail.url).searchParams.get('state'));
    expect(back.searchParams.get('code')).to.be.a('string');

    landOn(callback);
    location.hash = 'keep-me';
    const picker = await renderPicker();
    const selections: AccountSelectedEvent[] = [];
    picker.addEventListener('account-selected', (e) => selections.push(e));

    const el = document.createElement('account-sign-in');
    el.setAttribute('base-url', SERVICE_URL);
    el.setAttribute('client-id', 'storefront');
    const signedIn = oneEvent(el, 'signed-in') as Promise<SignedInEvent>;
    document.body.append(el);
    const here = new URL(location.href);
    expect(here.searchParams.has('code'), 'code removed at once').to.equal(false);
    expect(here.searchParams.has('state')).to.equal(false);
    expect(here.hash, 'the hash stays').to.equal('#keep-me');
    expect(here.searchParams.get('wtr-session-id')).to.equal(new URL(TEST_PAGE_URL).searchParams.get('wtr-session-id'));

    try {
      const { detail } = await signedIn;
      expect(detail.accountMemberId).to.equal(await fixtureId('member:ada'));
      // who signed in, read with her own account token the vendor's way
      expect(detail.member).to.deep.equal({
        id: detail.accountMemberId,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      });
      expect(detail.accounts.map((a) => a.accountName).sort()).to.deep.equal([
        'Analytical Engines Ltd',
        'Harvard Computation Lab',
      ]);
      for (const account of detail.accounts) {
        expect(account.token).to.be.a('string').and.not.equal('');
        expect(Date.parse(account.expires)).to.be.greaterThan(Date.now());
      }

      await waitForPart(el, 'sign-out');
      expect(part(el, 'signed-in-as')?.textContent).to.equal('Signed in · 2 accounts');
      // back from the identity provider, focus is on the element that signed her in, not on the page's body
      await waitUntil(() => shadow(el).activeElement === part(el, 'base'), 'focus on the element');
      expect(document.activeElement).to.equal(el);
      await expect(el).to.be.accessible();

      await picker.updateComplete;
      const items = parts(picker, 'item');
      expect(items.map((i) => i.textContent?.trim().replace(/\s+/g, ' '))).to.deep.equal(
        detail.accounts.map((a) => a.accountName),
      );
      expect(items.map((i) => i.getAttribute('aria-selected'))).to.deep.equal(['false', 'false']);
      expect(selections, 'two accounts: nothing chosen by itself').to.have.length(0);
      await expect(picker).to.be.accessible();

      items[0].focus();
      await sendKeys({ press: 'ArrowDown' });
      await picker.updateComplete;
      expect(picker.shadowRoot?.activeElement?.textContent).to.include(detail.accounts[1].accountName);
      const chosen = oneEvent(picker, 'account-selected') as Promise<AccountSelectedEvent>;
      await sendKeys({ press: 'Enter' });
      const selected = (await chosen).detail;
      expect(selected).to.deep.equal(detail.accounts[1]);
      await picker.updateComplete;
      expect(parts(picker, 'item').map((i) => i.getAttribute('aria-selected'))).to.deep.equal(['false', 'true']);
      expect(part(picker, 'selected')?.textContent).to.include(detail.accounts[1].accountName);
      await el.updateComplete;
      expect(part(el, 'signed-in-as')?.textContent).to.equal(`Signed in for ${detail.accounts[1].accountName}`);
      expect(selections).to.have.length(1);
    } finally {
      el.remove();
    }
  });

  it('signs Grace in: her one account is chosen without a click, once', async () => {
    const picker = await renderPicker();
    const selections: AccountSelectedEvent[] = [];
    picker.addEventListener('account-selected', (e) => selections.push(e));
    const { el, event } = await signInAs('grace@example.com');
    expect(event.detail.accounts).to.have.length(1);
    expect(event.detail.accounts[0].accountName).to.equal('Harvard Computation Lab');
    await picker.updateComplete;
    expect(selections).to.have.length(1);
    expect(selections[0].detail.accountId).to.equal(event.detail.accounts[0].accountId);
    expect(part(picker, 'selected')?.getAttribute('aria-selected')).to.equal('true');
    await waitForPart(el, 'sign-out');
    expect(part(el, 'signed-in-as')?.textContent).to.equal('Signed in for Harvard Computation Lab');
    expect(selections).to.have.length(1);
  });

  it('signs Linus in with no account: the picker explains instead of an empty box', async () => {
    const picker = await renderPicker();
    const { el, event } = await signInAs('linus@example.com');
    expect(event.detail.accounts).to.deep.equal([]);
    expect(event.detail.accountMemberId).to.be.a('string');
    await picker.updateComplete;
    const empty = part(picker, 'no-accounts');
    expect(empty?.textContent).to.include('Your sign-in worked, but the store has not added you to an account yet.');
    expect(part(picker, 'list')).to.equal(null);
    await expect(picker).to.be.accessible();
    await waitForPart(el, 'sign-out');
    expect(part(el, 'signed-in-as')?.textContent).to.equal('Signed in');
    await resetService();
  });

  it('signs out: signed-out with reason user, the buttons come back, the picker shows its hint', async () => {
    const picker = await renderPicker();
    const { el } = await signInAs('grace@example.com');
    const signOut = await waitForPart(el, 'sign-out');
    const signedOut = oneEvent(el, 'signed-out');
    signOut.click();
    expect((await signedOut).detail).to.deep.equal({ reason: 'user' });
    await waitForPart(el, 'button');
    expect(sessionStorage.getItem('storefront-elements:session:storefront')).to.equal(null);
    await picker.updateComplete;
    expect(part(picker, 'signed-out')?.textContent).to.equal('Sign in to choose an account.');
    await expect(picker).to.be.accessible();
  });

  it('keeps the session over a reload with storage=session', async () => {
    const { el } = await signInAs('ada@example.com');
    await waitForPart(el, 'sign-out');
    expect(sessionStorage.getItem('storefront-elements:session:storefront')).to.be.a('string');
    el.remove();
    // A reload: new session objects read what the tab kept.
    resetSessions({ keepStorage: true });
    const again = await renderSignIn();
    await waitForPart(again, 'sign-out');
    const picker = await renderPicker();
    expect(parts(picker, 'item')).to.have.length(2);
  });

  it('keeps nothing in sessionStorage with storage=memory', async () => {
    const { el } = await signInAs('ada@example.com', { storage: 'memory' });
    await waitForPart(el, 'sign-out');
    const kept = Object.keys(sessionStorage).filter((key) => key.startsWith('storefront-elements:session:'));
    expect(kept).to.deep.equal([]);
    const picker = await renderPicker({ storage: '' });
    await picker.updateComplete;
    expect(parts(picker, 'item')).to.have.length(2);
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('storefront-elements:session:'))).to.deep.equal(
      [],
    );
  });

  it('takes a host token function instead of the implicit grant, and replaceable labels', async () => {
    let asked = 0;
    const el = await renderSignIn(
      {},
      {
        accessToken: async () => {
          asked++;
          return implicitToken();
        },
      },
    );
    el.texts = { signInLabel: 'Continue with {name}' };
    const button = await waitForPart(el, 'button');
    await el.updateComplete;
    expect(button.textContent?.trim()).to.equal('Continue with Example ID');
    expect(asked).to.equal(2);
  });

  it('is keyboard operable: Tab reaches the button, Enter starts the sign-in', async () => {
    const el = await renderSignIn();
    await waitForPart(el, 'button');
    const redirect = oneEvent(el, 'sign-in-redirect') as Promise<SignInRedirectEvent>;
    el.addEventListener('sign-in-redirect', (event) => event.preventDefault(), { once: true });
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'button'));
    await sendKeys({ press: 'Enter' });
    expect((await redirect).detail.url).to.include('code_challenge_method=S256');
  });

  it('reports a 401 of the settings (host token refused) with a retry', async () => {
    const reported = oneEvent(document, 'storefront-error') as Promise<StorefrontErrorEvent>;
    const el = await renderSignIn({}, { accessToken: 'not-a-valid-token' });
    const { error } = (await reported).detail;
    expect(error.code).to.equal('http_error');
    expect(error.status).to.equal(401);
    const alert = await waitForPart(el, 'error');
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(part(el, 'error-message')?.textContent).to.equal('You are not signed in, or your access has expired.');
    await expect(el).to.be.accessible();
    // The host fixes its token and retries: the buttons come.
    el.accessToken = await implicitToken();
    part(el, 'retry')?.click();
    await waitForPart(el, 'button');
  });

  it('leaves the storage a picker chose (memory) when its own storage is unset, also when it renders again', async () => {
    await renderPicker({ storage: 'memory' });
    const el = await renderSignIn();
    await waitForPart(el, 'button');
    signInThroughSession();
    await waitForPart(el, 'sign-out');
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    el.texts = { signOutLabel: 'Leave' };
    await el.updateComplete;
    expect(part(el, 'sign-out')?.textContent?.trim()).to.equal('Leave');
    expect(sessionStorage.getItem(SESSION_KEY), 'a render does not write the session back').to.equal(null);
    expect(el.storage, 'unset by default').to.equal(undefined);
  });

  it('moves focus to the first sign-in button after Sign out with the keyboard', async () => {
    const el = await renderSignIn();
    await waitForPart(el, 'button');
    signInThroughSession();
    (await waitForPart(el, 'sign-out')).focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(part(el, 'sign-out')).to.equal(null);
    expect(el.shadowRoot?.activeElement?.getAttribute('part')).to.equal('button');
  });

  it('moves focus to the wrapper after Sign out while the buttons load, then to the first button', async () => {
    signInThroughSession();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = (async (input, init) => (await gate, window.fetch(input, init))) as typeof fetch;
    const el = await renderSignIn({}, { fetch: held });
    (await waitForPart(el, 'sign-out')).focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(part(el, 'loading'), 'never loaded while signed in').to.not.equal(null);
    expect(el.shadowRoot?.activeElement?.getAttribute('part')).to.equal('base');
    release();
    await waitForPart(el, 'button');
    expect(el.shadowRoot?.activeElement?.getAttribute('part'), 'focus goes on to the button when it comes').to.equal(
      'button',
    );
    await expect(el).to.be.accessible();
  });

  it('does not take focus when the session ends elsewhere (signOut() of the host)', async () => {
    const el = await renderSignIn();
    await waitForPart(el, 'button');
    signInThroughSession();
    await waitForPart(el, 'sign-out');
    el.signOut();
    await el.updateComplete;
    expect(el.shadowRoot?.activeElement?.getAttribute('part')).to.equal(undefined);
  });
});
