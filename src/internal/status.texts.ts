/**
 * The sentences of the errors an element that calls the service can show. Each element's catalog takes these;
 * what the service or the identity provider said stays on the `storefront-error` event, for developers.
 */
export const errorTexts = {
  /** Label of the retry button of an error. */
  retryLabel: 'Try again',
  /** The store could not be reached (`network_error`). */
  networkErrorText: 'The store could not be reached. Check your connection and try again.',
  /** The store's answer could not be read (`invalid_response`). */
  invalidResponseText: 'The store sent an answer that could not be read. Please try again.',
  /** The page set the element up with what it cannot use (`not_configured`, `invalid_query`, `unsafe_endpoint`). */
  setupErrorText: 'This part of the page is not set up correctly.',
  /** The service refused the token (HTTP 401). */
  unauthorizedText: 'You are not signed in, or your access has expired.',
  /** HTTP 403. */
  forbiddenText: 'You are not allowed to do this.',
  /** HTTP 500 and above. */
  serverErrorText: 'The store had a problem processing the request. Please try again.',
  /** Any other HTTP error; `{status}` is its number. */
  httpErrorText: 'The store refused the request (HTTP {status}).',
};

/** The sentences only a sign-in can need. */
export const signInErrorTexts = {
  /** The sign-in that came back matches none this tab started, or it expired (`state_mismatch`). */
  stateMismatchText:
    'This sign-in could not be verified (it may have expired or been used already). Please sign in again.',
  /** The identity provider ended the sign-in with an error, e.g. the shopper cancelled (`idp_error`). */
  idpErrorText: 'Sign-in was not completed. Please try again.',
};

export type ErrorTexts = typeof errorTexts & Partial<typeof signInErrorTexts>;
