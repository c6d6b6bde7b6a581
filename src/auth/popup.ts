/**
 * Sign-in in a popup: the page opens the identity provider in a small window and keeps its own state; the window
 * comes back to the redirect URI (a page of the same origin with `<account-sign-in>`), which hands the callback
 * to the page that opened it. The page then finishes the sign-in as after a redirect: the callback's state must
 * name a live transaction of that page.
 */
import { StorefrontError } from '../api/errors.js';
import type { SignInCallback } from './sign-in.js';

/** The name of the sign-in window; a page opened under it hands a callback to its opener. */
const POPUP_NAME = 'storefront-elements-sign-in';

/**
 * Opens the sign-in window, empty until its address is known; called at once on the click, while the browser still
 * allows a popup. Null when the browser blocked it.
 */
export function openPopup(): Window | null {
  return open('', POPUP_NAME, 'popup,width=480,height=680');
}

/**
 * In the sign-in window back at the redirect URI: hands the callback to the page that opened it, which closes the
 * window. Posted to this page's own origin only, so no other site's page can read it. False when this page is no
 * sign-in window.
 */
export function handToOpener(callback: SignInCallback): boolean {
  const opener = window.opener as Window | null;
  if (window.name != POPUP_NAME || !opener) return false;
  opener.postMessage(callback, location.origin);
  return true;
}

/**
 * The callback the sign-in window hands back, taken only from that window and from this page's origin; the window
 * is closed then. Fails with `popup_closed` when the shopper closes the window first.
 */
export function popupResult(popup: Window): Promise<SignInCallback> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearInterval(watch);
      removeEventListener('message', onMessage);
      popup.close();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source == popup && event.origin == location.origin) {
        done();
        resolve(event.data as SignInCallback);
      }
    };
    const watch = setInterval(() => {
      if (popup.closed) {
        done();
        reject(new StorefrontError('popup_closed', 'The sign-in window was closed before the sign-in finished.'));
      }
    }, 250);
    addEventListener('message', onMessage);
  });
}
