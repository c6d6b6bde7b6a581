/**
 * Every failure a shopper can meet in <account-sign-in>: a readable message with a retry, and `storefront-error`.
 * The real service gives the HTTP answers; `fetch` is injected only for faults it never produces.
 */
import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { MemberSession } from '../../../src/auth/session.js';
import { forgetTakenCallbacks } from '../helpers/page-state.js';
import { saveTransaction } from '../../../src/auth/transaction.js';
import { TAKEN_CALLBACKS_KEY, TRANSACTION_KEY_PREFIX } from '../../../src/internal/storage.js';
import type { AccountSignIn } from '../../../src/elements/account-sign-in/account-sign-in.js';
import type { SignedInEvent, SignedOutEvent, StorefrontErrorEvent } from '../../../src/events.js';
import { jsonResponse } from '../helpers/fake-fetch.js';
import { SERVICE_URL, resetService } from '../helpers/service.js';
import {
  cleanUpSignIn,
  idpSignIn,
  landOn,
  part,
  parts,
  recordNavigation,
  renderSignIn,
  startSignIn,
  waitForPart,
} from '../helpers/sign-in-flow.js';

type Route = (url: URL, init: RequestInit | undefined) => Response | undefined | Promise<Response | undefined>;

/** The browser's fetch, except where `route` answers; records every address asked for. */
function routedFetch(route: Route): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    return (await route(url, init)) ?? window.fetch(input, init);
  };
  return { fetch: fn as typeof fetch, calls };
}

const TOKENS = 'POST /v2/account-members/tokens';

/** Connects an element on a page whose address carries a callback; resolves once it settled. */
async function connectOnCallback(fetchImpl?: typeof fetch): Promise<AccountSignIn> {
  const el = document.createElement('account-sign-in');
  el.setAttribute('base-url', SERVICE_URL);
  el.setAttribute('client-id', 'storefront');
  if (fetchImpl) el.fetch = fetchImpl;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** A sign-in started for real; returns the state and the address the identity provider was sent. */
async function startedState(): Promise<{ state: string; url: string }> {
  const starter = await renderSignIn();
  const event = await startSignIn(starter);
  starter.remove();
  return { state: new URL(event.detail.url).searchParams.get('state') as string, url: event.detail.url };
}

function nextError(): Promise<StorefrontErrorEvent> {
  return oneEvent(document, 'storefront-error') as Promise<StorefrontErrorEvent>;
}

async function expectCalloutThenRetry(el: AccountSignIn, text: string | RegExp): Promise<void> {
  const alert = await waitForPart(el, 'error');
  expect(alert.getAttribute('role')).to.equal('alert');
  const message = part(el, 'error-message')?.textContent ?? '';
  if (typeof text === 'string') expect(message).to.include(text);
  else expect(message).to.match(text);
  expect(part(el, 'retry')?.textContent?.trim()).to.equal('Try again');
  await expect(el).to.be.accessible();
}

describe('<account-sign-in> failures', function () {
  this.timeout(20000);
  const added: Element[] = [];

  before(resetService);
  afterEach(() => {
    for (const el of added.splice(0)) el.remove();
    document.querySelectorAll('body > account-sign-in').forEach((el) => el.remove());
    cleanUpSignIn();
  });

  it('refuses a callback whose state matches no sign-in (state_mismatch), without a token request', async () => {
    landOn(`${location.origin}/?code=forged-code&state=never-sent`);
    const spy = routedFetch(() => undefined);
    const reported = nextError();
    const el = await connectOnCallback(spy.fetch);
    expect(new URL(location.href).searchParams.has('code')).to.equal(false);
    expect(new URL(location.href).searchParams.has('state')).to.equal(false);
    expect((await reported).detail.error.code).to.equal('state_mismatch');
    await expectCalloutThenRetry(el, 'could not be verified');
    expect(spy.calls).to.not.include(TOKENS);
    part(el, 'retry')?.click();
    await waitForPart(el, 'button');
    expect(part(el, 'error')).to.equal(null);
  });

  /** Ada's sign-in finished on a callback address, and signed out again; returns that address. */
  async function finishedCallback(): Promise<string> {
    const { url } = await startedState();
    const callback = await idpSignIn(url, 'ada@example.com');
    landOn(callback);
    const first = document.createElement('account-sign-in');
    first.setAttribute('base-url', SERVICE_URL);
    first.setAttribute('client-id', 'storefront');
    const signedIn = oneEvent(first, 'signed-in');
    document.body.append(first);
    await signedIn;
    first.remove();
    MemberSession.for('storefront').signOut('user');
    return callback;
  }

  it('leaves alone a callback this tab took before, back in the address bar: no error, no token request', async () => {
    const callback = await finishedCallback();
    // a router that writes back the address it rendered (Next.js, as it hydrates), then a reload: a new page
    // load, the same code and state
    forgetTakenCallbacks();
    landOn(callback);
    const spy = routedFetch(() => undefined);
    const errors: Event[] = [];
    const record = (event: Event) => errors.push(event);
    document.addEventListener('storefront-error', record);
    try {
      const second = await connectOnCallback(spy.fetch);
      await waitForPart(second, 'button');
      expect(new URL(location.href).searchParams.get('code')).to.equal(null);
      expect(spy.calls).to.not.include(TOKENS);
      expect(errors).to.deep.equal([]);
    } finally {
      document.removeEventListener('storefront-error', record);
    }
  });

  it('refuses a replayed callback in a tab that never took it: state_mismatch, no token request', async () => {
    const callback = await finishedCallback();
    // the same address in another tab: a new page load with a sessionStorage of its own
    forgetTakenCallbacks();
    sessionStorage.removeItem(TAKEN_CALLBACKS_KEY);
    landOn(callback);
    const spy = routedFetch(() => undefined);
    const reported = nextError();
    const second = await connectOnCallback(spy.fetch);
    expect((await reported).detail.error.code).to.equal('state_mismatch');
    await expectCalloutThenRetry(second, 'could not be verified');
    expect(spy.calls).to.not.include(TOKENS);
  });

  it('refuses a sign-in whose transaction has expired (saved more than 10 minutes ago)', async () => {
    const { state, url } = await startedState();
    const stored = JSON.parse(sessionStorage.getItem(TRANSACTION_KEY_PREFIX + state) as string);
    saveTransaction(stored, { now: () => Date.now() - 11 * 60_000 });
    const callback = await idpSignIn(url, 'ada@example.com');
    landOn(callback);
    const spy = routedFetch(() => undefined);
    const reported = nextError();
    const el = await connectOnCallback(spy.fetch);
    expect((await reported).detail.error.code).to.equal('state_mismatch');
    await expectCalloutThenRetry(el, 'could not be verified');
    expect(spy.calls).to.not.include(TOKENS);
  });

  it('shows the identity provider error (idp_error), its description on the event', async () => {
    const { state } = await startedState();
    landOn(`${location.origin}/?error=temporarily_unavailable&error_description=Try+later&state=${state}`);
    const spy = routedFetch(() => undefined);
    const reported = nextError();
    const el = await connectOnCallback(spy.fetch);
    const { error } = (await reported).detail;
    expect(error.code).to.equal('idp_error');
    expect(error.message).to.include('Try later');
    expect(new URL(location.href).searchParams.has('error')).to.equal(false);
    expect(new URL(location.href).searchParams.has('error_description')).to.equal(false);
    // the description is the identity provider's (English, for the developer): it stays on the event
    await expectCalloutThenRetry(el, 'Sign-in was not completed. Please try again.');
    expect(spy.calls).to.not.include(TOKENS);
    part(el, 'retry')?.click();
    await waitForPart(el, 'button');
  });

  it('takes a cancel at the identity provider calmly: the buttons, a polite status, focus on the button', async () => {
    const { state } = await startedState();
    landOn(`${location.origin}/?error=access_denied&error_description=The+user+cancelled+the+sign-in&state=${state}`);
    const spy = routedFetch(() => undefined);
    const reported = nextError();
    const el = await connectOnCallback(spy.fetch);
    const { error } = (await reported).detail;
    expect(error.code, 'the page hears of it').to.equal('idp_error');
    expect(error.message).to.include('The user cancelled the sign-in');
    const notice = await waitForPart(el, 'notice');
    expect(notice.getAttribute('role')).to.equal('status');
    expect(notice.textContent).to.equal('Sign-in was not completed.');
    expect(part(el, 'error'), 'no alert').to.equal(null);
    await waitUntil(() => el.shadowRoot?.activeElement?.getAttribute('part') === 'button', 'focus on the button');
    expect(spy.calls).to.not.include(TOKENS);
    await expect(el).to.be.accessible();
  });

  it('treats a forged cancel as any forged callback: state_mismatch, no calm notice', async () => {
    landOn(`${location.origin}/?error=access_denied&state=never-issued`);
    const reported = nextError();
    const el = await connectOnCallback();
    expect((await reported).detail.error.code).to.equal('state_mismatch');
    await waitForPart(el, 'error');
    expect(part(el, 'notice')).to.equal(null);
  });

  it('shows the token endpoint refusal of a wrong code (HTTP 400 from the service)', async () => {
    const { state } = await startedState();
    landOn(`${location.origin}/?code=not-a-code-the-service-gave&state=${state}`);
    const spy = routedFetch(() => undefined);
    const reported = nextError();
    const el = await connectOnCallback(spy.fetch);
    const { error } = (await reported).detail;
    expect(error.code).to.equal('http_error');
    expect(error.status).to.equal(400);
    expect(error.errors[0]?.title).to.be.a('string');
    expect(spy.calls.filter((call) => call === TOKENS)).to.have.length(1);
    // what the service said is for the developer, on the event; the shopper reads the catalog's sentence
    expect(error.message).to.include('The authorization code is unknown');
    await expectCalloutThenRetry(el, 'The store refused the request (HTTP 400).');
    expect(MemberSession.for('storefront').signedIn).to.equal(false);
  });

  for (const [name, answer, code, text] of [
    ['network down', () => Promise.reject(new TypeError('Failed to fetch')), 'network_error', 'could not be reached'],
    [
      'HTTP 500',
      () => jsonResponse({ errors: [{ title: 'Internal Server Error', status: '500' }] }, 500),
      'http_error',
      'had a problem',
    ],
    [
      'a body that is not JSON',
      () => new Response('<html>oops</html>', { status: 200 }),
      'invalid_response',
      'could not be read',
    ],
  ] as const) {
    it(`shows ${name} on the token request after the callback (${code})`, async () => {
      const { url } = await startedState();
      landOn(await idpSignIn(url, 'grace@example.com'));
      const spy = routedFetch((u) => (u.pathname === '/v2/account-members/tokens' ? answer() : undefined));
      const reported = nextError();
      const el = await connectOnCallback(spy.fetch);
      expect((await reported).detail.error.code).to.equal(code);
      await expectCalloutThenRetry(el, text);
      part(el, 'retry')?.click();
      await waitForPart(el, 'button');
    });

    it(`shows ${name} while loading the settings (${code}), and retries`, async () => {
      let broken = true;
      const spy = routedFetch((u) =>
        broken && u.pathname === '/v2/settings/account-authentication' ? answer() : undefined,
      );
      const reported = nextError();
      const el = await renderSignIn({}, { fetch: spy.fetch });
      expect((await reported).detail.error.code).to.equal(code);
      await expectCalloutThenRetry(el, text);
      broken = false;
      part(el, 'retry')?.click();
      await waitForPart(el, 'button');
      expect(part(el, 'error')).to.equal(null);
    });
  }

  it('shows network down while listing the profiles', async () => {
    const spy = routedFetch((u) =>
      u.pathname.includes('/oidc-profiles') ? Promise.reject(new TypeError('Failed to fetch')) : undefined,
    );
    const reported = nextError();
    const el = await renderSignIn({}, { fetch: spy.fetch });
    expect((await reported).detail.error.code).to.equal('network_error');
    await expectCalloutThenRetry(el, 'could not be reached');
  });

  it('reports settings without a realm as invalid_response', async () => {
    const spy = routedFetch((u) =>
      u.pathname === '/v2/settings/account-authentication' ? jsonResponse({ data: { id: 'x', meta: {} } }) : undefined,
    );
    const reported = nextError();
    const el = await renderSignIn({}, { fetch: spy.fetch });
    expect((await reported).detail.error.code).to.equal('invalid_response');
    await expectCalloutThenRetry(el, 'could not be read');
  });

  function profilesAnswer(link: string, name = 'Evil ID') {
    return routedFetch((u) =>
      u.pathname.includes('/oidc-profiles')
        ? jsonResponse({
            data: [{ id: 'hostile-profile', type: 'oidc_profile', name, links: { 'authorization-endpoint': link } }],
          })
        : undefined,
    );
  }

  for (const [title, link, redirectUri] of [
    ['a javascript: link', 'javascript:alert(1)', undefined],
    ['a data: link', 'data:text/html,<script>alert(1)</script>', undefined],
    [
      'plain http to another host from an https store',
      'http://idp.example.com/authorize?profile=1',
      'https://shop.example/',
    ],
  ] as const) {
    it(`refuses ${title} (unsafe_endpoint): no navigation, no transaction`, async () => {
      const el = await renderSignIn({ redirectUri }, { fetch: profilesAnswer(link).fetch });
      const visited = recordNavigation();
      let redirects = 0;
      el.addEventListener('sign-in-redirect', () => redirects++);
      const button = await waitForPart(el, 'button');
      const reported = nextError();
      button.click();
      const { error } = (await reported).detail;
      expect(error.code).to.equal('unsafe_endpoint');
      await expectCalloutThenRetry(el, 'The store sent an address that is not safe to open.');
      expect(visited).to.deep.equal([]);
      expect(redirects).to.equal(0);
      expect(Object.keys(sessionStorage).filter((key) => key.startsWith(TRANSACTION_KEY_PREFIX))).to.deep.equal([]);
    });
  }

  it('allows plain http to a loopback address (the local reference service)', async () => {
    const el = await renderSignIn(
      { redirectUri: 'https://shop.example/' },
      { fetch: profilesAnswer('http://127.0.0.1:9/authorize').fetch },
    );
    const event = await startSignIn(el);
    expect(event.detail.url.startsWith('http://127.0.0.1:9/authorize?')).to.equal(true);
  });

  it('renders a hostile profile name as text only', async () => {
    const name = '<img src=x onerror="window.__pwned=1">';
    const el = await renderSignIn({}, { fetch: profilesAnswer('https://idp.example/authorize', name).fetch });
    const button = await waitForPart(el, 'button');
    expect(button.textContent?.trim()).to.equal(`Sign in with ${name}`);
    expect(button.querySelector('img')).to.equal(null);
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('says calmly that sign-in is not configured when the store has no OIDC profile', async () => {
    const spy = routedFetch((u) => (u.pathname.includes('/oidc-profiles') ? jsonResponse({ data: [] }) : undefined));
    let errors = 0;
    const count = () => errors++;
    document.addEventListener('storefront-error', count);
    const el = await renderSignIn({}, { fetch: spy.fetch });
    const message = await waitForPart(el, 'not-configured');
    document.removeEventListener('storefront-error', count);
    expect(message.getAttribute('role')).to.equal('status');
    expect(message.textContent).to.equal('Sign-in is not set up for this store yet.');
    expect(part(el, 'error')).to.equal(null);
    expect(parts(el, 'button')).to.deep.equal([]);
    expect(errors).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('ends an expired session: signed-out with reason expired, buttons again with a notice, no token kept', async () => {
    const el = await renderSignIn();
    await waitForPart(el, 'button');
    const session = MemberSession.for('storefront');
    session.signIn({
      accountMemberId: 'member-1',
      accounts: [
        { accountId: 'a1', accountName: 'Soon Gone', token: 't', expires: new Date(Date.now() + 300).toISOString() },
      ],
    });
    await waitForPart(el, 'sign-out');
    const signedOut = (await oneEvent(el, 'signed-out')) as SignedOutEvent;
    expect(signedOut.detail).to.deep.equal({ reason: 'expired' });
    const notice = await waitForPart(el, 'notice');
    expect(notice.textContent).to.equal('Your session has expired. Please sign in again.');
    await waitForPart(el, 'button');
    expect(session.signedIn).to.equal(false);
    expect(session.accounts).to.deep.equal([]);
    expect(sessionStorage.getItem('storefront-elements:session:storefront')).to.equal(null);
  });

  it('lets only one of two elements on the page complete the callback; the other shows no error', async () => {
    const { url } = await startedState();
    landOn(await idpSignIn(url, 'grace@example.com'));
    let errors = 0;
    const countErrors = () => errors++;
    document.addEventListener('storefront-error', countErrors);
    const signedIns: SignedInEvent[] = [];
    const record = (e: Event) => signedIns.push(e as SignedInEvent);
    document.addEventListener('signed-in', record);
    try {
      const spy = routedFetch(() => undefined);
      const a = await connectOnCallback(spy.fetch);
      const b = await connectOnCallback(spy.fetch);
      await waitForPart(a, 'sign-out');
      await waitForPart(b, 'sign-out');
      await aTimeout(50);
      expect(signedIns).to.have.length(1);
      expect(errors).to.equal(0);
      expect(spy.calls.filter((call) => call === TOKENS)).to.have.length(1);
    } finally {
      document.removeEventListener('storefront-error', countErrors);
      document.removeEventListener('signed-in', record);
    }
  });

  it('leaves no error and fires nothing when removed during the token request', async () => {
    const { url } = await startedState();
    landOn(await idpSignIn(url, 'grace@example.com'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = routedFetch(async (u, init) => {
      if (u.pathname !== '/v2/account-members/tokens') return undefined;
      await gate;
      init?.signal?.throwIfAborted();
      return undefined;
    });
    let events = 0;
    const count = () => events++;
    document.addEventListener('storefront-error', count);
    document.addEventListener('signed-in', count);
    try {
      const el = await connectOnCallback(spy.fetch);
      await waitUntil(() => spy.calls.includes(TOKENS));
      expect(part(el, 'base')?.getAttribute('aria-busy')).to.equal('true');
      el.remove();
      release();
      await aTimeout(100);
      expect(events).to.equal(0);
      expect(MemberSession.for('storefront').signedIn).to.equal(false);
    } finally {
      document.removeEventListener('storefront-error', count);
      document.removeEventListener('signed-in', count);
    }
  });

  it('finishes the sign-in when moved (removed and put back in one task) during the token request', async () => {
    const { url } = await startedState();
    landOn(await idpSignIn(url, 'grace@example.com'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = routedFetch(async (u, init) => {
      if (u.pathname !== '/v2/account-members/tokens') return undefined;
      await gate;
      init?.signal?.throwIfAborted();
      return undefined;
    });
    const el = await connectOnCallback(spy.fetch);
    await waitUntil(() => spy.calls.includes(TOKENS));
    const signedIn = oneEvent(el, 'signed-in') as Promise<SignedInEvent>;
    el.remove();
    document.body.append(el);
    release();
    await waitForPart(el, 'sign-out', 'the sign-in was lost by the move');
    expect((await signedIn).detail.accounts).to.have.length(1);
    expect(MemberSession.for('storefront').signedIn).to.equal(true);
    expect(part(el, 'error')).to.equal(null);
  });

  it('reports nothing when removed while loading the settings, and loads them again when put back', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let broken = true;
    const spy = routedFetch(async (u) => {
      if (!broken || u.pathname !== '/v2/settings/account-authentication') return undefined;
      await gate;
      throw new TypeError('Failed to fetch');
    });
    const el = await renderSignIn({}, { fetch: spy.fetch });
    let errors = 0;
    el.addEventListener('storefront-error', () => errors++);
    await waitUntil(() => spy.calls.includes('GET /v2/settings/account-authentication'));
    el.remove();
    release();
    await aTimeout(100);
    expect(errors, 'nothing fired by a detached element').to.equal(0);

    broken = false;
    document.body.append(el);
    await waitForPart(el, 'button', 'blank after coming back');
    expect(part(el, 'error')).to.equal(null);
    expect(errors).to.equal(0);
  });

  it('keeps loading the settings when moved while they load, without an error', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = routedFetch(async (u) => {
      if (u.pathname === '/v2/settings/account-authentication') await gate;
      return undefined;
    });
    const el = await renderSignIn({}, { fetch: spy.fetch });
    let errors = 0;
    el.addEventListener('storefront-error', () => errors++);
    await waitUntil(() => spy.calls.includes('GET /v2/settings/account-authentication'));
    el.remove();
    document.body.append(el);
    release();
    await waitForPart(el, 'button');
    expect(errors).to.equal(0);
  });

  it('moves focus to the first sign-in button after Try again, when the buttons are there', async () => {
    const el = await renderSignIn({}, { fetch: profilesAnswer('javascript:alert(1)').fetch });
    recordNavigation();
    (await waitForPart(el, 'button')).click();
    const retry = await waitForPart(el, 'retry');
    retry.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(part(el, 'retry')).to.equal(null);
    expect(el.shadowRoot?.activeElement?.getAttribute('part')).to.equal('button');
  });

  it('moves focus to the wrapper after Try again while the buttons load, then to the first button', async () => {
    let settings: () => Promise<undefined> = () => Promise.reject(new TypeError('Failed to fetch'));
    const spy = routedFetch((u) => (u.pathname === '/v2/settings/account-authentication' ? settings() : undefined));
    const el = await renderSignIn({}, { fetch: spy.fetch });
    const retry = await waitForPart(el, 'retry');
    let release!: () => void;
    const gate = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    settings = () => gate;
    retry.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(part(el, 'loading')).to.not.equal(null);
    expect(el.shadowRoot?.activeElement?.getAttribute('part')).to.equal('base');
    release();
    await waitForPart(el, 'button');
    expect(el.shadowRoot?.activeElement?.getAttribute('part'), 'focus goes on to the button when it comes').to.equal(
      'button',
    );
  });

  it('leaves focus where the shopper moved it while the buttons load', async () => {
    let settings: () => Promise<undefined> = () => Promise.reject(new TypeError('Failed to fetch'));
    const spy = routedFetch((u) => (u.pathname === '/v2/settings/account-authentication' ? settings() : undefined));
    const outside = await fixture<HTMLInputElement>(html`<input aria-label="search" />`);
    const el = await renderSignIn({}, { fetch: spy.fetch });
    const retry = await waitForPart(el, 'retry');
    let release!: () => void;
    settings = () => new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    retry.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    outside.focus();
    release();
    await waitForPart(el, 'button');
    expect(document.activeElement).to.equal(outside);
  });
});
