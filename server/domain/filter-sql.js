/**
 * A parsed filter (./filter.js) as an SQL condition. Column names come from the caller's table of attributes,
 * never from the request; every value the client wrote is a bound parameter, and reaches the substring index as
 * an FTS5 string, quoted.
 */
import { likeSegments } from './filter.js';

/**
 * @typedef {import('./filter.js').FilterExpr} FilterExpr
 * @typedef {{ value: string, folded: string, key?: string, text?: { table: string, column: string, rowid: string }
 *   }} Column the SQL of an attribute's value and of its value lower-cased; `key`: of its sort key, where an
 *   index holds it; `text`: the FTS5 trigram table that holds the lower-cased value, its column, and the
 *   expression of the row it names
 * @typedef {{ where: string, params: string[], indexed: boolean }} Condition `indexed`: an index finds the rows
 *   (an equality, or the rows the trigram table named)
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
  /** @type {string[]} */
  const conditions = [];
  /** @type {string[]} */
  const params = [];
  let indexed = false;
  for (const expr of exprs) {
    const column = columns[expr.attr];
    if (expr.op === 'eq') {
      const ignoresCase = expr.attr === 'email';
      conditions.push(`${ignoresCase ? column.folded : column.value} = ?`);
      params.push(ignoresCase ? expr.value.toLowerCase() : expr.value);
      if (!ignoresCase && column.key) {
        // equal values have equal sort keys: the index of the sort key finds them
        conditions.push(`${column.key} = sort_key(?)`);
        params.push(expr.value);
      }
      indexed ||= ignoresCase || column.key !== undefined;
      continue;
    }
    const segments = likeSegments(expr.parts);
    if (segments.length === 1) {
      conditions.push(`instr(${column.folded}, ?) > 0`);
      params.push(segments[0]);
    } else {
      conditions.push(`${column.folded} LIKE ? ESCAPE '\\'`);
      params.push(segments.map(escapeLike).join('%'));
    }
    const trigrams = segments.flatMap(coveringTrigrams);
    if (column.text && trigrams.length > 0) {
      const { table, column: textColumn, rowid } = column.text;
      const rows = rowsOf(table, `${textColumn} : (${trigrams.map(ftsString).join(' AND ')})`);
      if (rows) {
        conditions.push(`${rowid} IN (SELECT value FROM json_each(?))`);
        params.push(JSON.stringify(rows));
        indexed = true;
      }
    }
  }
  return { where: conditions.length ? conditions.join(' AND ') : '1', params, indexed };
}

/**
 * Trigrams that together cover a text of three characters or more, side by side and the last one at its end
 * (none for a shorter text): a value holding the text holds each of them. The substring index finds the rows
 * holding all of them (a few rows more than hold the text, which the condition beside it drops) from fewer and
 * shorter lists than the text as one phrase, whose every trigram it reads, positions included.
 * @param {string} text
 */
function coveringTrigrams(text) {
  const chars = [...text]; // characters, as the trigram tokenizer counts them
  /** @type {Set<string>} */
  const trigrams = new Set();
  for (let at = 0; at + TRIGRAM <= chars.length; at += TRIGRAM) trigrams.add(chars.slice(at, at + TRIGRAM).join(''));
  if (chars.length >= TRIGRAM) trigrams.add(chars.slice(-TRIGRAM).join(''));
  return [...trigrams];
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
