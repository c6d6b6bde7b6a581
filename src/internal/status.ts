import { html, nothing, type TemplateResult } from 'lit';
import { type StorefrontError, toStorefrontError } from '../api/errors.js';

/** A spinner and a label, announced politely to assistive technology. */
export function renderLoading(label: string): TemplateResult {
  return html`<div part="loading" role="status" aria-live="polite">
    <span part="spinner" aria-hidden="true"></span> <span part="loading-label">${label}</span>
  </div>`;
}

/** A readable error (or a sentence already written for people) with a retry button; announced at once. */
export function renderError(
  error: unknown,
  onRetry: (() => void) | undefined,
  retryLabel: string,
): TemplateResult | typeof nothing {
  return error
    ? html`<div part="error" role="alert">
        <span part="error-message"
          >${typeof error == 'string' ? error : describeForPeople(toStorefrontError(error))}</span
        >
        ${onRetry ? html`<button part="retry" type="button" @click=${onRetry}>${retryLabel}</button>` : nothing}
      </div>`
    : nothing;
}

/** A calm sentence for an empty result; not an error. */
export function renderEmpty(message: string): TemplateResult {
  return html`<p part="empty" role="status">${message}</p>`;
}

/** Sentences for the codes whose own message is written for developers. */
const sentences: Partial<Record<StorefrontError['code'], string>> = {
  network_error: 'The store could not be reached. Check your connection and try again.',
  state_mismatch:
    'This sign-in could not be verified (it may have expired or been used already). Please sign in again.',
  unsafe_endpoint: 'Sign-in is misconfigured: the sign-in address is not safe to open.',
  invalid_response: 'The store sent an answer that could not be read. Please try again.',
};

/** The sentence a shopper or operator reads for an error; the code and details stay on the event. */
export function describeForPeople({ code, status = 0, message }: StorefrontError): string {
  if (code === 'idp_error') return `Sign-in was not completed: ${message}`;
  if (code !== 'http_error') return sentences[code] ?? message;
  if (status === 401) return 'You are not signed in, or your access has expired.';
  if (status === 403) return 'You are not allowed to do this.';
  return status >= 500 ? 'The store had a problem processing the request. Please try again.' : message;
}
