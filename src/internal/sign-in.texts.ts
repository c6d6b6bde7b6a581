import { errorTexts, setupErrorTexts, signInErrorTexts } from './status.texts.js';

/** Every text a sign-in element shows, in English (`<account-sign-in>`; `<account-menu>` adds its own). */
export const signInTexts = {
  /** Label of a sign-in button; `{name}` is the profile's name. */
  signInLabel: 'Sign in with {name}',
  /** Label of a sign-in button for a profile without a name. */
  signInFallbackLabel: 'Sign in',
  /** Label of the Sign out button. */
  signOutLabel: 'Sign out',
  /** Accessible name of the group of sign-in buttons. */
  signInOptionsLabel: 'Sign-in options',
  /** Signed in, no account chosen (or none). */
  signedInText: 'Signed in',
  /** Signed in with several accounts and none chosen yet; `{count}` is their number (two or more). */
  signedInAccountsText: { other: 'Signed in · {count} accounts' },
  /** Signed in with a chosen account; `{account}` is its name. */
  signedInForText: 'Signed in for {account}',
  /** While the sign-in options load. */
  loadingText: 'Loading sign-in options…',
  /** While the sign-in that came back is finished. */
  completingText: 'Finishing sign-in…',
  /** The store has no OIDC profile; also the error `not_configured`. */
  notConfiguredText: 'Sign-in is not set up for this store yet.',
  /** The session ends soon (`expiring-before`); `{time}` is when, in the element's language. */
  expiringText: 'Your session ends at {time}.',
  /** The button that renews the session. */
  renewLabel: 'Stay signed in',
  /** Another tab of the store is renewing the session. */
  renewingElsewhereText: 'Staying signed in through another tab…',
  /** After the session expired. */
  expiredText: 'Your session has expired. Please sign in again.',
  /** After the service refused the session's token (it was revoked, or the store restarted). */
  rejectedText: 'The store ended your session. Please sign in again.',
  /** Above the buttons after the shopper cancelled at the identity provider (or it declined the sign-in). */
  cancelledText: 'Sign-in was not completed.',
  /** The page left out attributes sign-in needs (`not_configured`); `{attributes}` names them. */
  missingAttributesText: { one: 'Set the {attributes} attribute.', other: 'Set the {attributes} attributes.' },
  ...errorTexts,
  ...setupErrorTexts,
  ...signInErrorTexts,
};

export type SignInTexts = typeof signInTexts;
