import type { SessionChange } from './session.js';

type Listener = (change: SessionChange) => void;

/**
 * The elements that follow a session, and the changes that make its present state: its sign-in, then the account
 * chosen. An element that comes after they were told hears them too, as the others did: the account menu's code
 * loads on first use, and may arrive after the session was read and told to the picker, which does not tell
 * `signed-in` (the page then heard no `signed-in` at all). The tellers keep an element from telling a change twice.
 */
export class SessionListeners extends Set<Listener> {
  #standing: SessionChange[] = [];

  /** Adds a listener: in a microtask it hears the present state's changes told before it came. */
  override add(listener: Listener): this {
    super.add(listener);
    const missed = this.#standing;
    // unless the session changed first (the listener heard that), or the listener left
    if (!missed.length) return this;
    queueMicrotask(() => {
      if (missed === this.#standing && this.has(listener)) for (const change of missed) listener(change);
    });
    return this;
  }

  /** Tells every listener of a change. */
  notify(change: SessionChange): void {
    if (change.type === 'signed-in') this.#standing = [change];
    else if (change.type === 'signed-out') this.#standing = [];
    // the sign-in, then this choice
    else if (change.type === 'account-selected') this.#standing = [...this.#standing.slice(0, 1), change];
    for (const listener of [...this]) listener(change);
  }
}
