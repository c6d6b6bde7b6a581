import { html, nothing, type TemplateResult } from 'lit';
import { type StorefrontError, toStorefrontError } from '../api/errors.js';
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
  if (code !== 'http_error') {
    // each code's sentence is named after it: network_error, networkErrorText
    const name = code.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()) + 'Text';
    return texts[name as keyof ErrorTexts] ?? texts.invalidResponseText;
  }
  if (status === 401) return texts.unauthorizedText;
  if (status === 403) return texts.forbiddenText;
  return status >= 500 ? texts.serverErrorText : fill(texts.httpErrorText, { status: String(status) });
}
