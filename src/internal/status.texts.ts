/**
 * The sentences of the errors an element that calls the service can show, each named after its code
 * (`network_error`: `networkErrorText`; `not_configured` is the element's own `notConfiguredText`), an HTTP error
 * after its status. Each element's texts take these; what the service or the identity provider said stays on
 * the `storefront-error` event, for developers.
 */
export const errorTexts = {
  /** Label of the retry button of an error. */
  retryLabel: 'Try again',
  /** The store could not be reached (`network_error`). */
  networkErrorText: 'The store could not be reached. Check your connection and try again.',
  /**
   * A file of the element, loaded on first use, could not be loaded (`chunk_unavailable`): the network, or the store's
   * hosting (an integrity value, CORS, the address), which the console names for the page's developer.
   */
  chunkUnavailableText: "Some of the store's files could not be loaded. Please try again later.",
  /** The store's answer could not be read (`invalid_response`). */
  invalidResponseText: 'The store sent an answer that could not be read. Please try again.',
  /** The page asked for a list the store would refuse, e.g. a page size over 10000 (`invalid_query`). */
  invalidQueryText: 'This list cannot be shown with the settings of this page.',
  /** The store gave an address the element will not open or send a token to (`unsafe_endpoint`). */
  unsafeEndpointText: 'The store sent an address that is not safe to open.',
  /** The service refused the token (HTTP 401). */
  unauthorizedText: 'You are not signed in, or your access has expired.',
  /** HTTP 403. */
  forbiddenText: 'You are not allowed to do this.',
  /** HTTP 500 and above. */
  serverErrorText: 'The store had a problem processing the request. Please try again.',
  /** Any other HTTP error; `{status}` is its number. */
  httpErrorText: 'The store refused the request (HTTP {status}).',
};

/**
 * The sentences of a page's setup that the store's first answer showed wrong (`not_configured` with the status of
 * that answer), in the elements that ask for the store's implicit token: each names the attribute to fix.
 */
export const setupErrorTexts = {
  /** The store knows no client of that `client-id` (`not_configured`, HTTP 401); `{clientId}` is the attribute. */
  unknownClientIdText: 'The store refused the client-id "{clientId}".',
  /** Nothing answers as a store at `base-url` (`not_configured`, HTTP 404); `{baseUrl}` is the attribute. */
  wrongBaseUrlText: 'No store answers at {baseUrl}: the base-url looks wrong.',
};

/** The sentences only a sign-in can need. */
export const signInErrorTexts = {
  /** The sign-in that came back matches none this tab started, or it expired (`state_mismatch`). */
  stateMismatchText:
    'This sign-in could not be verified (it may have expired or been used already). Please sign in again.',
  /** The identity provider ended the sign-in with an error, e.g. the shopper cancelled (`idp_error`). */
  idpErrorText: 'Sign-in was not completed. Please try again.',
  /** A plain-http page other than localhost: browsers give it no WebCrypto, sign-in needs it (`insecure_context`). */
  insecureContextText: 'Sign-in needs a secure page: serve this page over https (or from localhost).',
};

/** The sentences an element's errors are read from: those of its texts that name errors. */
export type ErrorTexts = typeof errorTexts &
  Partial<typeof signInErrorTexts & typeof setupErrorTexts> & { notConfiguredText: string };

/** The attributes a setup error names: the element's `client-id` and `base-url`. */
export type SetupValues = { clientId?: string; baseUrl?: string };
