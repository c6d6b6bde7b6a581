/**
 * Fixtures of the reference service with a buyer of 300 accounts in a three-level tree, as a B2B store has them:
 * 12 organisations, each with 3 divisions, each with 7 sites (12 + 36 + 252). Tess is in all of them; Sid in two
 * sites of Harvard only, not in Harvard itself. The store offers two sign-in profiles. Every id is a fixed UUID, so each run reads the same data.
 */

/** A fixed UUID: `kind` (8 hex digits) says what it names, `n` which one. */
const uuid = (/** @type {string} */ kind, /** @type {number} */ n) =>
  `${kind}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const ORGANISATIONS = [
  'Harvard',
  'Analytical Engines',
  'Bletchley Park',
  'Cambridge Instruments',
  'Difference Works',
  'Enigma Supplies',
  'Fermi Laboratories',
  'Göttingen Optics',
  'Hopper Navy Yard',
  'Imperial Looms',
  'Jacquard Textiles',
  'Kelvin Tide Tables',
];
const DIVISIONS = ['Research', 'Purchasing', 'Workshop'];
const SITES = ['North', 'South', 'East', 'West', 'Harbour', 'Hill', 'Valley'];

/** @type {Array<{ id: string, name: string, legal_name: string, parent_id?: string }>} */
export const TREE_ACCOUNTS = [];
for (const [o, organisation] of ORGANISATIONS.entries()) {
  const root = { id: uuid('a1000000', o + 1), name: organisation, legal_name: `${organisation} Ltd` };
  TREE_ACCOUNTS.push(root);
  for (const [d, division] of DIVISIONS.entries()) {
    const id = uuid('a2000000', o * 10 + d + 1);
    TREE_ACCOUNTS.push({
      id,
      name: `${division} division`,
      legal_name: `${organisation} ${division}`,
      parent_id: root.id,
    });
    for (const [s, site] of SITES.entries()) {
      TREE_ACCOUNTS.push({
        id: uuid('a3000000', (o * 10 + d) * 10 + s + 1),
        name: `${site} site`,
        legal_name: `${organisation} ${division} ${site}`,
        parent_id: id,
      });
    }
  }
}

export const TESS = { id: uuid('c1000000', 1), name: 'Tess Tree', email: 'tess@shop.test', password: 'tess-secret' };
export const SID = { id: uuid('c1000000', 2), name: 'Sid Site', email: 'sid@shop.test', password: 'sid-secret' };
/** The two sites Sid is in: Harvard's research North and South. */
export const SID_ACCOUNTS = TREE_ACCOUNTS.filter((a) => a.legal_name.startsWith('Harvard Research ')).slice(0, 2);

/** The store's first sign-in profile. */
export const SHOP_LOGIN = uuid('d1000000', 1);

/** The fixtures for `startService({ fixtures })`: a new object each call. */
export function accountTreeFixtures() {
  return {
    clients: [{ client_id: 'storefront' }],
    accounts: TREE_ACCOUNTS.map((account) => ({ ...account })),
    account_members: [TESS, SID].map(({ id, name, email }) => ({ id, name, email })),
    account_memberships: [
      ...TREE_ACCOUNTS.map((account, i) => ({
        id: uuid('b1000000', i + 1),
        account_id: account.id,
        account_member_id: TESS.id,
      })),
      ...SID_ACCOUNTS.map((account, i) => ({
        id: uuid('b1000001', i + 1),
        account_id: account.id,
        account_member_id: SID.id,
      })),
    ],
    idp_users: [TESS, SID].map(({ email, password, name }) => ({ email, password, name })),
    oidc_profiles: [
      { id: SHOP_LOGIN, name: 'Shop Login' },
      { id: uuid('d1000000', 2), name: 'Partner Login' },
    ],
    catalogs: [{ id: uuid('e1000000', 1), name: 'Everyone' }],
  };
}
