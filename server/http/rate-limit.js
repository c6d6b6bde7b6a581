/**
 * Rate limits that single out the client that misbehaves, the way identity services do: attempts and failures
 * are counted per client address *and* the thing tried (a client id, a login), so wrong guesses at one login
 * or one client secret never hold back other logins, other clients or a shopper's implicit token from the
 * same address (an office, a mobile network, everyone behind one proxy). Guessing spread over many addresses
 * is met by a count per thing tried: once it has failed too often in the window, every address that failed
 * at it too is refused, while an address that never failed (its owner, who knows the secret) goes on.
 * Counts live in fixed windows; a client over a budget gets 429 with `Retry-After` until its window ends.
 */
import { tooManyRequests } from './errors.js';

/** Windows remembered at most per table; when one is full, the oldest window is forgotten. */
const MAX_WINDOWS = 100_000;
/** The longest thing tried that is told apart (an email address has at most 254 characters). */
const MAX_THING = 256;

/**
 * @typedef {{ attempts: number, failures: number, windowMs: number }} RateLimit per address and thing tried:
 *   every attempt, and failed ones, in a window of `windowMs`
 * @typedef {{ failures: number }} SharedLimit failures at one thing tried from every address, in the same window
 * @typedef {{ attempts: number, failures: number, resetAt: number }} Window
 * @typedef {{ tokenGrant: RateLimiter, login: RateLimiter }} RateLimits
 */

/**
 * Counting windows by key. Every window of a table lasts as long, so the order they were opened in is the order
 * they end in: opening one, forgetting the oldest when full, and freeing those that ended all take constant
 * time per window (a Map keeps insertion order).
 */
export class Windows {
  /** @type {Map<string, Window>} oldest first */
  #windows = new Map();
  #windowMs;
  #max;

  /**
   * @param {number} windowMs
   * @param {number} [max]
   */
  constructor(windowMs, max = MAX_WINDOWS) {
    this.#windowMs = windowMs;
    this.#max = max;
  }

  get size() {
    return this.#windows.size;
  }

  /**
   * The live window of `key`, if there is one.
   * @param {string} key
   */
  get(key) {
    const window = this.#windows.get(key);
    if (window && window.resetAt <= Date.now()) {
      this.#windows.delete(key);
      return undefined;
    }
    return window;
  }

  /**
   * The live window of `key`, opened now when there is none.
   * @param {string} key
   */
  open(key) {
    let window = this.get(key);
    if (!window) {
      if (this.#windows.size >= this.#max)
        this.#windows.delete(/** @type {string} */ (this.#windows.keys().next().value));
      window = { attempts: 0, failures: 0, resetAt: Date.now() + this.#windowMs };
      this.#windows.set(key, window);
    }
    return window;
  }

  /** Frees the windows that ended; returns how many. */
  sweep(now = Date.now()) {
    let removed = 0;
    for (const [key, window] of this.#windows) {
      if (window.resetAt > now) break;
      this.#windows.delete(key);
      removed++;
    }
    return removed;
  }

  clear() {
    this.#windows.clear();
  }
}

export class RateLimiter {
  #pairs;
  #shared;

  /**
   * @param {RateLimit} limit per client address and thing tried
   * @param {SharedLimit} shared per thing tried, from every address
   * @param {{ attempts: string, thing: string }} words for the error detail: what is attempted ("sign-in
   *   attempts") and what is tried ("this email")
   */
  constructor(limit, shared, words) {
    this.limit = limit;
    this.shared = shared;
    this.words = words;
    this.#pairs = new Windows(limit.windowMs);
    this.#shared = new Windows(limit.windowMs);
  }

  /**
   * Counts an attempt of `address` at `thing`; throws 429 when the pair is over a budget, or when `thing` has
   * failed too often from everywhere and this address failed at it too.
   * @param {string} address
   * @param {string} thing a client id, a login
   */
  attempt(address, thing) {
    thing = thing.slice(0, MAX_THING);
    const pair = this.#pairs.open(`${address} ${thing}`);
    pair.attempts++;
    const { attempts, failures, windowMs } = this.limit;
    const { attempts: what, thing: which } = this.words;
    const seconds = windowMs / 1000;
    if (pair.failures >= failures) {
      throw tooManyRequests(`${failures} failed ${what} for ${which} from this address in ${seconds} s`, pair.resetAt);
    }
    if (pair.attempts > attempts) {
      throw tooManyRequests(
        `more than ${attempts} ${what} for ${which} from this address in ${seconds} s`,
        pair.resetAt,
      );
    }
    const everywhere = this.#shared.get(thing);
    if (pair.failures > 0 && everywhere && everywhere.failures >= this.shared.failures) {
      throw tooManyRequests(
        `${this.shared.failures} failed ${what} for ${which} in ${seconds} s, and failures from this address too`,
        everywhere.resetAt,
      );
    }
  }

  /**
   * Counts a failed attempt (after {@link attempt}).
   * @param {string} address
   * @param {string} thing
   */
  failed(address, thing) {
    thing = thing.slice(0, MAX_THING);
    this.#pairs.open(`${address} ${thing}`).failures++;
    this.#shared.open(thing).failures++;
  }

  sweep() {
    return this.#pairs.sweep() + this.#shared.sweep();
  }

  clear() {
    this.#pairs.clear();
    this.#shared.clear();
  }
}
