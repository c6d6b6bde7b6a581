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

const ATTRIBUTE = /^[A-Za-z_][\w.]*$/;

const invalidQuery = (message: string) => new StorefrontError('invalid_query', message);

/**
 * Equality: `eq(attribute,value)`. The value is taken literally; a `*` in it is written `\*` (a literal star in
 * both operators), so it never acts as a wildcard.
 */
export function eq<A extends string>(attribute: A, value: string): FilterExpression<A> {
  // quoted when it holds a special, whitespace (for readability) or a star, or is empty
  return term('eq', attribute, /^[^(),:"\\\s*]+$/.test(value) ? value : `"${value.replace(/["\\*]/g, '\\$&')}"`);
}

/**
 * Pattern match: `like(attribute,pattern)`. In `pattern`, `*` is a wildcard and a backslash takes the
 * next character literally (`\*` is a star); pass user text through {@link escapeLike} first.
 */
export function like<A extends string>(attribute: A, pattern: string): FilterExpression<A> {
  // inside quotes the pattern keeps its own escapes; a bare `"` and a lone trailing backslash get one
  return term(
    'like',
    attribute,
    /^[^(),:"\\\s]+$/.test(pattern) ? pattern : `"${pattern.replace(/\\[^]?|"/g, (m) => (m[1] ? m : `\\${m}`))}"`,
  );
}

/** `like(attribute,*text*)` with `text` taken literally: records whose attribute contains the text. */
export function contains<A extends string>(attribute: A, text: string): FilterExpression<A> {
  return like(attribute, `*${escapeLike(text)}*`);
}

/** Escapes `\` and `*` so that `text` matches only itself inside a like pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\*]/g, '\\$&');
}

/** The `filter` parameter for one or several terms, or a hand-written string as given. */
export function formatFilter(filter: FilterInput): string {
  if (typeof filter === 'string') return filter;
  return [filter]
    .flat()
    .map((t) => {
      if (!ATTRIBUTE.test(t?.attribute)) throw invalidQuery('Build filter terms with eq(), like() or contains().');
      return `${t.operator}(${t.attribute},${t.encodedValue})`;
    })
    .join(':');
}

/**
 * The query string of a list request: `filter`, `sort`, `page[limit]`, `page[offset]`, `include`.
 * Throws `StorefrontError('invalid_query')` for values the service would refuse, before any request.
 */
export function toSearchParams({ filter, sort, include, ...page }: ListQuery = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filter !== undefined && (filter = formatFilter(filter))) params.set('filter', filter);
  if (sort !== undefined) {
    if (!SORT_ATTRIBUTES.includes(sort.replace(/^-/, '') as SortAttribute)) {
      throw invalidQuery(`Cannot sort by "${sort}": use one of ${SORT_ATTRIBUTES}, with "-" for descending.`);
    }
    params.set('sort', sort);
  }
  appendPage(params, page);
  if (include !== undefined) {
    if (include !== 'account_member') throw invalidQuery(`Cannot include "${include}".`);
    params.set('include', include);
  }
  return params;
}

/** Adds `page[limit]` and `page[offset]` after checking their bounds. */
export function appendPage(
  params: URLSearchParams,
  { limit, offset }: { limit?: number; offset?: number },
): URLSearchParams {
  for (const [name, value, min, max] of [
    ['limit', limit, 1, MAX_PAGE_LIMIT],
    ['offset', offset, 0, MAX_PAGE_OFFSET],
  ] as const) {
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < min || value > max) {
      throw invalidQuery(`The page ${name} must be a whole number from ${min} to ${max}, not ${value}.`);
    }
    params.set(`page[${name}]`, String(value));
  }
  return params;
}

function term<A extends string>(operator: FilterOperator, attribute: A, encodedValue: string): FilterExpression<A> {
  if (!ATTRIBUTE.test(attribute)) throw invalidQuery(`"${attribute}" is not a filter attribute name.`);
  const text = `${operator}(${attribute},${encodedValue})`;
  return Object.freeze({ operator, attribute, encodedValue, toString: () => text });
}
