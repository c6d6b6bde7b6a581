/**
 * Filter, sort and page parameters of the two list endpoints (account members, account memberships).
 *
 * Filter grammar, as the service reads it:
 *
 *     filter := expr (':' expr)*
 *     expr   := op '(' attr ',' value ')'
 *     value  := bare | quoted
 *     bare   := one or more characters other than ( ) , : " \  (and, as written here, no whitespace)
 *     quoted := '"' ... '"'   where a backslash takes the next character literally
 *
 * In `like`, an unescaped `*` is a wildcard and `\*` a literal star; without any `*` it is a contains test.
 */
import { StorefrontError } from './errors.js';
import type { Sort, SortAttribute } from './types.js';

export type FilterOperator = 'eq' | 'like';

/** One `op(attribute,value)` term. Build it with {@link eq}, {@link like} or {@link contains}. */
export interface FilterExpression<A extends string = string> {
  readonly operator: FilterOperator;
  readonly attribute: A;
  /** The value exactly as written into the filter: bare, or quoted and escaped. */
  readonly encodedValue: string;
  /** `op(attribute,value)` */
  toString(): string;
}

export type FilterInput<A extends string = string> = FilterExpression<A> | readonly FilterExpression<A>[] | string;

export interface ListQuery<A extends string = string> {
  /** One term, several terms (all must hold; joined with `:`), or a filter string written by hand. */
  filter?: FilterInput<A>;
  sort?: Sort;
  /** Records per page, an integer from 1 to 10000. */
  limit?: number;
  /** Records to skip, an integer from 0 to 10000. */
  offset?: number;
  include?: 'account_member';
}

/** Attributes the account member list filters on. */
export type MemberFilterAttribute = 'email' | 'name';
/** Attribute the account membership list filters on. */
export type MembershipFilterAttribute = 'account_member_id';

export const SORT_ATTRIBUTES: readonly SortAttribute[] = ['created_at', 'email', 'id', 'name', 'updated_at'];
export const MAX_PAGE_LIMIT = 10000;
export const MAX_PAGE_OFFSET = 10000;

const ATTRIBUTE = /^[A-Za-z_][A-Za-z0-9_.]*$/;
/** Characters that force a value into quotes: the grammar's specials, and whitespace for readability. */
const NEEDS_QUOTES = /[(),:"\\\s*]/;
const NEEDS_QUOTES_EXCEPT_STAR = /[(),:"\\\s]/;

/**
 * Equality: `eq(attribute,value)`. The value is taken literally; a `*` in it is written `\*` (a literal star in
 * both operators), so it never acts as a wildcard.
 */
export function eq<A extends string>(attribute: A, value: string): FilterExpression<A> {
  return term('eq', attribute, quoteLiteral(String(value)));
}

/**
 * Pattern match: `like(attribute,pattern)`. In `pattern`, `*` is a wildcard and a backslash takes the
 * next character literally (`\*` is a star); pass user text through {@link escapeLike} first.
 */
export function like<A extends string>(attribute: A, pattern: string): FilterExpression<A> {
  return term('like', attribute, quotePattern(String(pattern)));
}

/** `like(attribute,*text*)` with `text` taken literally: records whose attribute contains the text. */
export function contains<A extends string>(attribute: A, text: string): FilterExpression<A> {
  return like(attribute, `*${escapeLike(text)}*`);
}

/** Escapes `\` and `*` so that `text` matches only itself inside a like pattern. */
export function escapeLike(text: string): string {
  return String(text).replace(/[\\*]/g, (c) => `\\${c}`);
}

/** The `filter` parameter for one or several terms, or a hand-written string as given. */
export function formatFilter(filter: FilterInput): string {
  if (typeof filter === 'string') return filter;
  const terms: readonly FilterExpression[] = isExpressionList(filter) ? filter : [filter];
  for (const t of terms) {
    if (!t || typeof t !== 'object' || !ATTRIBUTE.test(String(t.attribute))) {
      throw new StorefrontError('invalid_query', 'A filter term must be built with eq(), like() or contains().');
    }
  }
  return terms.map((t) => `${t.operator}(${t.attribute},${t.encodedValue})`).join(':');
}

/**
 * The query string of a list request: `filter`, `sort`, `page[limit]`, `page[offset]`, `include`.
 * Throws `StorefrontError('invalid_query')` for values the service would refuse, before any request.
 */
export function toSearchParams(query: ListQuery = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (query.filter !== undefined) {
    const filter = formatFilter(query.filter);
    if (filter !== '') params.set('filter', filter);
  }
  if (query.sort !== undefined) {
    const sort = String(query.sort);
    const attribute = sort.startsWith('-') ? sort.slice(1) : sort;
    if (!(SORT_ATTRIBUTES as readonly string[]).includes(attribute)) {
      throw new StorefrontError(
        'invalid_query',
        `Cannot sort by "${sort}": use one of ${SORT_ATTRIBUTES.join(', ')}, with "-" in front for descending.`,
      );
    }
    params.set('sort', sort);
  }
  appendPage(params, query);
  if (query.include !== undefined) {
    if (query.include !== 'account_member') {
      throw new StorefrontError('invalid_query', `Cannot include "${String(query.include)}": only account_member.`);
    }
    params.set('include', query.include);
  }
  return params;
}

/** Adds `page[limit]` and `page[offset]` after checking their bounds. */
export function appendPage(params: URLSearchParams, page: { limit?: number; offset?: number }): URLSearchParams {
  if (page.limit !== undefined) {
    checkInteger('limit', page.limit, 1, MAX_PAGE_LIMIT);
    params.set('page[limit]', String(page.limit));
  }
  if (page.offset !== undefined) {
    checkInteger('offset', page.offset, 0, MAX_PAGE_OFFSET);
    params.set('page[offset]', String(page.offset));
  }
  return params;
}

function checkInteger(name: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new StorefrontError(
      'invalid_query',
      `The page ${name} must be a whole number from ${min} to ${max}, not ${String(value)}.`,
    );
  }
}

function term<A extends string>(operator: FilterOperator, attribute: A, encodedValue: string): FilterExpression<A> {
  if (typeof attribute !== 'string' || !ATTRIBUTE.test(attribute)) {
    throw new StorefrontError('invalid_query', `"${String(attribute)}" is not a filter attribute name.`);
  }
  const text = `${operator}(${attribute},${encodedValue})`;
  return Object.freeze({ operator, attribute, encodedValue, toString: () => text });
}

/** A literal value: bare when it can be, else quoted with `"`, `\` and `*` escaped. */
function quoteLiteral(value: string): string {
  if (value !== '' && !NEEDS_QUOTES.test(value)) return value;
  return `"${value.replace(/["\\*]/g, (c) => `\\${c}`)}"`;
}

/**
 * A like pattern keeps its own backslash escapes (they mean the same inside quotes); only a bare `"` needs
 * one added, and a lone trailing backslash stands for itself.
 */
function quotePattern(pattern: string): string {
  if (pattern !== '' && !NEEDS_QUOTES_EXCEPT_STAR.test(pattern)) return pattern;
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      out += i + 1 < pattern.length ? `\\${pattern[++i]}` : '\\\\';
    } else if (c === '"') {
      out += '\\"';
    } else {
      out += c;
    }
  }
  return `"${out}"`;
}

function isExpressionList(filter: FilterExpression | readonly FilterExpression[]): filter is readonly FilterExpression[] {
  return Array.isArray(filter);
}
