/**
 * Events told again to the handlers that came too late to hear them. Frameworks attach a page's handlers as they
 * hydrate (SvelteKit's `onsigned-in`, Nuxt's `@account-selected`, React's `onSignedIn` once mounted), which can be
 * after the elements restored the session on load or finished a sign-in. A listener added after an element told
 * such an event hears it once, while what it said still holds: in a microtask, in the order the events were told
 * (so `signed-in` before `account-selected`), as a new event whose `target` is the element.
 */

interface Told {
  /** Makes the event again, for each late listener. */
  make: () => Event;
  /** Whether what the event said is still so (the same session, the same account). */
  holds: () => boolean;
  /** When it was told, among all told events of the page. */
  order: number;
}

interface Replay {
  target: EventTarget;
  type: string;
  listener: EventListenerOrEventListenerObject;
  options?: boolean | AddEventListenerOptions;
  told: Told;
}

/** The last event of each type each element told. */
const toldBy = new WeakMap<EventTarget, Map<string, Told>>();
/** The listeners of each type each element has (the DOM takes a listener added twice as one). */
const listening = new WeakMap<EventTarget, Map<string, Set<EventListenerOrEventListenerObject>>>();
let told = 0;
let replays: Replay[] = [];

/**
 * Fires the event `make` makes on `target`, and keeps it for the listeners added later, while `holds()` (the last
 * event of a type replaces the one before). `target` calls `replayTo` and `cancelReplay` as listeners come and go.
 */
export function tellLasting(target: EventTarget, make: () => Event, holds: () => boolean): void {
  const event = make();
  let kept = toldBy.get(target);
  if (!kept) toldBy.set(target, (kept = new Map()));
  kept.set(event.type, { make, holds, order: ++told });
  target.dispatchEvent(event);
}

/** A listener was added to `target`: it hears the event of `type` it missed, if one was told. */
export function replayTo(
  target: EventTarget,
  type: string,
  listener: EventListenerOrEventListenerObject | null,
  options?: boolean | AddEventListenerOptions,
): void {
  if (!listener) return;
  let types = listening.get(target);
  if (!types) listening.set(target, (types = new Map()));
  const listeners = types.get(type) ?? new Set();
  types.set(type, listeners);
  // one that was there already heard what was told, or will hear it
  if (listeners.has(listener)) return;
  listeners.add(listener);
  const kept = toldBy.get(target)?.get(type);
  if (!kept) return;
  if (!replays.length) queueMicrotask(replayAll);
  replays.push({ target, type, listener, options, told: kept });
}

/** A listener was removed before its replay: it hears nothing. */
export function cancelReplay(
  target: EventTarget,
  type: string,
  listener: EventListenerOrEventListenerObject | null,
): void {
  if (listener) listening.get(target)?.get(type)?.delete(listener);
  replays = replays.filter((replay) => !isFor(replay, target, type, listener));
}

function isFor(replay: Replay, target: EventTarget, type: string, listener: unknown): boolean {
  return replay.target === target && replay.type === type && replay.listener === listener;
}

function replayAll(): void {
  const due = replays.sort((a, b) => a.told.order - b.told.order);
  replays = [];
  for (const { target, type, listener, options, told } of due) {
    const settings = typeof options === 'object' ? options : undefined;
    if (!told.holds() || settings?.signal?.aborted) continue;
    // a listener for one event has had it
    if (settings?.once) target.removeEventListener(type, listener, options);
    const event = told.make();
    Object.defineProperties(event, { target: { value: target }, currentTarget: { value: target } });
    try {
      if (typeof listener === 'function') listener.call(target, event);
      else listener.handleEvent(event);
    } catch (error) {
      // as a dispatched event's listener would: reported, and the other listeners still hear theirs
      reportError(error);
    }
  }
}
