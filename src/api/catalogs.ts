/**
 * The catalogs the caller may view and their releases, one function each over a Connection, as the API gives them.
 * A module of its own beside client.ts: only a catalog list calls these, so a page without one never loads them.
 */
import { type Connection, list, request, valid, withQuery } from './connection.js';
import type { RequestOptions } from './http.js';
import { appendPage } from './query.js';
import type { Catalog, CatalogListEnvelope, CatalogRelease } from './types.js';

export interface CatalogPageQuery {
  limit?: number;
  offset?: number;
}

/** `GET {catalogBaseUrl}/catalogs`: the catalogs the bearer may view. */
export async function listCatalogs(
  connection: Connection,
  query: CatalogPageQuery = {},
  options?: RequestOptions,
): Promise<CatalogListEnvelope> {
  const path = withQuery('catalogs', appendPage(new URLSearchParams(), query));
  return list(await request(connection, path, { ...options, base: connection.catalogBaseUrl }));
}

/** The releases of a catalog, through its `relationships.releases.links.related` (or that address itself). */
export async function listCatalogReleases(
  connection: Connection,
  catalog: Catalog | string,
  options?: RequestOptions,
): Promise<CatalogListEnvelope<CatalogRelease>> {
  const link = typeof catalog === 'string' ? catalog : catalog?.relationships?.releases?.links?.related;
  return list(await request(connection, valid(link, link), { ...options, base: connection.catalogBaseUrl }));
}
