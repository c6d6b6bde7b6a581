// Random members and filters for the tests that compare the store's answers with a plain evaluation.
import assert from 'node:assert/strict';
import { WILDCARD } from '../../server/domain/filter.js';

/** Name parts with ties, case, punctuation, letters whose lower case differs in length or by place, and emoji. */
const WORDS = ['Ada', 'ada', 'ADA', 'Lovelace', 'Grace', 'Hopper', 'Ørsted', 'İnci', 'ΣΟΦΙΑ', 'straße', "O'Brien"];
/** Whole names that are odd: empty, the filter's own characters, LIKE's wildcards, a quote, the last character. */
const ODD = ['', ' ', '*', '"', '\\', ',', ':', '(x)', '😀', 'a*b', 'ab', 'x', '%', '_', "'", '\uffff'];
/** Times, and texts in their place that are not quite times. */
export const STAMPS = [
  '2024-01-01T00:00:00.000Z',
  '2024-01-01T00:00:00.000z',
  '2023-12-31T23:59:59.999Z',
  'not a date',
];

/**
 * A member's name, email and creation time.
 * @param {ReturnType<typeof import('./random.js').random>} rnd
 * @param {{ instants?: boolean }} [options] instants: only times as the service writes them
 */
export function randomPerson(rnd, { instants = false } = {}) {
  const name =
    rnd.next() < 0.1
      ? rnd.pick(ODD)
      : `${rnd.pick(WORDS)} ${rnd.pick(WORDS)}${rnd.next() < 0.5 ? ` ${rnd.int(50)}` : ''}`;
  const email = `${rnd.pick(['ada', 'Ada', 'grace', 'x'])}${rnd.int(40)}@${rnd.pick(['example.com', 'EXAMPLE.com'])}`;
  const created_at =
    !instants && rnd.next() < 0.5
      ? rnd.pick(STAMPS)
      : new Date(Date.UTC(2024, 0, 1) + rnd.int(100) * 1000).toISOString();
  return { name, email, created_at };
}

/**
 * A random filter expression as the parser gives it, on `attr`, made from `source` (a value the records hold):
 * `like` or `ilike` from a piece of it (cut between characters, as a URL carries them) with wildcards put in,
 * `eq` with the value or a changed one.
 * @param {ReturnType<typeof import('./random.js').random>} rnd
 * @param {string} source
 * @param {string} attr
 * @returns {import('../../server/domain/filter.js').FilterExpr}
 */
export function randomExpression(rnd, source, attr) {
  if (rnd.next() < 0.3) {
    const value = rnd.next() < 0.7 ? source : rnd.next() < 0.5 ? source.toUpperCase() : `${source}x`;
    return { op: 'eq', attr, value, parts: [...value] };
  }
  const characters = [...source];
  const start = rnd.int(characters.length + 1);
  const piece = characters.slice(start, start + rnd.int(8)).join('');
  const text = rnd.next() < 0.3 ? piece.toUpperCase() : piece;
  /** @type {Array<string | typeof WILDCARD>} */
  const parts = [];
  if (rnd.next() < 0.6) parts.push(WILDCARD);
  for (const c of text) {
    parts.push(c);
    if (rnd.next() < 0.08) parts.push(WILDCARD);
  }
  if (rnd.next() < 0.6) parts.push(WILDCARD);
  const value = parts.map((p) => (p === WILDCARD ? '*' : p)).join('');
  return { op: rnd.pick(['like', 'ilike']), attr, value, parts };
}

/**
 * Asserts that the store's matches of a query are the plain evaluation's: their count, their order, and a random
 * page of them.
 * @param {ReturnType<typeof import('./random.js').random>} rnd
 * @param {{ total: number, page: (offset: number, limit: number) => Array<{ id: string }> }} found
 * @param {Array<{ id: string }>} expected
 * @param {string} what the query, for a failure's message
 */
export function assertSameMatches(rnd, found, expected, what) {
  assert.equal(found.total, expected.length, what);
  assert.deepEqual(
    found.page(0, found.total).map((m) => m.id),
    expected.map((m) => m.id),
    what,
  );
  const offset = rnd.int(expected.length + 2);
  const limit = 1 + rnd.int(30);
  assert.deepEqual(
    found.page(offset, limit),
    expected.slice(offset, offset + limit),
    `${what} page ${offset}+${limit}`,
  );
}
