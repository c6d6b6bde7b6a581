// Accounts in trees, the vendor's way: `parent_id`, and `relationships.parent` and `relationships.ancestors` (root
// first) on each account the API answers; fixtures whose parents name nothing or go round are refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FixturesError, startService } from '../../server/index.js';
import { SHOP_FIXTURES, ids } from '../support/shop-fixtures.js';
import { api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const GROUP = 'a1b2c3d4-0000-4000-8000-000000000001';
const EUROPE = 'a1b2c3d4-0000-4000-8000-000000000002';

/** The shop's fixtures with North under Europe under Group: a three-level tree. */
function treeFixtures() {
  const fixtures = structuredClone(SHOP_FIXTURES);
  fixtures.accounts = [
    { id: GROUP, name: 'Trade Group', legal_name: 'Trade Group plc' },
    { id: EUROPE, name: 'Trade Europe', legal_name: 'Trade Europe SE', parent_id: GROUP },
    ...fixtures.accounts.map((account) => (account.id === ids.north ? { ...account, parent_id: EUROPE } : account)),
  ];
  return fixtures;
}

const ref = (/** @type {string} */ id) => ({ data: { id, type: 'account' } });

describe('accounts in trees', () => {
  it('answer parent_id, the parent and the ancestors root first, as the vendor does', async () => {
    const { base } = await startTestService({ fixtures: treeFixtures() });
    const token = await operatorOf(base);
    const north = (await api(`${base}/v2/accounts/${ids.north}`, { token })).body.data;
    assert.equal(north.parent_id, EUROPE);
    assert.deepEqual(north.relationships, { parent: ref(EUROPE), ancestors: [ref(GROUP), ref(EUROPE)] });
    const group = (await api(`${base}/v2/accounts/${GROUP}`, { token })).body.data;
    assert.equal(group.parent_id, undefined);
    assert.equal(group.relationships, undefined, 'a root account has no parent and no ancestors');
    const list = (await api(`${base}/v2/accounts?page[limit]=100`, { token })).body.data;
    const europe = list.find((/** @type {{ id: string }} */ account) => account.id === EUROPE);
    assert.deepEqual(europe.relationships.ancestors, [ref(GROUP)]);
  });

  for (const [name, accounts, problem] of [
    [
      'a parent that names no account',
      [{ id: GROUP, name: 'G', legal_name: 'G', parent_id: EUROPE }],
      'accounts[0].parent_id: names no account of accounts',
    ],
    [
      'a line of parents that goes round',
      [
        { id: GROUP, name: 'G', legal_name: 'G', parent_id: EUROPE },
        { id: EUROPE, name: 'E', legal_name: 'E', parent_id: GROUP },
      ],
      'accounts[0].parent_id: the account would be its own ancestor',
    ],
    [
      'an account that is its own parent',
      [{ id: GROUP, name: 'G', legal_name: 'G', parent_id: GROUP }],
      'accounts[0].parent_id: the account would be its own ancestor',
    ],
  ]) {
    it(`refuses fixtures with ${name}, naming it`, async () => {
      const fixtures = { ...structuredClone(SHOP_FIXTURES), accounts, account_memberships: [], catalogs: [] };
      await assert.rejects(startService({ port: 0, quiet: true, fixtures }), (error) => {
        assert.ok(error instanceof FixturesError);
        assert.ok(error.problems.includes(/** @type {string} */ (problem)), error.problems.join('\n'));
        return true;
      });
    });
  }
});

/** The shop's operator client (client credentials). @param {string} base */
async function operatorOf(base) {
  const response = await fetch(`${base}/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'back-office',
      client_secret: 'back-office-secret',
    }),
  });
  return (await response.json()).access_token;
}
