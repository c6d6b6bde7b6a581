/**
 * The default fixtures (fixtures.default.json) by the names the tests use: the accounts, members, catalogs
 * and people a test names, and the lists it counts. The file is the source; this module only names its
 * records. Not part of the package: a store's own tests read their own fixtures file.
 */
import { defaultStoreData } from '../../server/domain/store.js';
import { EMBEDDED_CLIENT, stableId } from '../../server/domain/fixtures-file.js';

const data = defaultStoreData();
/** the fixtures' members */
const members = /** @type {import('../../server/domain/store.js').MemberRecord[]} */ (data.members);

/**
 * The record of a list whose field has a value; a renamed record in the file fails here, at once.
 * @template {Record<string, unknown>} T
 * @param {T[]} list
 * @param {keyof T} field
 * @param {unknown} value
 * @returns {T}
 */
function find(list, field, value) {
  const found = list.find((item) => item[field] === value);
  if (!found) throw new Error(`fixtures.default.json has no record with ${String(field)} ${String(value)}`);
  return found;
}

/**
 * Records by name, keyed as the tests name them.
 * @template {string} K
 * @template {{ name: string }} T
 * @param {T[]} list
 * @param {Record<K, string>} names
 * @returns {Record<K, T>}
 */
const byNames = (list, names) =>
  /** @type {Record<K, T>} */ (
    Object.fromEntries(Object.entries(names).map(([key, name]) => [key, find(list, 'name', name)]))
  );

/** The stable UUID of a label, as the default fixtures' ids were made (`account:analytical`, ...). */
export const fixtureId = stableId;

export const PASSWORD = 'password';

export const SETTINGS_ID = data.settings.id;
export const REALM_ID = data.settings.realm_id;
export const PROFILE_ID = data.profiles[0].id;
export const PROFILE_NAME = data.profiles[0].name;

/** The service's client at the embedded identity provider (client_secret_basic). */
export const IDP_CLIENT = { clientId: EMBEDDED_CLIENT.client_id, clientSecret: EMBEDDED_CLIENT.client_secret };

export const ACCOUNTS = byNames(data.accounts, {
  analytical: 'Analytical Engines Ltd',
  harvard: 'Harvard Computation Lab',
  cobol: 'Cobol Cooperative',
  empty: 'Empty Workshop',
});

/** People at the identity provider, all with password {@link PASSWORD}. */
export const IDP_USERS = byNames(data.idp_users, {
  ada: 'Ada Lovelace',
  grace: 'Grace Hopper',
  linus: 'Linus Example',
});

/** Store members that tests name. */
export const MEMBERS = byNames(members, {
  ada: 'Ada Lovelace',
  grace: 'Grace Hopper',
  hostile: '<img src=x onerror=alert(1)>',
  scripty: '"><script>alert("x")</script>',
  punctuated: 'Smith, John (Sales): *VIP*',
  quoted: 'Dana "Backslash\\" O\'Brien',
});

/** All store members, in creation order. */
export const MEMBER_LIST = members;

export const MEMBERSHIP_LIST = data.memberships;

export const CATALOGS = byNames(data.catalogs, {
  essentials: 'Everyday Essentials',
  seasonal: 'Seasonal Collection',
  clearance: 'Clearance',
  engineParts: 'Analytical Engine Parts',
  labSupplies: 'Harvard Lab Supplies',
  tradePricing: 'Trade Partner Pricing',
});

export const CATALOG_LIST = data.catalogs;

/** Which catalogs each kind of caller sees (by catalog key). */
export const CATALOG_VISIBILITY = {
  storeWide: ['essentials', 'seasonal', 'clearance'],
  analytical: ['essentials', 'seasonal', 'clearance', 'engineParts', 'tradePricing'],
  harvard: ['essentials', 'seasonal', 'clearance', 'labSupplies'],
  cobol: ['essentials', 'seasonal', 'clearance', 'tradePricing'],
  empty: ['essentials', 'seasonal', 'clearance'],
};
