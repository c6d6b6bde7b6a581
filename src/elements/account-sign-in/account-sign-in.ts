import { SignInElement } from '../../internal/sign-in-element.js';
import { StorefrontElement } from '../../internal/storefront-element.js';
import { accountSignInStyles } from './account-sign-in.styles.js';
import { type AccountSignInTexts, accountSignInTexts } from './account-sign-in.texts.js';

/**
 * Signs a shopper in through the store's identity provider (OpenID Connect, Authorization Code Flow with PKCE
 * S256) and ends with account management tokens in the page's shared session. Shows one button per OIDC profile
 * of the store; when the page is the redirect URI, finishes the sign-in the address bar brings back.
 * The settings and profiles (public configuration, never tokens) are kept for the tab: a later page shows the
 * kept buttons at once and refreshes them in the background. With `mode="popup"` the identity provider opens in
 * a small window and the page stays as it is; a blocked window falls back to the redirect.
 *
 * A session kept by the tab, or by another open tab of the store, comes back by itself (`signed-in` with
 * `restored: true`). After Sign out the next sign-in in this browser asks for the password again
 * (`prompt=login`); with `sign-out="everywhere"` the identity provider's session ends too, where it offers that.
 *
 * @summary Sign-in button(s) for the store's identity provider, and the signed-in state with "Sign out".
 *
 * @fires sign-in-redirect - Before leaving for the identity provider (or sending the sign-in window there);
 *   `detail` is `{profileId, url}`. Cancelable: `preventDefault()` keeps the page (and closes the window).
 * @fires signed-in - The sign-in finished, or a kept session came back (`restored: true`: on load, or from another
 *   tab); `detail` is `{accountMemberId, accounts: [{accountId, accountName, token, expires}], member, restored?}`,
 *   `member` being who signed in (`{id, name?, email?}`: the name and email where the store lets a member read
 *   their own record). With `session-endpoint` the accounts carry no `token`.
 *   Always before the picker's `account-selected`.
 * @fires signed-out - The session ended; `detail.reason` is `user` (Sign out pressed), `expired`, `rejected`
 *   (the service refused an account token, here or in another tab) or `elsewhere` (signed out in another tab).
 * @fires session-expiring - The session ends in `expiring-before` seconds (300 unless set): when the chosen account's
 *   token expires (before a choice, the first of them); `detail` is `{accountId, expires}`. Once a token, from one
 *   element of the page. "Stay signed in" shows then, and `renew()` does the same.
 * @fires storefront-error - Something failed; `detail.error.code` is `state_mismatch`, `idp_error` (also a cancel
 *   at the identity provider, which the element shows calmly), `unsafe_endpoint`, `http_error` (with `status`),
 *   `network_error`, `invalid_response`, `not_configured` (an attribute is missing, the store refused the
 *   `client-id`, or the `base-url` looks wrong), `insecure_context` (a plain-http page: no WebCrypto),
 *   `popup_closed` (the shopper closed the sign-in window, or the window could not be used) or `chunk_unavailable`
 *   (its sign-in chunk, a file loaded on first use, could not be loaded; `console.warn` names the file). The
 *   configuration errors also go to `console.warn`, once.
 *
 * @csspart base - The wrapper; `aria-busy` while loading.
 * @csspart buttons - The group of sign-in buttons.
 * @csspart button - Each sign-in button (one per OIDC profile).
 * @csspart status - The signed-in line; also named `signed-in-as`.
 * @csspart signed-in-as - The signed-in line.
 * @csspart sign-out - The Sign out button.
 * @csspart renew - "Stay signed in", in the `expiring` message once the session is about to end.
 * @csspart message - A calm message: sign-in not configured (`not-configured`), the session about to end
 *   (`expiring`), or why the buttons are back
 *   (`notice`: the session expired or was refused, or the sign-in was cancelled).
 * @csspart loading - The loading status; `spinner` is its spinner and `loading-label` its text.
 * @csspart spinner - The spinner.
 * @csspart error - An error, with `error-message` and the `retry` button.
 * @csspart error-message - The text of an error.
 * @csspart retry - The retry button of an error.
 */
export class AccountSignIn extends SignInElement<AccountSignInTexts> {
  static override defaultTag = 'account-sign-in';
  static override styles = [...StorefrontElement.styles, accountSignInStyles];
  static override englishTexts = accountSignInTexts;
}

declare global {
  interface HTMLElementTagNameMap {
    'account-sign-in': AccountSignIn;
  }
}
