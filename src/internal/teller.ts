/**
 * Which element of the page tells it of a change of the shared session, when several follow the session (two
 * sign-in elements, a picker and a menu): the element whose own doing the change is, else the first to hear it.
 * One teller per kind of event, so that one kind's doer does not silence another kind's.
 */
export class Teller {
  #told = new WeakSet<object>();
  #acting = new Set<Element>();

  /** Runs `act` as `element`'s own doing, until it has settled: what it changes, that element tells. */
  async actAs<T>(element: Element, act: () => T): Promise<Awaited<T>> {
    this.#acting.add(element);
    try {
      return await act();
    } finally {
      this.#acting.delete(element);
    }
  }

  /** Whether `element` is the one to tell the page of `change` (and it is told, then). */
  tells(element: Element, change: object): boolean {
    if (this.#acting.size ? !this.#acting.has(element) : this.#told.has(change)) return false;
    this.#told.add(change);
    return true;
  }
}

/** Who tells `signed-in` and `signed-out`. */
export const signInTeller = new Teller();
/** Who tells `account-selected`. */
export const choiceTeller = new Teller();
