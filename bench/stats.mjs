/** Small number helpers the service benchmarks share. */

/**
 * The value at quantile `q` (0.5 the median, 0.99 the p99) of some samples; NaN for none.
 * @param {number[]} values
 * @param {number} q
 */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** A number to `digits` decimals, for a table. */
export const round = (/** @type {number} */ n, /** @type {number} */ digits = 1) => Number(n.toFixed(digits));

/** Bytes in whole mebibytes, as the benches print memory. */
export const mebibytes = (/** @type {number} */ bytes) => Math.round(bytes / 2 ** 20);
