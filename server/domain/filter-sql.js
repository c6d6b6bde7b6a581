/**
 * A parsed filter (./filter.js) as an SQL condition. Column names come from the caller's table of attributes,
 * never from the request; every value the client wrote is a bound parameter, and reaches the substring index as
 * an FTS5 string, quoted.
 */
import { likeSegments } from './filter.js';

/**
 * @typedef {import('./filter.js').FilterExpr} FilterExpr
 * @typedef {{ value: string, folded: string, text?: { table: string, column: string, rowid: string } }} Column
 *   the SQL of an attribute's value and of its value lower-cased; `text`: the FTS5 trigram table that holds
 *   the lower-cased value, its column, and the expression of the row it names
 * @typedef {{ where: string, params: string[] }} Condition
 */

/** The trigram index finds a substring of three characters or more. */
const TRIGRAM = 3;

/**
 * The filter as one condition (`1` for no filter): `eq` is exact (on `email`, whatever the case); `like` and
 * `ilike` test the lower-cased value, a pattern without wildcards as "contains".
 * @param {FilterExpr[]} exprs
 * @param {Record<string, Column>} columns by attribute: every attribute the filter's parser allows
 * @returns {Condition}
 */
export function filterSql(exprs, columns) {
  /** @type {string[]} */
  const conditions = [];
  /** @type {string[]} */
  const params = [];
  for (const expr of exprs) {
    const column = columns[expr.attr];
    if (expr.op === 'eq') {
      const ignoresCase = expr.attr === 'email';
      conditions.push(`${ignoresCase ? column.folded : column.value} = ?`);
      params.push(ignoresCase ? expr.value.toLowerCase() : expr.value);
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
    const longest = segments.reduce((a, b) => (length(b) > length(a) ? b : a));
    if (column.text && length(longest) >= TRIGRAM) {
      const { table, column: textColumn, rowid } = column.text;
      conditions.push(`${rowid} IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`);
      params.push(`${textColumn} : ${ftsString(longest)}`);
    }
  }
  return { where: conditions.length ? conditions.join(' AND ') : '1', params };
}

/** @param {string} text characters, as the trigram tokenizer counts them */
const length = (text) => [...text].length;

/**
 * A literal text in a LIKE pattern: its `%`, `_` and escape character escaped.
 * @param {string} text
 */
const escapeLike = (text) => text.replace(/[\\%_]/g, '\\$&');

/**
 * A literal text as an FTS5 string (a phrase: with the trigram tokenizer, the text as a substring).
 * @param {string} text
 */
const ftsString = (text) => `"${text.replaceAll('"', '""')}"`;
