/**
 * What the store refuses, in its own words: http/errors.js gives each kind its status and envelope. The store
 * knows no HTTP; a message may quote a client's value, shortened.
 */

/** The most characters of a client's value a message quotes back. */
const QUOTED_CHARACTERS = 40;

/**
 * A client's value as a message names it: at most its first characters (then `…`), so an answer never echoes a
 * long value back.
 * @param {unknown} value
 */
export function shortened(value) {
  const text = String(value);
  return text.length > QUOTED_CHARACTERS ? `${text.slice(0, QUOTED_CHARACTERS)}…` : text;
}

/**
 * A client's value as a message quotes it: {@link shortened}, in double quotes.
 * @param {unknown} value
 */
export const quoted = (value) => JSON.stringify(shortened(value));

/** A record the request names is not there. */
export class NotFoundError extends Error {
  name = 'NotFoundError';
}

/** The change would break a rule of the store (one membership per member and account). */
export class ConflictError extends Error {
  name = 'ConflictError';
}

/** A filter the grammar does not accept, or one past its bounds. */
export class InvalidQueryError extends Error {
  name = 'InvalidQueryError';
}

/** The store cannot take the change now (stopping, or its file could not be written); nothing was changed. */
export class UnavailableError extends Error {
  name = 'UnavailableError';

  /**
   * @param {string} message
   * @param {{ retryAfterSeconds?: number, cause?: unknown }} [options]
   */
  constructor(message, { retryAfterSeconds, cause } = {}) {
    super(message, { cause });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
