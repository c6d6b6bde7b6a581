/**
 * Helpers for the sign-in element tests: render the elements, walk the real sign-in at the reference service's
 * identity provider, land the callback in the address bar, and put the test page back as it was.
 */
import { fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { forgetImplicitTokens } from '../../../src/auth/implicit-token.js';
import { AccountPicker } from '../../../src/elements/account-picker/account-picker.js';
import { AccountSignIn } from '../../../src/elements/account-sign-in/account-sign-in.js';
import type { SignInRedirectEvent, SignedInEvent } from '../../../src/events.js';
import { forgetSignedOutMarkers, forgetTakenCallbacks, resetSessions, restoreNavigation } from './page-state.js';
import { SERVICE_URL } from './service.js';

export { recordNavigation } from './page-state.js';

AccountSignIn.define();
AccountPicker.define();

/** The test page's address as it was loaded; every test puts it back. */
export const TEST_PAGE_URL = location.href;
/** The redirect URI of the tests: the test page's own origin and path. */
export const REDIRECT_URI = `${location.origin}${location.pathname}`;

const STORAGE_PREFIX = 'storefront-elements:';

/**
 * Puts the page back: address, sessions, stored transactions and sign-out markers, implicit tokens, taken
 * callbacks, navigation.
 */
export function cleanUpSignIn(): void {
  history.replaceState(history.state, '', TEST_PAGE_URL);
  resetSessions();
  forgetImplicitTokens();
  forgetTakenCallbacks();
  restoreNavigation();
  for (const storage of [sessionStorage, localStorage]) {
    for (const key of Object.keys(storage)) if (key.startsWith(STORAGE_PREFIX)) storage.removeItem(key);
  }
  forgetSignedOutMarkers();
}

/** The shadow root of an element, typed. */
export function shadow(el: Element): ShadowRoot {
  return el.shadowRoot as ShadowRoot;
}

export function part(el: Element, name: string): HTMLElement | null {
  return shadow(el).querySelector<HTMLElement>(`[part~="${name}"]`);
}

export function parts(el: Element, name: string): HTMLElement[] {
  return [...shadow(el).querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
}

/** Waits until the element shows a part, and returns it. */
export async function waitForPart(el: Element, name: string, message?: string): Promise<HTMLElement> {
  await waitUntil(() => part(el, name), message ?? `no part ${name}`, { timeout: 8000 });
  return part(el, name) as HTMLElement;
}

export interface SignInAttributes {
  baseUrl?: string;
  clientId?: string;
  redirectUri?: string;
  display?: string;
  prompt?: string;
  uiLocales?: string;
  storage?: 'session' | 'memory';
  mode?: 'redirect' | 'popup';
  signOut?: 'local' | 'everywhere';
}

/** A connected `<account-sign-in>` against the reference service (unless told otherwise). */
export async function renderSignIn(
  attrs: SignInAttributes = {},
  props: Partial<Pick<AccountSignIn, 'accessToken' | 'fetch'>> = {},
): Promise<AccountSignIn> {
  const el = document.createElement('account-sign-in');
  el.setAttribute('base-url', attrs.baseUrl ?? SERVICE_URL);
  el.setAttribute('client-id', attrs.clientId ?? 'storefront');
  el.setAttribute('redirect-uri', attrs.redirectUri ?? REDIRECT_URI);
  if (attrs.display) el.setAttribute('display', attrs.display);
  if (attrs.prompt) el.setAttribute('prompt', attrs.prompt);
  if (attrs.uiLocales) el.setAttribute('ui-locales', attrs.uiLocales);
  if (attrs.storage) el.setAttribute('storage', attrs.storage);
  if (attrs.mode) el.setAttribute('mode', attrs.mode);
  if (attrs.signOut) el.setAttribute('sign-out', attrs.signOut);
  if (props.accessToken !== undefined) el.accessToken = props.accessToken;
  if (props.fetch !== undefined) el.fetch = props.fetch;
  return fixture<AccountSignIn>(el);
}

export function renderPicker(
  attrs: { clientId?: string; storage?: string; listLabel?: string } = {},
): Promise<AccountPicker> {
  return fixture<AccountPicker>(
    html`<account-picker
      client-id=${attrs.clientId ?? 'storefront'}
      storage=${attrs.storage ?? 'session'}
      .texts=${{ listLabel: attrs.listLabel ?? 'Account' }}
    ></account-picker>`,
  );
}

/** Clicks the first sign-in button and returns the `sign-in-redirect` event (default prevented). */
export async function startSignIn(el: AccountSignIn): Promise<SignInRedirectEvent> {
  const button = await waitForPart(el, 'button', 'no sign-in button');
  const redirect = oneEvent(el, 'sign-in-redirect') as Promise<SignInRedirectEvent>;
  el.addEventListener('sign-in-redirect', (event) => event.preventDefault(), { once: true });
  button.click();
  return redirect;
}

/** Logs in at the real identity provider; returns the address the browser would come back to. */
export function idpSignIn(url: string, login: string, password = 'password'): Promise<string> {
  return executeServerCommand('idp-sign-in', { url, login, password }) as Promise<string>;
}

/**
 * Signs in at the real identity provider in the named browser, whose cookies (and so its identity provider
 * session) last from one call to the next; says whether the identity provider asked for the password.
 */
export function idpSignInWith(
  browser: string,
  url: string,
  login: string,
): Promise<{ url: string; loginForm: boolean }> {
  return executeServerCommand('idp-sign-in', { url, login, browser }) as Promise<{ url: string; loginForm: boolean }>;
}

/** Puts a callback's query into the address bar, keeping the test page's own parameters. */
export function landOn(callbackUrl: string): void {
  const url = new URL(TEST_PAGE_URL);
  for (const [name, value] of new URL(callbackUrl).searchParams) url.searchParams.set(name, value);
  history.replaceState(history.state, '', url.href);
}

/** Starts a sign-in on a fresh element and logs in; returns the callback address. */
export async function callbackFor(login: string, attrs: SignInAttributes = {}): Promise<string> {
  const starter = await renderSignIn(attrs);
  const event = await startSignIn(starter);
  starter.remove();
  return idpSignIn(event.detail.url, login);
}

/** The whole sign-in: lands the callback of `login` and connects a fresh element; resolves with `signed-in`. */
export async function signInAs(
  login: string,
  attrs: SignInAttributes = {},
): Promise<{ el: AccountSignIn; event: SignedInEvent }> {
  return finishSignIn(await callbackFor(login, attrs), attrs);
}

/** Lands a callback address and connects a fresh element to finish it; resolves with `signed-in`. */
export async function finishSignIn(
  callback: string,
  attrs: SignInAttributes = {},
): Promise<{ el: AccountSignIn; event: SignedInEvent }> {
  landOn(callback);
  const el = document.createElement('account-sign-in');
  el.setAttribute('base-url', attrs.baseUrl ?? SERVICE_URL);
  el.setAttribute('client-id', attrs.clientId ?? 'storefront');
  if (attrs.storage) el.setAttribute('storage', attrs.storage);
  if (attrs.signOut) el.setAttribute('sign-out', attrs.signOut);
  const signedIn = oneEvent(el, 'signed-in') as Promise<SignedInEvent>;
  await fixture(el);
  return { el, event: await signedIn };
}
