/**
 * The query parameters of the list endpoints (page, sort, filter) and the page envelope of their answers. The
 * filter's grammar is the store's (../domain/filter.js).
 */
import { badRequest, quoted } from './errors.js';
import { parseFilter } from '../domain/filter.js';

export const MAX_PAGE_VALUE = 10000;
export const DEFAULT_PAGE_LIMIT = 25;

/**
 * @param {URLSearchParams} params
 * @returns {{ limit: number, offset: number }}
 */
export function parsePage(params) {
  const read = (/** @type {string} */ name, /** @type {number} */ fallback, /** @type {number} */ min) => {
    const raw = singleParam(params, name);
    if (raw === null) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > MAX_PAGE_VALUE) {
      throw badRequest(`${name} must be an integer from ${min} to ${MAX_PAGE_VALUE}`);
    }
    return Number(raw);
  };
  return { limit: read('page[limit]', DEFAULT_PAGE_LIMIT, 1), offset: read('page[offset]', 0, 0) };
}

/**
 * @param {URLSearchParams} params
 * @param {string[]} attributes
 * @returns {{ attribute: string, descending: boolean }}
 */
export function parseSort(params, attributes) {
  const raw = singleParam(params, 'sort');
  if (raw === null) return { attribute: 'created_at', descending: true };
  const descending = raw.startsWith('-');
  const attribute = descending ? raw.slice(1) : raw;
  if (!attributes.includes(attribute)) {
    throw badRequest(
      `Unknown sort attribute ${quoted(attribute)}: allowed are ${attributes.join(', ')}, with - for descending`,
    );
  }
  return { attribute, descending };
}

/**
 * A query parameter that takes one value: null when absent, a 400 when repeated (never "first one wins").
 * @param {URLSearchParams} params
 * @param {string} name
 */
export function singleParam(params, name) {
  const all = params.getAll(name);
  if (all.length > 1) throw badRequest(`The query parameter ${name} may be given once`);
  return all.length ? all[0] : null;
}

/**
 * Reads `filter`, rejecting it when given more than once.
 * @param {URLSearchParams} params
 * @param {string[]} attributes
 */
export function readFilter(params, attributes) {
  const all = params.getAll('filter');
  if (all.length > 1) throw badRequest('filter may be given once; join expressions with ":"');
  return all.length ? parseFilter(all[0], attributes) : [];
}

/**
 * Builds the page envelope of every list: meta and links (current, first, last, next, prev).
 * Empty results: meta.page.total 0, meta.page.current 1, every link points at offset 0.
 * The catalog service names the link to this page `self` rather than `current` (`currentLink: 'self'`).
 * @param {{ total: number, limit: number, offset: number, url: URL, currentLink?: 'current' | 'self' }} args
 */
export function pageEnvelope({ total, limit, offset, url, currentLink = 'current' }) {
  const pages = Math.ceil(total / limit);
  const link = (/** @type {number} */ off) => {
    const u = new URL(url.href);
    u.searchParams.set('page[offset]', String(off));
    u.searchParams.set('page[limit]', String(limit));
    return u.href;
  };
  const lastOffset = pages > 0 ? (pages - 1) * limit : 0;
  return {
    meta: {
      page: { limit, offset, current: Math.floor(offset / limit) + 1, total: pages },
      results: { total },
    },
    links: {
      [currentLink]: link(offset),
      first: link(0),
      last: link(lastOffset),
      next: offset + limit < total ? link(offset + limit) : null,
      prev: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    },
  };
}
