/**
 * A store's fixtures file (`--fixtures FILE`): its clients, redirect URIs, accounts, members, memberships,
 * identity-provider users, OIDC profiles and catalogs, named as the vendor's API names them: read, checked
 * (./fixtures-checks.js; a file that does not fit is refused with every problem named by its path) and made
 * into the store's records. `fixtures.default.json` is one such file: the store the demo and the tests use.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fixturesProblems } from './fixtures-checks.js';

const DEFAULT_FIXTURES = new URL('../fixtures.default.json', import.meta.url);

/** When an item leaves out its timestamps: this instant, a minute later for each item of its list. */
const BASE_TIME = Date.UTC(2025, 0, 6, 9, 0, 0);

/** The identity provider's client that an embedded profile uses when it names none. */
export const EMBEDDED_CLIENT = { client_id: 'reference-service', client_secret: 'reference-service-secret' };

/** A fixtures file the service refuses to start with; `problems` names each, by its path in the file. */
export class FixturesError extends Error {
  /**
   * @param {string} source what the fixtures are (`The fixtures file store.json`)
   * @param {string[]} problems
   */
  constructor(source, problems) {
    const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
    super(`${source} has ${count}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'FixturesError';
    this.problems = problems;
  }
}

/**
 * A stable UUID for a label: SHA-1 of `storefront-elements:<label>` in the layout of a version 5 UUID.
 * @param {string} label
 */
export function stableId(label) {
  const hex = createHash('sha1').update(`storefront-elements:${label}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const groups = [hex.slice(0, 8), hex.slice(8, 12), `5${hex.slice(13, 16)}`, `${variant}${hex.slice(17, 20)}`];
  return [...groups, hex.slice(20, 32)].join('-');
}

/**
 * @typedef {import('../types.js').Fixtures} Fixtures the fixtures file's contents, as the schema describes them
 * @typedef {Fixtures['clients'][number]} Client
 * @typedef {Required<Fixtures>['idp_users'][number]} IdpUserEntry
 * @typedef {{ sub: string } & IdpUserEntry} IdpUser an identity-provider user with its subject
 * @typedef {import('../types.js').Timestamps} Timestamps
 */

/**
 * The default fixtures, read without checks: the package's tests check them, and a start with them need not
 * load and compile the schema.
 * @returns {Fixtures}
 */
export function readDefaultFixtures() {
  return JSON.parse(readFileSync(DEFAULT_FIXTURES, 'utf8'));
}

/**
 * Reads and checks a fixtures file.
 * @param {string | URL} file
 * @returns {Fixtures}
 * @throws {FixturesError} naming every problem
 */
export function readFixtures(file) {
  const source = `The fixtures file ${file instanceof URL ? file.pathname : file}`;
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    throw new FixturesError(source, [code === 'ENOENT' ? 'the file does not exist' : `it cannot be read (${code})`]);
  }
  if (text.startsWith('\uFEFF')) {
    throw new FixturesError(source, [
      'it starts with a byte-order mark (U+FEFF), which JSON does not allow: save it as UTF-8 without one',
    ]);
  }
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FixturesError(source, [`it is not valid JSON: ${/** @type {Error} */ (error).message}`]);
  }
  const problems = fixturesProblems(value);
  if (problems.length) throw new FixturesError(source, problems);
  return /** @type {Fixtures} */ (value);
}

/**
 * @param {number} index
 * @param {number} [step] minutes between items
 */
const at = (index, step = 1) => new Date(BASE_TIME + index * step * 60_000).toISOString();

/**
 * An item's timestamps, or the list's defaults: a minute apart in the order of the file.
 * @param {Timestamps} item
 * @param {number} index
 */
function timestamps(item, index) {
  const created = item.created_at ?? at(index);
  return { created_at: created, updated_at: item.updated_at ?? created };
}

/**
 * The store's records from a checked fixtures file.
 * @param {Fixtures} fixtures
 * @returns {import('./store.js').StoreData}
 */
export function storeDataOf(fixtures) {
  const clients = fixtures.clients.map(({ client_id, client_secret, name }) => ({ client_id, client_secret, name }));
  const settings = fixtures.account_authentication_settings ?? {};
  const realmId = settings.authentication_realm_id ?? stableId('realm');
  // new records throughout; the catalogs' nested values are shared with `fixtures`, which the store copies
  return {
    settings: {
      id: settings.id ?? stableId('settings'),
      realm_id: realmId,
      client_id: settings.client_id ?? (clients.find((c) => !c.client_secret) ?? clients[0]).client_id,
      ...(settings.account_management_authentication_token_timeout_secs && {
        token_timeout_secs: settings.account_management_authentication_token_timeout_secs,
      }),
    },
    clients,
    idp_users: (fixtures.idp_users ?? []).map((user) => ({
      sub: stableId(`idp:${user.email.toLowerCase()}`),
      ...user,
    })),
    profiles: (fixtures.oidc_profiles ?? []).map((p, i) => ({
      id: p.id,
      realm_id: realmId,
      name: p.name,
      // an embedded profile points at the service's own identity provider, whatever its port
      embedded: !p.discovery_url,
      discovery_url: p.discovery_url ?? null,
      client_id: p.client_id ?? EMBEDDED_CLIENT.client_id,
      client_secret: p.client_secret ?? EMBEDDED_CLIENT.client_secret,
      ...(p.allow_unverified_email === true && { allow_unverified_email: true }),
      ...timestamps(p, i),
    })),
    accounts: (fixtures.accounts ?? []).map((a, i) => ({
      id: a.id,
      name: a.name,
      legal_name: a.legal_name,
      ...(a.parent_id && { parent_id: a.parent_id }),
      ...timestamps(a, i),
    })),
    members: (fixtures.account_members ?? []).map((m, i) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      ...timestamps(m, i),
    })),
    memberships: (fixtures.account_memberships ?? []).map((ms, i) => ({
      id: ms.id,
      account_id: ms.account_id,
      account_member_id: ms.account_member_id,
      ...timestamps(ms, i),
    })),
    catalogs: (fixtures.catalogs ?? []).map((c, i) => {
      const times = timestamps(c, i);
      const rules = (c.rules ?? []).map((rule, r) => ({ id: rule.id ?? stableId(`rule:${c.id}:${r}`), ...rule }));
      return {
        id: c.id,
        name: c.name,
        description: c.description ?? '',
        hierarchy_ids: c.hierarchy_ids ?? [],
        pricebook_id: c.pricebook_id,
        pricebook_ids: c.pricebook_ids ?? [],
        locales: c.locales ?? {},
        owner: c.owner ?? 'store',
        ...times,
        rules,
        // who may see the catalog: the accounts its rules name; none = store-wide
        account_ids: [...new Set(rules.flatMap((rule) => rule.account_ids))],
        releases: (c.releases ?? []).map((release, r) => ({
          id: release.id,
          is_full_publish: release.is_full_publish ?? r === 0,
          is_full_delta: release.is_full_delta ?? release.is_full_publish ?? r === 0,
          published_at:
            release.published_at ?? new Date(Date.parse(times.created_at) + (r + 1) * 3_600_000).toISOString(),
        })),
      };
    }),
    redirect_uris: fixtures.redirect_uris ?? [],
  };
}
