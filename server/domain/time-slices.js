/**
 * Long work done in slices, so that requests are answered in between. The work is a generator that yields
 * every few thousand rows (a step); {@link inSlices} runs steps until its slice of time is used up, then lets
 * the event loop run (timers, sockets, other requests) before it goes on. {@link atOnce} runs all the steps
 * without a break, for work that is small.
 */

/** How long a slice of background work may hold the event loop. */
const SLICE_MS = 10;

/**
 * Runs the steps of `work` in slices of the event loop's time; resolves with what the work returns.
 * @template T
 * @param {Generator<void, T, void>} work
 * @param {number} [sliceMs]
 * @returns {Promise<T>}
 */
export async function inSlices(work, sliceMs = SLICE_MS) {
  let deadline = performance.now() + sliceMs;
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() >= deadline) {
      await new Promise((resolve) => setImmediate(resolve));
      deadline = performance.now() + sliceMs;
    }
  }
}

/**
 * Runs all the steps of `work` at once; returns what the work returns.
 * @template T
 * @param {Generator<void, T, void>} work
 * @returns {T}
 */
export function atOnce(work) {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}
