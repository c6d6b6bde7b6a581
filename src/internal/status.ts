import { html, nothing, type TemplateResult } from 'lit';
import { type StorefrontError, type StorefrontErrorCode, toStorefrontError } from '../api/errors.js';
import type { ErrorTexts, SetupValues } from './status.texts.js';
import { fill } from './texts.js';

/** A spinner and a label, announced politely to assistive technology. */
export function renderLoading(label: string): TemplateResult {
  return html`<div part="loading" role="status" aria-live="polite">
    <span part="spinner" aria-hidden="true"></span> <span part="loading-label">${label}</span>
  </div>`;
}

/**
 * A readable error (or a sentence already written for people) with a retry button; announced at once. `texts` are
 * the element's, `setup` its attributes a setup error names.
 */
export function renderError(
  error: unknown,
  onRetry: (() => void) | undefined,
  texts: ErrorTexts,
  setup?: SetupValues,
): TemplateResult | typeof nothing {
  return error
    ? html`<div part="error" role="alert">
        <span part="error-message"
          >${typeof error === 'string' ? error : describeForPeople(toStorefrontError(error), texts, setup)}</span
        >
        ${onRetry ? html`<button part="retry" type="button" @click=${onRetry}>${texts.retryLabel}</button>` : nothing}
      </div>`
    : nothing;
}

/** A calm sentence for an empty result; not an error. */
export function renderEmpty(message: string): TemplateResult {
  return html`<p part="empty" role="status">${message}</p>`;
}

/**
 * The text of each code's sentence (an HTTP error's depends on its status instead). A sign-in element shows no error
 * for a closed popup (its buttons come back); anything else that shows one reads that the sign-in did not finish.
 */
const textOfCode: Record<Exclude<StorefrontErrorCode, 'http_error'>, keyof ErrorTexts> = {
  network_error: 'networkErrorText',
  chunk_unavailable: 'chunkUnavailableText',
  invalid_response: 'invalidResponseText',
  invalid_query: 'invalidQueryText',
  unsafe_endpoint: 'unsafeEndpointText',
  not_configured: 'notConfiguredText',
  state_mismatch: 'stateMismatchText',
  idp_error: 'idpErrorText',
  insecure_context: 'insecureContextText',
  popup_closed: 'idpErrorText',
};

/** The sentence a shopper or operator reads for an error, from the element's `texts`. */
export function describeForPeople(
  { code, status = 0 }: StorefrontError,
  texts: ErrorTexts,
  setup: SetupValues = {},
): string {
  // the store's first answer showed the page's setup wrong (a client it does not know, no store at the address):
  // the sentence names the attribute to fix
  const sentence = code === 'not_configured' && (status === 401 ? texts.unknownClientIdText : texts.wrongBaseUrlText);
  if (status && sentence) return fill(sentence, setup);
  if (code !== 'http_error') return texts[textOfCode[code]] ?? texts.invalidResponseText;
  if (status === 401) return texts.unauthorizedText;
  if (status === 403) return texts.forbiddenText;
  return status >= 500 ? texts.serverErrorText : fill(texts.httpErrorText, { status: String(status) });
}
