/**
 * The opening page's side of a sign-in in a popup (popup.ts): waiting for the callback the sign-in window hands
 * back.
 */
import { StorefrontError } from '../api/errors.js';
import type { SignInCallback } from './callback.js';

/**
 * The callback the sign-in window hands back, taken only from that window and from this page's origin; the window
 * is closed then. Fails with `popup_closed` when the shopper closes the window first, or at once when the window
 * cannot be used for a sign-in (already closed, or not a window this page opened), so that the attempt ends rather
 * than wait for ever.
 */
export function popupResult(popup: Window): Promise<SignInCallback> {
  if (popup.closed || popup.opener !== window) {
    popup.close();
    return Promise.reject(new StorefrontError('popup_closed', 'The sign-in window could not be used.'));
  }
  return new Promise((resolve, reject) => {
    const done = () => {
      clearInterval(watch);
      removeEventListener('message', onMessage);
      popup.close();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === popup && event.origin === location.origin) {
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
