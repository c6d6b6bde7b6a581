/**
 * mode="popup": the identity provider opens in a window, the test page never navigates, and the window comes back
 * to a page of this origin (test/browser/fixtures/callback.html) that hands the callback to the page. The login in
 * the window is a person's, through the browser (a web-test-runner command drives the window).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { MemberSession } from '../../../src/auth/session.js';
import { TRANSACTION_KEY_PREFIX } from '../../../src/internal/storage.js';
import type { SignInRedirectEvent, SignedInEvent, StorefrontErrorEvent } from '../../../src/events.js';
import { resetService } from '../helpers/service.js';
import {
  TEST_PAGE_URL,
  cleanUpSignIn,
  part,
  recordNavigation,
  renderSignIn,
  waitForPart,
} from '../helpers/sign-in-flow.js';

const CALLBACK_PAGE = `${location.origin}/test/browser/fixtures/callback.html`;

function next<E extends Event>(target: EventTarget, type: string): Promise<E> {
  return new Promise((resolve) => target.addEventListener(type, (e) => resolve(e as E), { once: true }));
}

const transactions = () => Object.keys(sessionStorage).filter((key) => key.startsWith(TRANSACTION_KEY_PREFIX));

describe('<account-sign-in mode="popup">', function () {
  this.timeout(30000);

  before(resetService);
  afterEach(async () => {
    await executeServerCommand('close-popups');
    cleanUpSignIn();
  });

  it('signs in through a window while the page stays where it is', async () => {
    const visited = recordNavigation();
    const el = await renderSignIn({ mode: 'popup', redirectUri: CALLBACK_PAGE });
    const redirect = next<SignInRedirectEvent>(el, 'sign-in-redirect');
    const signedIn = next<SignedInEvent>(el, 'signed-in');
    (await waitForPart(el, 'button')).click();
    expect(new URL((await redirect).detail.url).searchParams.get('redirect_uri')).to.equal(CALLBACK_PAGE);
    await executeServerCommand('popup-sign-in', { login: 'ada@example.com' });
    const { detail } = await signedIn;
    expect(detail.accounts.map((a) => a.accountName).sort()).to.deep.equal([
      'Analytical Engines Ltd',
      'Harvard Computation Lab',
    ]);
    expect(detail.restored).to.equal(undefined);
    expect(visited, 'the page never left').to.deep.equal([]);
    expect(location.href).to.equal(TEST_PAGE_URL);
    expect(transactions(), 'the transaction was used up').to.deep.equal([]);
    await waitForPart(el, 'sign-out');
    await waitUntil(async () => (await executeServerCommand('popups')) === 0, 'the window closed');
  });

  it('a window the shopper closes: popup_closed, the button again, the sign-in can never finish', async () => {
    // the browser still has the identity provider's session of the first test: ask for the login form, so the
    // window waits for the shopper until it is closed
    const el = await renderSignIn({ mode: 'popup', redirectUri: CALLBACK_PAGE, prompt: 'login' });
    const error = next<StorefrontErrorEvent>(el, 'storefront-error');
    (await waitForPart(el, 'button')).click();
    await waitUntil(() => transactions().length === 1, 'a transaction');
    await waitUntil(async () => (await executeServerCommand('popups')) === 1, 'the window open');
    await executeServerCommand('close-popups');
    expect((await error).detail.error.code).to.equal('popup_closed');
    await waitUntil(() => !part(el, 'button')?.hasAttribute('disabled'), 'the button again');
    expect(part(el, 'error'), 'no alert').to.equal(null);
    expect(transactions(), 'its transaction is gone').to.deep.equal([]);
    await waitUntil(() => el.shadowRoot?.activeElement === part(el, 'button'), 'focus on the button');
  });

  it('a cancel in the window comes back calmly, as after a redirect', async () => {
    // the browser still has the identity provider's session of the first test: ask for the login form
    const el = await renderSignIn({ mode: 'popup', redirectUri: CALLBACK_PAGE, prompt: 'login' });
    (await waitForPart(el, 'button')).click();
    await executeServerCommand('popup-sign-in', { login: 'ada@example.com', cancel: true });
    const notice = await waitForPart(el, 'notice');
    expect(notice.textContent).to.equal('Sign-in was not completed.');
    expect(MemberSession.for('storefront').signedIn).to.equal(false);
  });

  it('a blocked window falls back to the redirect', async () => {
    const visited = recordNavigation();
    const open = window.open;
    window.open = () => null;
    try {
      const el = await renderSignIn({ mode: 'popup', redirectUri: CALLBACK_PAGE });
      (await waitForPart(el, 'button')).click();
      await waitUntil(() => visited.length, 'the redirect');
      expect(new URL(visited[0]).searchParams.get('redirect_uri')).to.equal(CALLBACK_PAGE);
    } finally {
      window.open = open;
    }
  });

  it('opens a window of its own under a name no page can guess: a frame named like a sign-in window takes nothing', async () => {
    // a frame of the page under the name sign-in windows had, and one under the prefix they have now
    const frames = ['storefront-elements-sign-in', 'storefront-elements-sign-in:'].map((name) => {
      const frame = document.createElement('iframe');
      frame.name = name;
      document.body.append(frame);
      return frame;
    });
    const opened: Array<Window | null> = [];
    const open = window.open;
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = open.apply(window, args);
      opened.push(popup);
      return popup;
    };
    try {
      // prompt=login: the identity provider's session of the first test would otherwise end the window at once
      const el = await renderSignIn({ mode: 'popup', redirectUri: CALLBACK_PAGE, prompt: 'login' });
      const signedIn = next<SignedInEvent>(el, 'signed-in');
      (await waitForPart(el, 'button')).click();
      await executeServerCommand('popup-sign-in', { login: 'grace@example.com' });
      expect((await signedIn).detail.accounts.map((a) => a.accountName)).to.deep.equal(['Harvard Computation Lab']);
      expect(opened).to.have.length(1);
      expect(frames.map((frame) => frame.contentWindow)).not.to.include(opened[0]);
    } finally {
      window.open = open;
      for (const frame of frames) frame.remove();
    }
  });

  it('a window that cannot be used ends the attempt at once: popup_closed, the button again', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const open = window.open;
    // a browser that hands back a window this page did not open (here a frame of the page)
    window.open = () => frame.contentWindow;
    try {
      const el = await renderSignIn({ mode: 'popup', redirectUri: CALLBACK_PAGE });
      const error = next<StorefrontErrorEvent>(el, 'storefront-error');
      (await waitForPart(el, 'button')).click();
      const { detail } = await error;
      expect(detail.error.code).to.equal('popup_closed');
      expect(detail.error.message).to.equal('The sign-in window could not be used.');
      await waitUntil(() => !part(el, 'button')?.hasAttribute('disabled'), 'the button again');
      expect(transactions(), 'its transaction is gone').to.deep.equal([]);
    } finally {
      window.open = open;
      frame.remove();
    }
  });

  it('takes a callback only from its own window: a message from anywhere else is ignored', async () => {
    // prompt=login keeps the window at the login form: with the identity provider's session of the first test it
    // would otherwise come back at once and use the transaction up
    const el = await renderSignIn({ mode: 'popup', redirectUri: CALLBACK_PAGE, prompt: 'login' });
    const errors: StorefrontErrorEvent[] = [];
    el.addEventListener('storefront-error', (e) => errors.push(e as StorefrontErrorEvent));
    (await waitForPart(el, 'button')).click();
    await waitUntil(() => transactions().length === 1, 'a transaction');
    const state = transactions()[0].slice(TRANSACTION_KEY_PREFIX.length);
    // this page itself posting (same origin, but not the sign-in window)
    window.postMessage({ state, query: `?code=forged&state=${state}` }, location.origin);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errors).to.deep.equal([]);
    expect(transactions(), 'the transaction waits for the window').to.have.length(1);
    expect(part(el, 'button')?.hasAttribute('disabled'), 'still signing in').to.equal(true);
  });
});
