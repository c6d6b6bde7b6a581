/** Store records to the resource shapes of the interface (links absolute, from the request's base URL). */

/**
 * The answer of a single-resource read or a create: the resource, with its address beside it as well,
 * where the vendor's answers carry it (`links.self`, and for OIDC profiles all of the profile's links).
 * @template {{ links: { self: string } }} R
 * @param {R} resource
 * @param {Record<string, string | null>} [links]
 */
export function single(resource, links = { self: resource.links.self }) {
  return { data: resource, links };
}

/**
 * @param {import('../domain/store.js').MemberRecord} m
 * @param {string} base
 */
export function memberResource(m, base) {
  return {
    id: m.id,
    type: 'account_member',
    name: m.name,
    email: m.email,
    meta: { timestamps: { created_at: m.created_at, updated_at: m.updated_at } },
    links: { self: `${base}/v2/account-members/${m.id}` },
  };
}

/**
 * @param {import('../domain/store.js').MembershipRecord} ms
 * @param {string} base
 */
export function membershipResource(ms, base) {
  return {
    id: ms.id,
    type: 'account_membership',
    account_member_id: ms.account_member_id,
    meta: { timestamps: { created_at: ms.created_at, updated_at: ms.updated_at } },
    relationships: { account_member: { data: { id: ms.account_member_id, type: 'account_member' } } },
    links: { self: `${base}/v2/accounts/${ms.account_id}/account-memberships/${ms.id}` },
  };
}

/**
 * @param {import('../domain/store.js').AccountRecord} a
 * @param {string} base
 * @param {import('../domain/store.js').AccountRecord[]} [ancestors] root first
 */
export function accountResource(a, base, ancestors = []) {
  const ref = (/** @type {{ id: string }} */ { id }) => ({ data: { id, type: 'account' } });
  return {
    id: a.id,
    type: 'account',
    name: a.name,
    // a store written before accounts had a legal name answers with the name
    legal_name: a.legal_name ?? a.name,
    ...(a.parent_id && { parent_id: a.parent_id }),
    meta: { timestamps: { created_at: a.created_at, updated_at: a.updated_at } },
    links: { self: `${base}/v2/accounts/${a.id}` },
    // the vendor's shape (its SDK's Account): the parent, and every ancestor from the root down
    ...(ancestors.length && {
      relationships: { parent: ref(ancestors[ancestors.length - 1]), ancestors: ancestors.map(ref) },
    }),
  };
}

/**
 * @param {import('../domain/store.js').ProfileRecord} p
 * @param {string} base
 * @param {string} issuer
 */
export function profileResource(p, base, issuer) {
  const discoveryUrl = p.embedded ? `${issuer}/.well-known/openid-configuration` : p.discovery_url;
  return {
    id: p.id,
    type: 'oidc-profile',
    name: p.name,
    discovery_url: discoveryUrl,
    client_id: p.client_id,
    meta: {
      created_at: p.created_at,
      updated_at: p.updated_at,
      timestamps: { created_at: p.created_at, updated_at: p.updated_at },
    },
    links: {
      'self': `${base}/v2/authentication-realms/${p.realm_id}/oidc-profiles/${p.id}`,
      'authorization-endpoint': `${base}/oidc/authorize?profile_id=${encodeURIComponent(p.id)}`,
      'callback-endpoint': `${base}/oidc/callback`,
      // the provider's own discovery document: this service publishes none for its sign-in leg
      'client-discovery-url': discoveryUrl,
    },
  };
}

/** ISO instant without the zone suffix, as the catalog service shows them (values are UTC). */
const noZone = (/** @type {string} */ iso) => iso.replace(/Z$/, '');

/**
 * @param {import('../domain/store.js').CatalogRecord} c
 * @param {string} base
 */
export function catalogResource(c, base) {
  return {
    id: c.id,
    type: 'catalog',
    attributes: {
      name: c.name,
      description: c.description,
      hierarchy_ids: c.hierarchy_ids,
      pricebook_id: c.pricebook_id,
      pricebook_ids: c.pricebook_ids,
      locales: c.locales,
      created_at: noZone(c.created_at),
      updated_at: noZone(c.updated_at),
      owner: c.owner,
    },
    relationships: {
      rules: { links: { related: `${base}/catalogs/${c.id}/rules` } },
      releases: { links: { related: `${base}/catalogs/${c.id}/releases` }, meta: { count: c.releases.length } },
    },
    links: { self: `${base}/catalogs/${c.id}` },
  };
}

/**
 * A release in the vendor's shape (`catalog-release`, the flags and status under `meta`, the delta under
 * `relationships`). The flags stay under `attributes` too, where the spec names them, and so does the
 * delta link under `links`, where earlier clients read it.
 * @param {import('../domain/store.js').CatalogRecord} c
 * @param {import('../domain/store.js').ReleaseRecord} r
 * @param {string} base
 */
export function releaseResource(c, r, base) {
  const index = c.releases.indexOf(r);
  const previous = index > 0 ? c.releases[index - 1] : undefined;
  const self = `${base}/catalogs/${c.id}/releases/${r.id}`;
  const delta = `${self}/delta`;
  return {
    id: r.id,
    type: 'catalog-release',
    attributes: {
      name: c.name,
      description: c.description,
      catalog_id: c.id,
      hierarchies: c.hierarchy_ids.map((id) => ({ id })),
      is_full_publish: r.is_full_publish,
      is_full_delta: r.is_full_delta,
      published_at: noZone(r.published_at),
    },
    meta: {
      catalog_id: c.id,
      previous_release_id: previous?.id ?? null,
      is_full_publish: r.is_full_publish,
      is_full_delta: r.is_full_delta,
      owner: c.owner,
      // publishing is done when the answer is sent: created, started and published at one instant
      created_at: r.published_at,
      started_at: r.published_at,
      release_status: 'PUBLISHED',
    },
    relationships: { delta: { links: { related: delta } } },
    links: { self, delta },
  };
}
