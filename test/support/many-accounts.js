/**
 * Fixtures of the reference service with a member of 40 accounts (more than a session cookie holds), for the tests
 * of sessions kept in Redis: Bea is in all 40, Sam in the first of them and his own; a catalog rule shows one
 * catalog to the eighth account only. Every id is a fixed UUID, so each test reads the same data.
 */
import assert from 'node:assert/strict';

export const CLIENT_ID = 'storefront';
export const ACCOUNT_COUNT = 40;

/** A fixed UUID: `kind` (8 hex digits) says what it names, `n` which one. */
export const uuid = (/** @type {string} */ kind, /** @type {number} */ n) =>
  `${kind}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const ACCOUNTS = Array.from({ length: ACCOUNT_COUNT }, (_, i) => ({
  id: uuid('a0000000', i + 1),
  name: `Account ${String(i + 1).padStart(2, '0')}`,
  legal_name: `Account ${String(i + 1).padStart(2, '0')} Ltd`,
}));
/** The account only Sam is in. */
export const SAM_WORKSHOP = { id: uuid('a0000001', 1), name: 'Sam Workshop', legal_name: 'Sam Workshop LLC' };
/** A member of all 40 accounts, and one of two (the first of them and his own). */
export const BEA = { id: uuid('c0000000', 1), name: 'Bea Buyer', email: 'buyer@shop.test', password: 'buyer-secret' };
export const SAM = { id: uuid('c0000000', 2), name: 'Sam Single', email: 'sam@shop.test', password: 'sam-secret' };
/** The catalog a rule shows to the eighth account only. */
export const EIGHTH = ACCOUNTS[7];
/** The name of that catalog; every account sees `Everyone`. */
export const EIGHTH_CATALOG = 'Account 08 prices';

/** The fixtures for `startService({ fixtures })`: a new object each call. */
export function manyAccountsFixtures() {
  return {
    clients: [{ client_id: CLIENT_ID }],
    accounts: [...ACCOUNTS, SAM_WORKSHOP].map((account) => ({ ...account })),
    account_members: [BEA, SAM].map(({ id, name, email }) => ({ id, name, email })),
    account_memberships: [
      ...ACCOUNTS.map((account, i) => ({
        id: uuid('b0000000', i + 1),
        account_id: account.id,
        account_member_id: BEA.id,
      })),
      { id: uuid('b0000001', 1), account_id: ACCOUNTS[0].id, account_member_id: SAM.id },
      { id: uuid('b0000001', 2), account_id: SAM_WORKSHOP.id, account_member_id: SAM.id },
    ],
    idp_users: [BEA, SAM].map(({ email, password, name }) => ({ email, password, name })),
    oidc_profiles: [{ id: uuid('d0000000', 1), name: 'Shop Login' }],
    catalogs: [
      { id: uuid('e0000000', 1), name: 'Everyone' },
      {
        id: uuid('e0000000', 2),
        name: EIGHTH_CATALOG,
        rules: [{ name: 'Account 08 only', account_ids: [EIGHTH.id] }],
      },
    ],
  };
}

/** Asserts the session view of Bea just signed in: her 40 accounts, none chosen yet. @param {any} view */
export function assertBeaSignedIn(view) {
  assert.equal(view.signedIn, true);
  assert.equal(view.member.id, BEA.id);
  assert.equal(view.accounts.length, ACCOUNT_COUNT);
  assert.deepEqual(
    view.accounts.map((/** @type {{ accountId: string }} */ account) => account.accountId).sort(),
    ACCOUNTS.map((account) => account.id).sort(),
  );
  assert.equal(view.selectedAccountId, undefined);
}
