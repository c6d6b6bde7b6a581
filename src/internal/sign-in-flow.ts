/**
 * What `<account-sign-in>` and `<account-menu>` run only once the shopper acts, or on the page the identity
 * provider sends them back to: starting a sign-in (PKCE, the transaction), waiting for the sign-in window,
 * finishing the sign-in, and the sign-out at the identity provider. A chunk of its own (see chunks.ts): a page that
 * shows the buttons, or the signed-in shopper, does not load it.
 */
export { endSessionUrl } from '../auth/end-session.js';
export { popupResult } from '../auth/popup-result.js';
export { claimRenewal } from '../auth/renewal.js';
export { completeSignIn, idpError, needsShopper, startSignIn } from '../auth/sign-in.js';
export { consumeTransaction } from '../auth/transaction.js';
