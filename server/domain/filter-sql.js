/**
 * A parsed filter (./filter.js) as an SQL condition. Column names come from the caller's table of attributes,
 * never from the request; every value the client wrote is a bound parameter, and reaches the substring index as
 * an FTS5 string, quoted.
 */
import { AFTER_EVERY_KEY, sortKey } from './database.js';
import { likeSegments } from './filter.js';

/**
 * @typedef {import('./filter.js').FilterExpr} FilterExpr
 * @typedef {{ value: string, folded: string, key?: string, text?: { table: string, column: string, rowid: string }
 *   }} Column the SQL of an attribute's value and of its value lower-cased; `key`: of its sort key, where an
 *   index holds it; `text`: the FTS5 trigram table that holds the lower-cased value, its column, and the
 *   expression of the row it names
 * @typedef {{ attribute: string, key: string, start: string, end: string }} KeyRange the sort keys of an
 *   attribute's values that start with a text, and the SQL of the key
 * @typedef {{ where: string, params: string[], narrowed: boolean, ranges: KeyRange[] }} Condition
 *   `narrowed`: an index names the few rows to test (an equality, or the rows the trigram table found);
 *   `ranges`: the ranges of sort keys' indexes that hold them (a pattern's start). They are not in `where`,
 *   which tests each value exactly without them: the caller adds the range of the index it reads
 */

/** The trigram index finds a substring of three characters or more. */
const TRIGRAM = 3;

/**
 * The filter as one condition (`1` for no filter): `eq` is exact (on `email`, whatever the case); `like` and
 * `ilike` test the lower-cased value, a pattern without wildcards as "contains".
 * @param {FilterExpr[]} exprs
 * @param {Record<string, Column>} columns by attribute: every attribute the filter's parser allows
 * @param {(table: string, match: string) => number[] | undefined} [rowsOf] the rows a trigram table finds for an
 *   FTS5 query, or `undefined` when they are too many to narrow the search (then the value is tested alone)
 * @returns {Condition}
 */
export function filterSql(exprs, columns, rowsOf = () => undefined) {
  /** @type {Array<{ sql: string, values: string[] }>} */
  const conditions = [];
  /** @type {Array<{ sql: string, values: string[] }>} tests of texts most values hold, made after the others */
  const commonTests = [];
  let narrowed = false;
  /** @type {KeyRange[]} */
  const ranges = [];
  /** @type {Set<string>} the conditions so far, with their values */
  const asked = new Set();
  for (const expr of [...exprs].sort((a, b) => longestText(b) - longestText(a))) {
    const column = columns[expr.attr];
    const add = (/** @type {string} */ sql, /** @type {string[]} */ ...values) => conditions.push({ sql, values });
    // a test each member's value passes, or one asked before, would only add to the work of a pass over every
    // member (40–100 ms a test at a million members)
    const segments = expr.op === 'eq' ? [] : likeSegments(expr.parts);
    if (expr.op !== 'eq' && segments.every((segment) => segment === '')) continue;
    // like and ilike both test the lower-cased value: the same texts between wildcards are the same test
    const same = JSON.stringify([expr.attr, expr.op === 'eq' ? expr.value : segments, expr.op === 'eq']);
    if (asked.has(same)) continue;
    asked.add(same);
    if (expr.op === 'eq') {
      const ignoresCase = expr.attr === 'email';
      add(`${ignoresCase ? column.folded : column.value} = ?`, ignoresCase ? expr.value.toLowerCase() : expr.value);
      // equal values have equal sort keys: the index of the sort key finds them
      if (!ignoresCase && column.key) add(`${column.key} = sort_key(?)`, expr.value);
      narrowed ||= ignoresCase || column.key !== undefined;
      continue;
    }
    const trigrams = segments.flatMap(someTrigrams);
    const text = column.text && trigrams.length > 0 ? column.text : undefined;
    const rows = text && rowsOf(text.table, `${text.column} : (${trigrams.map(ftsString).join(' AND ')})`);
    // a text the trigram index finds in too many members to narrow is tested last, as most values pass it
    // (`like(name,rf):ilike(email,mple)`, whose `mple` every address holds: 161 -> 112-128 ms over a million members)
    const test = (/** @type {string} */ sql, /** @type {string[]} */ ...values) =>
      (text && !rows ? commonTests : conditions).push({ sql, values });
    if (segments.length === 1) test(`instr(${column.folded}, ?) > 0`, segments[0]);
    else {
      // a text and then only wildcards: the value starts with it
      if (segments.slice(1).every((segment) => segment === '')) test(`instr(${column.folded}, ?) = 1`, segments[0]);
      else test(`${column.folded} LIKE ? ESCAPE '\\'`, segments.map(escapeLike).join('%'));
      const start = sortKey(segments[0]);
      // values starting with a text have sort keys starting with its key: one range of the sort key's index
      if (column.key && start.length > 0) {
        ranges.push({ attribute: expr.attr, key: column.key, start, end: start + AFTER_EVERY_KEY });
      }
    }
    // after the text's own test: put before it, a person name's query took 15 % longer
    if (text && rows) {
      add(`${text.rowid} IN (SELECT value FROM json_each(?))`, JSON.stringify(rows));
      narrowed = true;
    }
  }
  const all = [...conditions, ...commonTests];
  return {
    where: all.length ? all.map((condition) => condition.sql).join(' AND ') : '1',
    params: all.flatMap((condition) => condition.values),
    narrowed,
    ranges,
  };
}

/**
 * The length of an expression's longest text between wildcards (an equality's, whole, counted first). Its tests
 * are made in that order, the longest text first: a longer text is held by fewer values, and SQLite does not test
 * the rest of a condition on a value that fails one part (`like(email,l):like(email,ma)`, which every address
 * passes and almost none does: 250 -> 129 ms over a million members).
 * @param {FilterExpr} expr
 */
const longestText = (expr) =>
  expr.op === 'eq' ? Infinity : Math.max(...likeSegments(expr.parts).map((segment) => segment.length));

/**
 * At most three trigrams of a text of three characters or more (none for a shorter text): its first, its middle
 * and its last. A value holding the text holds each of them, so the rows holding all three are the rows holding
 * the text and a few more, which the condition beside it drops. Each trigram is a list the substring index
 * reads whole: three are read faster than the text as one phrase (its every trigram, positions included), and
 * however long the text.
 * @param {string} text
 */
function someTrigrams(text) {
  const chars = [...text]; // characters, as the trigram tokenizer counts them
  if (chars.length < TRIGRAM) return [];
  const last = chars.length - TRIGRAM;
  const starts = new Set([0, Math.floor(last / 2), last]);
  return [...new Set([...starts].map((at) => chars.slice(at, at + TRIGRAM).join('')))];
}

/**
 * A literal text in a LIKE pattern: its `%`, `_` and escape character escaped.
 * @param {string} text
 */
const escapeLike = (text) => text.replace(/[\\%_]/g, '\\$&');

/**
 * A literal text as an FTS5 string (with the trigram tokenizer, three characters are one term).
 * @param {string} text
 */
const ftsString = (text) => `"${text.replaceAll('"', '""')}"`;
