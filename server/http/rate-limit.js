/**
 * Limits that stop guessing without locking anyone out. Failures are counted per thing tried (a client id, a
 * login) with who tries it (a client's address; a browser, named by the identity provider's signed cookie), per
 * thing from everywhere, and, for logins, per client address across things (one password sprayed over many
 * logins). Over a failure budget, attempts are not refused but slowed: answered one at a time, at the budget's
 * pace, with a short line; only an attempt that finds the line full gets 429 with `Retry-After`. So guessing stays
 * at about a budget a window, while the member or the back end that knows the secret is answered after a wait.
 * An attempt that carries a proof of a previous sign-in to the thing it tries (the OWASP "device cookie") is
 * trusted: only its own failures count against it. Budgets of every attempt (not only failed ones) of who tries a
 * thing are refused with 429 when spent: that client's own doing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { tooManyRequests } from './errors.js';

/** Windows remembered at most per table; when one is full, the oldest window is forgotten. */
const MAX_WINDOWS = 100_000;
/** The longest thing tried that is told apart (an email address has at most 254 characters). */
const MAX_THING = 256;
/** Attempts that may wait in one line of slowed attempts; one more is refused. */
const LINE_LENGTH = 4;

/**
 * @typedef {{ attempts: number, failures: number, windowMs: number }} RateLimit per thing tried and who tries it:
 *   every attempt, and failed ones, in a window of `windowMs`
 * @typedef {{ failures: number }} SharedLimit failures at one thing from everywhere, or from one address across
 *   things, in the same window
 * @typedef {{ attempts: number, failures: number, resetAt: number }} Window
 * @typedef {{ tokenGrant: RateLimiter, login: RateLimiter }} RateLimits
 * @typedef {{ who: string, thing: string, address?: string, trusted?: boolean }} Attempt `who`: the client's
 *   address or browser; `address`: the client's address, for a limiter that counts spraying across things;
 *   `trusted`: the attempt proved a previous sign-in to `thing`
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

/**
 * Lines of slowed attempts by key: the first goes at once, each next one `spacingMs` after the one before, at
 * most {@link LINE_LENGTH} waiting. A line is forgotten once it is empty and its pace is past.
 */
export class Lines {
  /** @type {Map<string, { next: number, waiting: number }>} */
  #lines = new Map();
  #max;

  constructor(max = MAX_WINDOWS) {
    this.#max = max;
  }

  get size() {
    return this.#lines.size;
  }

  /**
   * Waits for the turn of an attempt in the line of `key`; throws 429 when the line is full.
   * @param {string} key
   * @param {number} spacingMs
   * @param {string} reason why the line is slowed, for the error detail
   */
  async wait(key, spacingMs, reason) {
    const now = Date.now();
    let line = this.#lines.get(key);
    if (!line) {
      // when the table is full the oldest line is forgotten (its waiting attempts still get their turn): constant
      // time, where looking for an empty line would read them all; the timer's sweep frees the empty ones
      if (this.#lines.size >= this.#max) this.#lines.delete(/** @type {string} */ (this.#lines.keys().next().value));
      line = { next: now, waiting: 0 };
      this.#lines.set(key, line);
    }
    if (line.waiting >= LINE_LENGTH) throw tooManyRequests(`${reason}; attempts are answered one at a time`, line.next);
    const turn = Math.max(now, line.next);
    line.next = turn + spacingMs;
    if (turn <= now) return;
    line.waiting++;
    try {
      // a waiting attempt does not keep the process alive (a closing service has no more answers to give)
      await sleep(turn - now, undefined, { ref: false });
    } finally {
      line.waiting--;
    }
  }

  /** Forgets the lines that are empty and whose pace is past; returns how many. */
  sweep(now = Date.now()) {
    let removed = 0;
    for (const [key, line] of this.#lines) {
      if (line.waiting > 0 || line.next > now) continue;
      this.#lines.delete(key);
      removed++;
    }
    return removed;
  }

  clear() {
    this.#lines.clear();
  }
}

/**
 * @param {Window | undefined} window
 * @param {SharedLimit} limit
 */
const isSpent = (window, limit) => window !== undefined && window.failures >= limit.failures;

export class RateLimiter {
  #own;
  #byThing;
  #byAddress;
  #lines = new Lines();

  /**
   * @param {{ own: RateLimit, perThing: SharedLimit, perAddress?: SharedLimit }} limits `perAddress`: failures
   *   from one client address across things (logins), where spraying is a risk
   * @param {{ attempts: string, thing: string, who: string }} words for the error detail: what is attempted
   *   ("sign-in attempts"), what is tried ("this email") and by whom ("this browser")
   */
  constructor(limits, words) {
    this.limits = limits;
    this.words = words;
    this.#own = new Windows(limits.own.windowMs);
    this.#byThing = new Windows(limits.own.windowMs);
    this.#byAddress = new Windows(limits.own.windowMs);
  }

  /**
   * Counts an attempt; throws 429 when who tries it spent its budget of attempts at the thing, and waits its turn
   * while a failure budget it falls under is spent.
   * @param {Attempt} attempt
   */
  async attempt({ who, thing, address, trusted }) {
    thing = thing.slice(0, MAX_THING);
    const { own, perThing, perAddress } = this.limits;
    const seconds = own.windowMs / 1000;
    const { attempts: what, thing: which, who: whom } = this.words;
    const mine = this.#own.open(`${who} ${thing}`);
    mine.attempts++;
    if (mine.attempts > own.attempts) {
      throw tooManyRequests(
        `more than ${own.attempts} ${what} for ${which} from ${whom} in ${seconds} s`,
        mine.resetAt,
      );
    }
    /** @type {{ line: string, failures: number, whose: string }[]} failure budgets spent, each slowing its line */
    const spent = [];
    if (mine.failures >= own.failures) {
      spent.push({ line: `own ${who} ${thing}`, failures: own.failures, whose: `for ${which} from ${whom}` });
    }
    if (!trusted && isSpent(this.#byThing.get(thing), perThing)) {
      spent.push({ line: `thing ${thing}`, failures: perThing.failures, whose: `for ${which}` });
    }
    if (!trusted && perAddress && address !== undefined && isSpent(this.#byAddress.get(address), perAddress)) {
      spent.push({ line: `address ${address}`, failures: perAddress.failures, whose: 'from this address' });
    }
    for (const { line, failures, whose } of spent) {
      await this.#lines.wait(line, own.windowMs / failures, `${failures} failed ${what} ${whose} in ${seconds} s`);
    }
  }

  /**
   * Counts a failed attempt (after {@link attempt}). A trusted attempt's failure counts against it alone.
   * @param {Attempt} attempt
   */
  failed({ who, thing, address, trusted }) {
    thing = thing.slice(0, MAX_THING);
    this.#own.open(`${who} ${thing}`).failures++;
    if (trusted) return;
    this.#byThing.open(thing).failures++;
    if (this.limits.perAddress && address !== undefined) this.#byAddress.open(address).failures++;
  }

  sweep() {
    return this.#own.sweep() + this.#byThing.sweep() + this.#byAddress.sweep() + this.#lines.sweep();
  }

  clear() {
    this.#own.clear();
    this.#byThing.clear();
    this.#byAddress.clear();
    this.#lines.clear();
  }
}
