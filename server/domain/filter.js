/**
 * The filter grammar of the list endpoints, parsed (http/list-params.js reads the query parameters; filter-sql.js
 * compiles a filter to SQL).
 *
 * Grammar (the browser client writes the same):
 *   filter := expr (':' expr)*          several expressions are ANDed
 *   expr   := op '(' attr ',' value ')'
 *   op     := 'eq' | 'like' | 'ilike'
 *   value  := bare | quoted
 *   bare   := one or more characters other than ( ) , : " \  -- or a backslash escape
 *   quoted := '"' (any character but " and \, or '\' followed by any character)* '"'
 * A backslash escapes the next character, in bare and quoted values alike (`\"`, `\\`, `\*`, `\,`).
 * In `like`, an unescaped `*` is a wildcard (any run of characters) and `\*` a literal star; a pattern
 * without any wildcard is a "contains" test. `like` ignores case. `eq` is exact, except on `email`
 * where it ignores case (addresses are case-insensitive in practice). In `eq` a `*` is just a star.
 * `ilike` is the vendor's case-insensitive `like`; since `like` already ignores case, the two match alike.
 *
 * A filter holds no NUL character.
 *
 * Bounds, so that the costliest filter a client can write stays cheap over a large store (each expression is a
 * test of every record, each wildcard a search in its value): at most {@link MAX_FILTER_LENGTH} characters,
 * {@link MAX_FILTER_EXPRESSIONS} expressions and {@link MAX_FILTER_WILDCARDS} wildcards in all; checked while
 * parsing, before anything is matched.
 */
import { InvalidQueryError, quoted } from './errors.js';

export const MAX_FILTER_LENGTH = 512;
export const MAX_FILTER_EXPRESSIONS = 4;
export const MAX_FILTER_WILDCARDS = 4;

/**
 * @typedef {{ op: 'eq' | 'like' | 'ilike', attr: string, value: string, parts: Array<string | typeof WILDCARD> }}
 *   FilterExpr
 */
export const WILDCARD = Symbol('wildcard');

/**
 * Parses a filter string.
 * @param {string} input
 * @param {string[]} attributes allowed attribute names
 * @returns {FilterExpr[]}
 */
export function parseFilter(input, attributes) {
  let i = 0;
  /** @type {FilterExpr[]} */
  const exprs = [];
  const fail = (/** @type {string} */ what) => {
    throw new InvalidQueryError(`Invalid filter at position ${i + 1}: ${what}`);
  };
  if (input === '') fail('the filter is empty');
  // SQLite's LIKE reads a pattern up to its first NUL: refused rather than matched as something else
  if (input.includes('\0')) throw new InvalidQueryError('A filter may not hold a NUL character');
  if (input.length > MAX_FILTER_LENGTH) {
    throw new InvalidQueryError(`The filter may be at most ${MAX_FILTER_LENGTH} characters long`);
  }
  let wildcards = 0;
  for (;;) {
    if (exprs.length === MAX_FILTER_EXPRESSIONS) {
      throw new InvalidQueryError(`The filter may join at most ${MAX_FILTER_EXPRESSIONS} expressions`);
    }
    const opMatch = /^[a-z_]+/i.exec(input.slice(i));
    if (!opMatch) fail('expected an operator (eq, like or ilike)');
    const op = /** @type {string} */ (opMatch?.[0]);
    if (op !== 'eq' && op !== 'like' && op !== 'ilike') {
      throw new InvalidQueryError(`Unknown filter operator ${quoted(op)}: use eq, like or ilike`);
    }
    i += op.length;
    if (input[i] !== '(') fail(`expected "(" after ${op}`);
    i++;
    const attrMatch = /^[a-z_]+/i.exec(input.slice(i));
    if (!attrMatch) fail('expected an attribute name');
    const attr = /** @type {string} */ (attrMatch?.[0]);
    i += attr.length;
    if (!attributes.includes(attr)) {
      throw new InvalidQueryError(`Unknown filter attribute ${quoted(attr)}: allowed are ${attributes.join(', ')}`);
    }
    if (input[i] !== ',') fail(`expected "," after the attribute ${attr}`);
    i++;
    /** @type {Array<string | typeof WILDCARD>} */
    const parts = [];
    /**
     * Reads one character of a value at `at` into `parts` (a backslash escapes the next one, an unescaped
     * star is a wildcard) and returns where the next one starts; the same rule inside and outside quotes.
     * @param {number} at
     */
    const readValueChar = (at) => {
      if (input[at] !== '\\') {
        parts.push(input[at] === '*' ? WILDCARD : input[at]);
        return at + 1;
      }
      if (at + 1 >= input.length) fail('a backslash must be followed by a character');
      parts.push(input[at + 1]);
      return at + 2;
    };
    if (input[i] === '"') {
      i++;
      for (;;) {
        if (i >= input.length) fail('unterminated quoted value');
        const c = input[i];
        if (c === '"') break;
        i = readValueChar(i);
      }
      i++;
    } else {
      while (i < input.length && !'(),:"'.includes(input[i])) i = readValueChar(i);
      if (parts.length === 0) fail(`expected a value for ${attr} (quote values containing ( ) , : or ")`);
    }
    if (input[i] !== ')') fail(`expected ")" to close ${op}(${attr}, ...) (quote values containing ( ) , : or ")`);
    i++;
    const value = parts.map((p) => (p === WILDCARD ? '*' : p)).join('');
    if (op !== 'eq') wildcards += parts.filter((p) => p === WILDCARD).length;
    if (wildcards > MAX_FILTER_WILDCARDS) {
      throw new InvalidQueryError(`The filter may have at most ${MAX_FILTER_WILDCARDS} wildcards (*) in all`);
    }
    exprs.push({ op, attr, value, parts });
    if (i === input.length) return exprs;
    if (input[i] !== ':') fail('expected ":" between filter expressions');
    i++;
  }
}

/**
 * The literal texts of a `like` pattern, lower-cased, as they stand between its wildcards: one text for a
 * pattern without wildcards, and an empty text where the pattern starts or ends with a wildcard.
 * @param {Array<string | typeof WILDCARD>} parts
 */
export function likeSegments(parts) {
  /** @type {string[]} */
  const segments = [''];
  for (const p of parts) {
    if (p === WILDCARD) segments.push('');
    else segments[segments.length - 1] += p.toLowerCase();
  }
  return segments;
}
