/**
 * A seeded random source (mulberry32), so that a test's random data is the same each run and a failure names
 * a run that can be repeated.
 * @param {number} seed
 */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (/** @type {number} */ n) => Math.floor(next() * n);
  const pick = (/** @type {readonly any[]} */ list) => list[int(list.length)];
  return { next, int, pick };
}
