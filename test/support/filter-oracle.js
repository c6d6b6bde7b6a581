/**
 * The lists' filters and order in plain JavaScript, as the service had them before its store moved to SQLite: the
 * oracle the store's SQL queries are checked against (member-tables.test.js), and the meaning of a filter spelled
 * out (query.test.js).
 */
import { fold } from '../../server/domain/database.js';
import { likeSegments } from '../../server/domain/filter.js';

/** @typedef {import('../../server/domain/filter.js').FilterExpr} FilterExpr */

/**
 * A `like` pattern as a test on lower-cased text: without wildcards a "contains" test, otherwise the
 * literal segments between wildcards must appear in order, the first at the start and the last at the end.
 * Plain string searches, no regular expression (no backtracking on long values).
 * @param {FilterExpr['parts']} parts
 * @returns {(lower: string) => boolean}
 */
export function likeMatcher(parts) {
  const segments = likeSegments(parts);
  if (segments.length === 1) {
    const needle = segments[0];
    return (s) => s.includes(needle);
  }
  const first = segments[0];
  const last = segments[segments.length - 1];
  const middle = segments.slice(1, -1).filter((x) => x !== '');
  return (s) => {
    if (!s.startsWith(first) || !s.endsWith(last)) return false;
    const end = s.length - last.length;
    if (end < first.length) return false;
    let pos = first.length;
    for (const seg of middle) {
      const at = s.indexOf(seg, pos);
      if (at < 0 || at + seg.length > end) return false;
      pos = at + seg.length;
    }
    return true;
  };
}

/**
 * Compiles parsed filter expressions into one predicate.
 * @template T
 * @param {FilterExpr[]} exprs
 * @param {(record: T, attr: string) => string} get
 * @param {(record: T, attr: string) => string} [getLower] the value lower-cased (when the caller has it at hand)
 * @returns {(record: T) => boolean}
 */
export function compileFilter(exprs, get, getLower = (r, attr) => String(get(r, attr)).toLowerCase()) {
  const tests = exprs.map((e) => {
    if (e.op === 'eq') {
      if (e.attr === 'email') {
        const v = e.value.toLowerCase();
        return (/** @type {T} */ r) => getLower(r, e.attr) === v;
      }
      return (/** @type {T} */ r) => get(r, e.attr) === e.value;
    }
    const matches = likeMatcher(e.parts);
    return (/** @type {T} */ r) => matches(getLower(r, e.attr));
  });
  if (tests.length === 1) return tests[0];
  return (r) => tests.every((t) => t(r));
}

/**
 * Sorts records by a string attribute, ties by id ascending; descending reverses the attribute order only.
 * Comparison is by UTF-16 code units of the lower-cased value, as the database's indexes compare.
 * @template {{ id: string }} T
 * @param {T[]} records
 * @param {(r: T) => string} get
 * @param {boolean} descending
 * @returns {T[]}
 */
export function sortRecords(records, get, descending) {
  const keyed = records.map((r) => ({ k: fold(get(r)), r }));
  const dir = descending ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.k < b.k) return -dir;
    if (a.k > b.k) return dir;
    return a.r.id < b.r.id ? -1 : a.r.id > b.r.id ? 1 : 0;
  });
  return keyed.map((x) => x.r);
}
