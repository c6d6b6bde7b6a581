/**
 * Deterministic fixture data: the same UUIDs, names and timestamps on every start, so tests and the
 * demo can name them. Ids are derived from a label with SHA-1 (UUID version 5 layout).
 */
import { createHash } from 'node:crypto';

/**
 * A stable UUID for a label.
 * @param {string} label
 */
export function fixtureId(label) {
  const hex = createHash('sha1').update(`storefront-elements:${label}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const groups = [hex.slice(0, 8), hex.slice(8, 12), `5${hex.slice(13, 16)}`, `${variant}${hex.slice(17, 20)}`];
  return [...groups, hex.slice(20, 32)].join('-');
}

const BASE_TIME = Date.UTC(2025, 0, 6, 9, 0, 0);
/** @param {number} minutes */
const at = (minutes) => new Date(BASE_TIME + minutes * 60_000).toISOString();

export const PASSWORD = 'password';

/** The store's API clients (`POST /oauth/access_token`). */
export const CLIENTS = {
  storefront: { clientId: 'storefront', grant: 'implicit' },
  admin: { clientId: 'admin', clientSecret: 'admin-secret', grant: 'client_credentials' },
};

/** The service's own client at the embedded identity provider (client_secret_basic). */
export const IDP_CLIENT = { clientId: 'reference-service', clientSecret: 'reference-service-secret' };

export const SETTINGS_ID = fixtureId('settings');
export const REALM_ID = fixtureId('realm');
export const PROFILE_ID = fixtureId('profile:example-id');
export const PROFILE_NAME = 'Example ID';

export const ACCOUNTS = {
  analytical: { id: fixtureId('account:analytical'), name: 'Analytical Engines Ltd' },
  harvard: { id: fixtureId('account:harvard'), name: 'Harvard Computation Lab' },
  cobol: { id: fixtureId('account:cobol'), name: 'Cobol Cooperative' },
  empty: { id: fixtureId('account:empty'), name: 'Empty Workshop' },
};

/**
 * People at the identity provider, all with password {@link PASSWORD}. Their email counts as verified
 * (`email_verified: true`) unless a user says `email_verified: false` (tests set that).
 * @typedef {{ sub: string, email: string, name: string, email_verified?: boolean }} IdpUser
 * @type {Record<'ada' | 'grace' | 'linus', IdpUser>}
 */
export const IDP_USERS = {
  ada: { sub: fixtureId('idp:ada'), email: 'ada@example.com', name: 'Ada Lovelace' },
  grace: { sub: fixtureId('idp:grace'), email: 'grace@example.com', name: 'Grace Hopper' },
  linus: { sub: fixtureId('idp:linus'), email: 'linus@example.com', name: 'Linus Example' },
};

/** Store members that tests name; the rest are generated below. */
export const MEMBERS = {
  ada: { id: fixtureId('member:ada'), name: 'Ada Lovelace', email: 'ada@example.com' },
  grace: { id: fixtureId('member:grace'), name: 'Grace Hopper', email: 'grace@example.com' },
  hostile: { id: fixtureId('member:hostile'), name: '<img src=x onerror=alert(1)>', email: 'hostile@example.com' },
  scripty: { id: fixtureId('member:scripty'), name: '"><script>alert("x")</script>', email: 'script+tag@example.com' },
  punctuated: {
    id: fixtureId('member:punctuated'),
    name: 'Smith, John (Sales): *VIP*',
    email: 'john.smith+sales@example.com',
  },
  quoted: { id: fixtureId('member:quoted'), name: 'Dana "Backslash\\" O\'Brien', email: "o'brien@example.com" },
};

const OTHER_NAMES = [
  'Alan Turing',
  'Annie Easley',
  'Barbara Liskov',
  'Brian Kernighan',
  'Dennis Ritchie',
  'Donald Knuth',
  'Edsger Dijkstra',
  'Frances Allen',
  'Hedy Lamarr',
  'Ivan Sutherland',
  'Jean Bartik',
  'John Backus',
  'Karen Sparck Jones',
  'Ken Thompson',
  'Margaret Hamilton',
  'Mary Jackson',
  'Niklaus Wirth',
  'Radia Perlman',
  'Shafi Goldwasser',
  'Sophie Wilson',
  'Tim Berners-Lee',
  'Vint Cerf',
  'Lynn Conway',
];

/** A member of no account, as after a first sign-in the store has not followed up yet. */
const UNASSIGNED_NAME = 'Adele Goldberg';

/** All fixture store members, in creation order (30 in all). */
export const MEMBER_LIST = [
  MEMBERS.ada,
  MEMBERS.grace,
  ...[...OTHER_NAMES, UNASSIGNED_NAME].map((name) => {
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
    return { id: fixtureId(`member:${slug}`), name, email: `${slug}@example.com` };
  }),
  MEMBERS.hostile,
  MEMBERS.scripty,
  MEMBERS.punctuated,
  MEMBERS.quoted,
].map((m, i) => ({ ...m, created_at: at(i * 7), updated_at: at(i * 7 + (i % 3)) }));

const byName = (/** @type {string} */ name) => {
  const m = MEMBER_LIST.find((x) => x.name === name);
  if (!m) throw new Error(`no fixture member ${name}`);
  return m.id;
};

/** [account key, member id] pairs, in creation order. */
const MEMBERSHIP_PAIRS = /** @type {Array<[keyof typeof ACCOUNTS, string]>} */ ([
  ['analytical', MEMBERS.ada.id],
  ['harvard', MEMBERS.ada.id],
  ['harvard', MEMBERS.grace.id],
  ...OTHER_NAMES.map((n) => /** @type {[keyof typeof ACCOUNTS, string]} */ (['analytical', byName(n)])),
  ['analytical', MEMBERS.hostile.id],
  ['analytical', MEMBERS.punctuated.id],
  ['cobol', byName('Ken Thompson')],
  ['cobol', byName('Dennis Ritchie')],
  ['cobol', MEMBERS.quoted.id],
]);

export const MEMBERSHIP_LIST = MEMBERSHIP_PAIRS.map(([account, memberId], i) => ({
  id: fixtureId(`membership:${account}:${memberId}`),
  account_id: ACCOUNTS[account].id,
  account_member_id: memberId,
  created_at: at(300 + i * 5),
  updated_at: at(300 + i * 5),
}));

export const CATALOGS = {
  essentials: { id: fixtureId('catalog:essentials'), name: 'Everyday Essentials' },
  seasonal: { id: fixtureId('catalog:seasonal'), name: 'Seasonal Collection' },
  clearance: { id: fixtureId('catalog:clearance'), name: 'Clearance' },
  engineParts: { id: fixtureId('catalog:engine-parts'), name: 'Analytical Engine Parts' },
  labSupplies: { id: fixtureId('catalog:lab-supplies'), name: 'Harvard Lab Supplies' },
  tradePricing: { id: fixtureId('catalog:trade-pricing'), name: 'Trade Partner Pricing' },
};

const catalog = (
  /** @type {keyof typeof CATALOGS} */ key,
  /** @type {string} */ description,
  /** @type {string[]} */ accountIds,
  /** @type {number} */ releases,
  /** @type {number} */ minute,
) => ({
  id: CATALOGS[key].id,
  name: CATALOGS[key].name,
  description,
  hierarchy_ids: [fixtureId(`hierarchy:${key}:1`), fixtureId(`hierarchy:${key}:2`)],
  pricebook_id: fixtureId(`pricebook:${key}`),
  pricebook_ids: [
    { id: fixtureId(`pricebook:${key}`), priority: 10 },
    { id: fixtureId('pricebook:base'), priority: 1 },
  ],
  locales: { 'en-US': { name: CATALOGS[key].name }, 'fr-FR': { name: `${CATALOGS[key].name} (FR)` } },
  created_at: at(minute),
  updated_at: at(minute + 30),
  owner: 'store',
  /** catalog rule: empty = store-wide (every caller), else only tokens of these accounts */
  account_ids: accountIds,
  releases: Array.from({ length: releases }, (_, i) => ({
    id: fixtureId(`release:${key}:${i + 1}`),
    is_full_publish: i === 0,
    is_full_delta: i === 0,
    published_at: at(minute + 60 * (i + 1)),
  })),
});

export const CATALOG_LIST = [
  catalog('essentials', 'Staples every shopper needs, always in stock.', [], 3, 10),
  catalog(
    'seasonal',
    'Limited <b>seasonal</b> picks <img src=x onerror=alert(1)> & <script>alert("catalog")</script>',
    [],
    2,
    20,
  ),
  catalog('clearance', 'Last units at reduced prices.', [], 1, 30),
  catalog('engineParts', 'Gears, cards and mills for Analytical Engines Ltd.', [ACCOUNTS.analytical.id], 2, 40),
  catalog('labSupplies', 'Relays and tape for the Harvard Computation Lab.', [ACCOUNTS.harvard.id], 1, 50),
  catalog('tradePricing', 'Negotiated prices for trade partners.', [ACCOUNTS.analytical.id, ACCOUNTS.cobol.id], 3, 60),
];

/** Which fixture catalogs each kind of caller sees (by catalog key). */
export const CATALOG_VISIBILITY = {
  storeWide: ['essentials', 'seasonal', 'clearance'],
  analytical: ['essentials', 'seasonal', 'clearance', 'engineParts', 'tradePricing'],
  harvard: ['essentials', 'seasonal', 'clearance', 'labSupplies'],
  cobol: ['essentials', 'seasonal', 'clearance', 'tradePricing'],
  empty: ['essentials', 'seasonal', 'clearance'],
};

/**
 * A fresh copy of the whole fixture state (plain JSON data).
 * @returns {import('./store.js').StoreData}
 */
export function fixtureData() {
  return structuredClone({
    settings: { id: SETTINGS_ID, realm_id: REALM_ID, client_id: CLIENTS.storefront.clientId },
    profiles: [
      {
        id: PROFILE_ID,
        realm_id: REALM_ID,
        name: PROFILE_NAME,
        /** `embedded` profiles point at the service's own identity provider, whatever its port. */
        embedded: true,
        discovery_url: null,
        client_id: IDP_CLIENT.clientId,
        client_secret: IDP_CLIENT.clientSecret,
        created_at: at(0),
        updated_at: at(0),
      },
    ],
    accounts: Object.values(ACCOUNTS).map((a, i) => ({ ...a, created_at: at(i), updated_at: at(i) })),
    members: MEMBER_LIST,
    memberships: MEMBERSHIP_LIST,
    catalogs: CATALOG_LIST,
    redirect_uris: [],
  });
}
