/**
 * A shared computer whose store origin has its storage full (or blocked): a shopper signs out, and the next sign-in
 * from this browser must still ask for the password, though the identity provider's session of the last shopper
 * lives on. The storage is really filled, to its quota, in Chromium; the identity provider is the real one.
 */
import { expect } from '@open-wc/testing';
import { signedOutHere, signedOutMarker } from '../../../src/internal/storage.js';
import { resetSessions } from '../helpers/page-state.js';
import { SERVICE_URL, resetService } from '../helpers/service.js';
import {
  cleanUpSignIn,
  finishSignIn,
  idpSignInWith,
  renderSignIn,
  startSignIn,
  waitForPart,
} from '../helpers/sign-in-flow.js';

const MARKER = `storefront-elements:signed-out:${SERVICE_URL} storefront`;
const FILLER = 'full-storage-test:';

/** Fills localStorage to its quota with values of halving sizes, down to a single character. */
function fillLocalStorage(): void {
  let count = 0;
  for (let size = 2 ** 20; size >= 1; size = Math.floor(size / 2)) {
    for (;;) {
      try {
        // eslint-disable-next-line no-restricted-properties -- filler, the storage of a busy store page
        localStorage.setItem(`${FILLER}${count++}`, 'x'.repeat(size));
      } catch {
        break;
      }
    }
  }
  // eslint-disable-next-line no-restricted-properties -- one more filler, to prove there is no room
  expect(() => localStorage.setItem(`${FILLER}proof`, 'x'), 'localStorage is full').to.throw();
}

function emptyLocalStorage(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(FILLER)) localStorage.removeItem(key);
}

/** Ada signs in on the shared computer (the identity provider asks for her password and keeps a session). */
async function adaSignsIn(browser: string) {
  const first = await idpSignInWith(browser, (await startSignIn(await renderSignIn())).detail.url, 'ada@example.com');
  expect(first.loginForm).to.equal(true);
  return (await finishSignIn(first.url)).el;
}

/**
 * The next person presses Sign in on a new page and logs in as Grace: whether the identity provider asked for the
 * password, and where it sends the browser back.
 */
async function nextSignIn(browser: string): Promise<{ url: string; loginForm: boolean }> {
  // a new page load of the store, in this tab or another: nothing of the last page is kept in memory
  resetSessions({ keepStorage: true });
  const url = (await startSignIn(await renderSignIn())).detail.url;
  expect(new URL(url).searchParams.get('prompt')).to.equal('login');
  return idpSignInWith(browser, url, 'grace@example.com');
}

describe('a shared computer whose storage is full', function () {
  this.timeout(30000);

  before(resetService);
  afterEach(() => {
    emptyLocalStorage();
    cleanUpSignIn();
  });

  it('filled while a shopper was signed in: the sign-out takes the room the sign-in kept', async () => {
    const el = await adaSignsIn('full-after-sign-in');
    fillLocalStorage();
    (await waitForPart(el, 'sign-out')).click();
    await waitForPart(el, 'button');
    expect(localStorage.getItem(MARKER)).to.equal('1');
    const next = await nextSignIn('full-after-sign-in');
    expect(next.loginForm, 'the login form, not a silent sign-in as Ada').to.equal(true);
  });

  it('full before the sign-in: the sign-out is kept in a cookie, and a new page still asks for the password', async () => {
    fillLocalStorage();
    const el = await adaSignsIn('full-before-sign-in');
    expect(localStorage.getItem(MARKER), 'no room for a marker').to.equal(null);
    (await waitForPart(el, 'sign-out')).click();
    await waitForPart(el, 'button');
    expect(localStorage.getItem(MARKER)).to.equal(null);
    expect(document.cookie).to.include(`${encodeURIComponent(MARKER)}=1`);
    const next = await nextSignIn('full-before-sign-in');
    expect(next.loginForm, 'the login form, not a silent sign-in as Ada').to.equal(true);
    // Grace's sign-in finishes: the cookie goes with it
    await finishSignIn(next.url);
    expect(document.cookie).not.to.include(encodeURIComponent(MARKER));
  });

  it('nowhere to keep it (no cookies either): this page still asks, and says so on the console', async () => {
    fillLocalStorage();
    const el = await adaSignsIn('full-no-cookies');
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args[0]);
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: () => {} });
    try {
      (await waitForPart(el, 'sign-out')).click();
      await waitForPart(el, 'button');
      expect(String(warnings[0])).to.match(/no room to keep the sign-out/);
      expect(signedOutHere.has(MARKER)).to.equal(true);
      const url = (await startSignIn(el)).detail.url;
      expect(new URL(url).searchParams.get('prompt')).to.equal('login');
      expect((await idpSignInWith('full-no-cookies', url, 'grace@example.com')).loginForm).to.equal(true);
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
      console.warn = warn;
    }
  });

  it('blocked storage: whether a shopper signed out cannot be read, so every sign-in asks', async () => {
    const own = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('The storage is blocked', 'SecurityError');
      },
    });
    try {
      expect(signedOutMarker(MARKER)).to.equal(true);
      const url = (await startSignIn(await renderSignIn())).detail.url;
      expect(new URL(url).searchParams.get('prompt')).to.equal('login');
    } finally {
      if (own) Object.defineProperty(window, 'localStorage', own);
      else delete (window as unknown as Record<string, unknown>).localStorage;
    }
  });
});
