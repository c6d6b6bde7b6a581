import { html, nothing, type TemplateResult } from 'lit';
import type { StorefrontError } from '../../api/errors.js';

/** A spinner and a label, announced politely to assistive technology. */
export function renderLoading(label: string): TemplateResult {
  return html`<div part="loading" role="status" aria-live="polite">
    <span part="spinner" aria-hidden="true"></span> <span part="loading-label">${label}</span>
  </div>`;
}

/** A readable error with a retry button; announced at once. */
export function renderError(
  error: StorefrontError | undefined,
  onRetry: (() => void) | undefined,
  retryLabel = 'Try again',
): TemplateResult | typeof nothing {
  if (!error) return nothing;
  return html`<div part="error" role="alert">
    <span part="error-message">${describeForPeople(error)}</span>
    ${onRetry ? html`<button part="retry" type="button" @click=${onRetry}>${retryLabel}</button>` : nothing}
  </div>`;
}

/** A calm sentence for an empty result; not an error. */
export function renderEmpty(message: string): TemplateResult {
  return html`<p part="empty" role="status">${message}</p>`;
}

/** The sentence a shopper or operator reads for an error; the code and details stay on the event. */
export function describeForPeople(error: StorefrontError): string {
  switch (error.code) {
    case 'network_error':
      return 'The store could not be reached. Check your connection and try again.';
    case 'state_mismatch':
      return 'This sign-in could not be verified (it may have expired or been used already). Please sign in again.';
    case 'idp_error':
      return `Sign-in was not completed: ${error.message}`;
    case 'unsafe_endpoint':
      return 'Sign-in is misconfigured: the sign-in address is not safe to open.';
    case 'expired':
      return 'Your session has expired. Please sign in again.';
    case 'invalid_response':
      return 'The store sent an answer that could not be read. Please try again.';
    case 'http_error':
      if (error.status === 401) return 'You are not signed in, or your access has expired.';
      if (error.status === 403) return 'You are not allowed to do this.';
      if (error.status === 404) return `Not found: ${error.message}`;
      if (error.status === 409) return `Already done: ${error.message}`;
      if (error.status !== undefined && error.status >= 500) return 'The store had a problem processing the request. Please try again.';
      return error.message;
    default:
      return error.message;
  }
}
