/**
 * Sign-in in a popup: the page opens the identity provider in a small window and keeps its own state; the window
 * comes back to the redirect URI (a page of the same origin with `<account-sign-in>`), which hands the callback
 * to the page that opened it (popup-result.ts waits for it there). The page then finishes the sign-in as after a
 * redirect: the callback's state must name a live transaction of that page.
 */
import type { SignInCallback } from './callback.js';

/** How the name of a sign-in window starts; a page opened under such a name hands a callback to its opener. */
const POPUP_NAME_PREFIX = 'storefront-elements-sign-in:';

/**
 * Opens the sign-in window, empty until its address is known; called at once on the click, while the browser still
 * allows a popup. Null when the browser blocked it. Each window has a name no page can guess: `open()` would give a
 * window or frame that already has the name instead of a new window, so a frame named like it could take the
 * sign-in.
 */
export function openPopup(): Window | null {
  const random = Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('');
  return open('', `${POPUP_NAME_PREFIX}${random}`, 'popup,width=480,height=680');
}

/**
 * In the sign-in window back at the redirect URI: hands the callback to the page that opened it, which closes the
 * window. Posted to this page's own origin only, so no other site's page can read it. False when this page is no
 * sign-in window.
 */
export function handToOpener(callback: SignInCallback): boolean {
  const opener = window.opener as Window | null;
  if (!window.name.startsWith(POPUP_NAME_PREFIX) || !opener) return false;
  opener.postMessage(callback, location.origin);
  return true;
}
