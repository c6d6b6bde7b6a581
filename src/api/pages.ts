/**
 * Following the API's own links: one address it gave, and every page of a list. A module of its own beside
 * connection.ts: only the lists call these (the catalog list, the operator's tables), so a page without one never
 * loads them.
 */
import { type Connection, invalid, list, request } from './connection.js';
import { isAbortError } from './errors.js';
import { type RequestOptions, checkAborted } from './http.js';

/** A page of some list: its records, its own address and that of the next page (`null` or absent at the end). */
export interface Page<T> {
  data: T[];
  links?: { self?: string; next?: string | null };
}

/**
 * `GET` an address the API gave (`links.next`, `links.self`, ...). Relative addresses resolve against
 * `baseUrl`; the bearer is only sent to the origins of `baseUrl` and `catalogBaseUrl`.
 */
export async function getLink<T>(connection: Connection, url: string, options?: RequestOptions): Promise<T> {
  return (await request(connection, url, options)) as T;
}

/**
 * Every page of a list: yields the `data` of the page `first` fetches, then follows `links.next` until it is
 * null. When `signal` aborts, the iteration ends (without an error).
 */
export async function* pages<T>(
  connection: Connection,
  first: (options: RequestOptions) => Promise<Page<T>>,
  { signal }: RequestOptions = {},
): AsyncIterableIterator<T[]> {
  try {
    checkAborted(signal);
    let page = await first({ signal });
    // the first page's own address counts as given, so a next link back to it stops before a repeat
    const seen = new Set([page?.links?.self]);
    for (;;) {
      checkAborted(signal);
      yield list<Page<T>>(page).data;
      const next = page.links?.next;
      if (!next) return;
      if (seen.has(next)) throw invalid('The list links back to a page it already gave.');
      seen.add(next);
      page = await getLink<Page<T>>(connection, next, { signal });
    }
  } catch (error) {
    if (!signal?.aborted || !isAbortError(error)) throw error;
  }
}
