/**
 * Catalogs and releases. Visibility: an operator token sees every catalog; an implicit token sees the
 * store-wide ones (no account in the catalog rule); an account management token sees the store-wide
 * ones plus those whose rule names its account.
 *
 * Publishing (operator): POST /catalogs/:id/releases with no body, or
 *   {"data": {"type": "catalog_release", "attributes": {"full_publish": true}}}
 * (also accepted: data.full_publish). The first release is always a full publish; later ones only on
 * request. The vendor's body {"data": {"export_full_delta": true}} (also under data.attributes) asks for a
 * full delta without a full publish. Releases are listed newest first.
 *
 * Every route also answers under /pcm (`/pcm/catalogs…`), where the vendor's SDK addresses catalogs.
 */
import { badRequest, notFound, shortened } from '../http/errors.js';
import { readOptionalJson, RESOURCE_BODY } from '../http/util.js';
import { pageEnvelope, parsePage } from '../http/list-params.js';
import { catalogResource, releaseResource, single } from './resources.js';

/**
 * @param {import('../domain/store.js').CatalogRecord} c
 * @param {import('../domain/tokens.js').TokenSubject} who
 */
function visible(c, who) {
  if (who.kind === 'operator') return true;
  if (c.account_ids.length === 0) return true;
  return who.kind === 'account' && c.account_ids.includes(who.accountId);
}

/** @param {import('../http/app.js').Ctx} ctx */
async function visibleCatalog(ctx) {
  const who = await ctx.auth('implicit', 'operator', 'account');
  const c = ctx.service.store.catalog(ctx.params.id);
  if (!c || !visible(c, who)) throw notFound(`The catalog ${shortened(ctx.params.id)} was not found`);
  return c;
}

/**
 * The catalog of the path for an operator, who sees every catalog; 404 when there is none.
 * @param {import('../http/app.js').Ctx} ctx
 */
async function operatorCatalog(ctx) {
  await ctx.auth('operator');
  const c = ctx.service.store.catalog(ctx.params.id);
  if (!c) throw notFound(`The catalog ${shortened(ctx.params.id)} was not found`);
  return c;
}

/**
 * Where a kept release stands in its catalog's list; a 404 when it is unknown or no longer kept.
 * @param {{ releases: { id: string }[] }} catalog
 * @param {string} id
 */
function releaseIndex(catalog, id) {
  const index = catalog.releases.findIndex((release) => release.id === id);
  if (index < 0) throw notFound(`The release ${id} was not found (only the last three are kept)`);
  return index;
}

/**
 * A publish request's flags: `{ fullPublish, fullDelta }`; a 400 for a body that is not one.
 * @param {any} body the parsed request body, null when there is none
 */
function publishOptions(body) {
  if (body === null) return { fullPublish: false, fullDelta: false };
  const data = body.data;
  if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data))) {
    throw badRequest('data must be an object');
  }
  if (data?.type !== undefined && data.type !== 'catalog_release' && data.type !== 'catalog-release') {
    throw badRequest('data.type must be "catalog-release"');
  }
  /** @param {unknown} flag @param {string} name */
  const flagOf = (flag, name) => {
    if (flag !== undefined && typeof flag !== 'boolean') throw badRequest(`${name} must be a boolean`);
    return flag === true;
  };
  return {
    fullPublish: flagOf(data?.attributes?.full_publish ?? data?.full_publish, 'full_publish'),
    fullDelta: flagOf(data?.export_full_delta ?? data?.attributes?.export_full_delta, 'export_full_delta'),
  };
}

/** @type {import('../http/app.js').Route[]} */
const routes = [
  {
    method: 'GET',
    path: '/catalogs',
    async handler(ctx) {
      const who = await ctx.auth('implicit', 'operator', 'account');
      const { limit, offset } = parsePage(ctx.url.searchParams);
      const all = ctx.service.store.catalogs.filter((c) => visible(c, who));
      return {
        status: 200,
        body: {
          data: all.slice(offset, offset + limit).map((c) => catalogResource(c, ctx.base)),
          ...pageEnvelope({ total: all.length, limit, offset, url: ctx.url, currentLink: 'self' }),
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/catalogs/:id',
    async handler(ctx) {
      const c = await visibleCatalog(ctx);
      return { status: 200, body: single(catalogResource(c, ctx.base)) };
    },
  },
  {
    method: 'GET',
    path: '/catalogs/:id/rules',
    async handler(ctx) {
      const c = await operatorCatalog(ctx);
      const data = c.account_ids.length
        ? [{ id: c.id, type: 'catalog_rule', attributes: { catalog_id: c.id, account_ids: c.account_ids } }]
        : [];
      return { status: 200, body: { data, links: { self: `${ctx.base}/catalogs/${c.id}/rules` } } };
    },
  },
  {
    method: 'GET',
    path: '/catalogs/:id/releases',
    async handler(ctx) {
      const c = await visibleCatalog(ctx);
      const data = [...c.releases].reverse().map((r) => releaseResource(c, r, ctx.base));
      return {
        status: 200,
        body: {
          data,
          links: { self: `${ctx.base}/catalogs/${c.id}/releases` },
          meta: { results: { total: data.length } },
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/catalogs/:id/releases',
    body: RESOURCE_BODY,
    async handler(ctx) {
      const c = await operatorCatalog(ctx);
      const options = publishOptions(await readOptionalJson(ctx.req));
      const { release } = await ctx.service.store.publish(c.id, options);
      return { status: 201, body: single(releaseResource(c, release, ctx.base)) };
    },
  },
  {
    method: 'GET',
    path: '/catalogs/:id/releases/:release',
    async handler(ctx) {
      const c = await visibleCatalog(ctx);
      const r = c.releases[releaseIndex(c, ctx.params.release)];
      return { status: 200, body: single(releaseResource(c, r, ctx.base)) };
    },
  },
  {
    method: 'GET',
    path: '/catalogs/:id/releases/:release/delta',
    async handler(ctx) {
      const c = await visibleCatalog(ctx);
      const index = releaseIndex(c, ctx.params.release);
      const r = c.releases[index];
      const previous = index > 0 ? c.releases[index - 1] : null;
      return {
        status: 200,
        body: {
          data: {
            type: 'catalog_release_delta',
            catalog_id: c.id,
            release_id: r.id,
            previous_release_id: previous?.id ?? null,
            is_full_delta: r.is_full_delta,
            is_full_publish: r.is_full_publish,
            // the reference store holds no products; the delta names what changed at catalog level
            changes: [{ type: 'catalog', id: c.id, name: c.name, updated_at: r.published_at.replace(/Z$/, '') }],
          },
        },
      };
    },
  },
];

/** The routes at the spec's paths and again under /pcm, the vendor's catalog prefix. */
export const catalogRoutes = [...routes, ...routes.map((route) => ({ ...route, path: `/pcm${route.path}` }))];
