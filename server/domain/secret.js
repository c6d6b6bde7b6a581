import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret (or password) sent equals the one kept, compared in constant time.
 * @param {string | null | undefined} sent
 * @param {string} kept
 */
export function sameSecret(sent, kept) {
  const digest = (/** @type {string} */ text) => createHash('sha256').update(text).digest();
  return typeof sent === 'string' && timingSafeEqual(digest(sent), digest(kept));
}
