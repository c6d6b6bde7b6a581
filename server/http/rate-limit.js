/**
 * Rate limits per client address, in fixed windows: a generous budget for every attempt, and a small one
 * for failed attempts (a wrong client secret, a wrong password), so guessing is stopped long before it
 * gets anywhere while normal use never meets the limit. An address over either budget gets 429 with
 * `Retry-After` until its window ends.
 */
import { ExpiringTable } from '../domain/expiring-table.js';
import { HttpError } from './errors.js';

/** Addresses remembered at most per limiter (the oldest window is forgotten first). */
const MAX_ADDRESSES = 100_000;

/**
 * @typedef {{ attempts: number, failures: number, windowMs: number }} RateLimit
 * @typedef {{ attempts: number, failures: number, resetAt: number }} Window
 */

export class RateLimiter {
  /** @type {ExpiringTable<Window>} */
  #windows = new ExpiringTable({ max: MAX_ADDRESSES });

  /**
   * @param {RateLimit} limit
   * @param {string} what what is limited, for the error detail ("token requests")
   */
  constructor(limit, what) {
    this.limit = limit;
    this.what = what;
  }

  /**
   * Counts an attempt of `address`; throws 429 when the address is over a budget.
   * @param {string} address
   */
  attempt(address) {
    const window = this.#window(address);
    window.attempts++;
    this.#refuseWhenOver(window);
  }

  /**
   * Counts a failed attempt of `address` (after {@link attempt}).
   * @param {string} address
   */
  failed(address) {
    this.#window(address).failures++;
  }

  sweep() {
    return this.#windows.sweep();
  }

  clear() {
    this.#windows.clear();
  }

  /** @param {string} address */
  #window(address) {
    let window = this.#windows.get(address);
    if (!window) {
      window = { attempts: 0, failures: 0, resetAt: Date.now() + this.limit.windowMs };
      this.#windows.set(address, window, window.resetAt, { address });
    }
    return window;
  }

  /** @param {Window} window */
  #refuseWhenOver(window) {
    const { attempts, failures, windowMs } = this.limit;
    if (window.attempts <= attempts && window.failures < failures) return;
    const seconds = Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000));
    const reason =
      window.failures >= failures
        ? `${failures} failed ${this.what} in ${windowMs / 1000} s`
        : `more than ${attempts} ${this.what} in ${windowMs / 1000} s`;
    throw new HttpError(429, `Too many requests from this address (${reason}); try again in ${seconds} s`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
}
