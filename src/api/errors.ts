import type { ErrorObject } from './types.js';

/** What went wrong, as a stable string a host can switch on. */
export type StorefrontErrorCode =
  | 'http_error'
  | 'network_error'
  | 'invalid_response'
  | 'invalid_query'
  | 'state_mismatch'
  | 'idp_error'
  | 'unsafe_endpoint'
  | 'not_configured'
  | 'insecure_context'
  | 'popup_closed'
  | 'chunk_unavailable';

/**
 * The one error type of the library. `code` says what kind of failure it was; an HTTP failure also
 * carries the numeric `status` and the API's `errors[]`.
 */
export class StorefrontError extends Error {
  override name = 'StorefrontError';
  readonly code: StorefrontErrorCode;
  readonly status?: number;
  readonly errors: ErrorObject[];

  constructor(
    code: StorefrontErrorCode,
    message: string,
    options: { status?: number; errors?: ErrorObject[]; cause?: unknown } = {},
  ) {
    // Error copies `cause` only when the key is present, so an absent cause stays absent
    super(message, options);
    this.code = code;
    this.status = options.status;
    this.errors = options.errors ?? [];
  }
}

/** An error answer of the API: the `{errors: [...]}` envelope, or a bare HTTP status when there was none. */
export class ApiError extends StorefrontError {
  override name = 'ApiError';
  declare readonly status: number;

  constructor(status: number, errors: ErrorObject[], options: { cause?: unknown } = {}) {
    super(
      'http_error',
      errors.map((e) => (e.detail ? `${e.title}: ${e.detail}` : e.title)).join('; ') ||
        `The service answered HTTP ${status}.`,
      { ...options, status, errors },
    );
  }
}

/** Any failure as the library's error: itself when it is one, else `invalid_response` with it as the cause. */
export function toStorefrontError(error: unknown): StorefrontError {
  return error instanceof StorefrontError
    ? error
    : new StorefrontError('invalid_response', (error as Error)?.message ?? String(error), { cause: error });
}

/** True for the rejection of an aborted request, which callers ignore rather than report. */
export function isAbortError(error: unknown): boolean {
  return (error as Error)?.name === 'AbortError';
}
