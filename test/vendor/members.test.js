/** The vendor's SDK against the reference service: account members and account memberships (operator). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNTS, MEMBER_LIST, MEMBERS, MEMBERSHIP_LIST } from '../support/fixtures.js';
import { startTestService } from '../support/test-service.js';
import { connectedClient, failureOf, OPERATOR, pageOf, STOREFRONT } from './sdk-client.js';

const { base } = await startTestService();
const operator = await connectedClient(base, OPERATOR);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** @param {{ data: Array<{ name: string }> }} list */
const names = (list) => list.data.map((m) => m.name).sort();
/** @param {keyof typeof ACCOUNTS} account */
const membershipsOf = (account) => MEMBERSHIP_LIST.filter((ms) => ms.account_id === ACCOUNTS[account].id);

describe('SDK: account members', () => {
  it('AccountMembers.All() answers the first page in the list envelope', async () => {
    const list = await operator.AccountMembers.All();
    assert.equal(list.data.length, 25);
    assert.equal(list.meta.results.total, MEMBER_LIST.length);
    assert.deepEqual(list.meta.page, { limit: 25, offset: 0, current: 1, total: 2 });
    assert.equal(list.data[0].type, 'account_member');
    assert.deepEqual(pageOf(list.links.next), { offset: 25, limit: 25 });
    assert.equal(list.links.prev, null);
  });

  it('AccountMembers.Filter({ eq }) finds a member by email', async () => {
    const list = await operator.AccountMembers.Filter({ eq: { email: MEMBERS.ada.email } }).All();
    assert.deepEqual(names(list), [MEMBERS.ada.name]);
  });

  it('AccountMembers.Filter({ like }) matches a name pattern', async () => {
    const list = await operator.AccountMembers.Filter({ like: { name: '*Hopper' } }).All();
    assert.deepEqual(names(list), [MEMBERS.grace.name]);
  });

  it('AccountMembers.Filter({ ilike }) matches a name pattern in any case', async () => {
    const list = await operator.AccountMembers.Filter({ ilike: { name: 'LOVE*' } }).All();
    assert.deepEqual(names(list), []);
    const contains = await operator.AccountMembers.Filter({ ilike: { name: '*LOVELACE*' } }).All();
    assert.deepEqual(names(contains), [MEMBERS.ada.name]);
  });

  it('AccountMembers.Limit().Offset().All() pages', async () => {
    const page = await operator.AccountMembers.Limit(5).Offset(10).All();
    assert.equal(page.data.length, 5);
    assert.deepEqual(page.meta.page, { limit: 5, offset: 10, current: 3, total: 6 });
    assert.deepEqual(pageOf(page.links.prev), { offset: 5, limit: 5 });
    assert.deepEqual(pageOf(page.links.last), { offset: 25, limit: 5 });
  });

  it('AccountMembers.Get() answers the member and its address', async () => {
    const answer = await operator.AccountMembers.Get(MEMBERS.grace.id);
    assert.equal(answer.data.email, MEMBERS.grace.email);
    assert.equal(answer.links.self, `${base}/v2/account-members/${MEMBERS.grace.id}`);
  });

  it('AccountMembers.Get() of an unknown member rejects with 404 Not Found', async () => {
    const { errors } = await failureOf(operator.AccountMembers.Get(UNKNOWN_ID));
    assert.equal(errors[0].status, '404');
    assert.equal(errors[0].title, 'Not Found');
  });

  it('AccountMembers.All() with a storefront token rejects with 401 Unauthorized and no detail', async () => {
    // one attempt: on a 401 the SDK fetches a new token and tries again, three times
    const storefront = await connectedClient(base, { ...STOREFRONT, fetchMaxAttempts: 1 });
    const { errors } = await failureOf(storefront.AccountMembers.All());
    assert.deepEqual(errors, [{ title: 'Unauthorized', status: '401' }]);
  });
});

describe('SDK: account memberships', () => {
  it('AccountMemberships.All() lists the memberships with their member ids', async () => {
    const list = await operator.AccountMemberships.All(ACCOUNTS.cobol.id);
    assert.equal(list.meta.results.total, membershipsOf('cobol').length);
    for (const ms of list.data) {
      assert.equal(ms.type, 'account_membership');
      assert.equal(ms.account_member_id, ms.relationships.account_member.data.id);
    }
  });

  it('AccountMemberships.With("account_member").All() includes the members', async () => {
    const list = await operator.AccountMemberships.With('account_member').All(ACCOUNTS.harvard.id);
    assert.deepEqual(
      list.included.account_members.map((/** @type {any} */ m) => m.name).sort(),
      [MEMBERS.ada.name, MEMBERS.grace.name].sort(),
    );
  });

  it('AccountMemberships.Filter({ eq: { account_member_id } }).All() finds one membership', async () => {
    const list = await operator.AccountMemberships.Filter({ eq: { account_member_id: MEMBERS.grace.id } }).All(
      ACCOUNTS.harvard.id,
    );
    assert.equal(list.data.length, 1);
    assert.equal(list.data[0].account_member_id, MEMBERS.grace.id);
  });

  it('AccountMembers.UnassignedAccountMembers() lists members without a membership of the account', async () => {
    const list = await operator.AccountMembers.Limit(100).UnassignedAccountMembers(ACCOUNTS.harvard.id);
    assert.equal(list.meta.results.total, MEMBER_LIST.length - 2);
    assert.ok(!names(list).includes(MEMBERS.ada.name));
  });

  it('AccountMemberships.Create() makes a membership and answers where it lives', async () => {
    const answer = await operator.AccountMemberships.Create(ACCOUNTS.empty.id, {
      type: 'account_membership',
      account_member_id: MEMBERS.ada.id,
    });
    assert.equal(answer.data.type, 'account_membership');
    assert.equal(answer.data.account_member_id, MEMBERS.ada.id);
    assert.equal(answer.links.self, `${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships/${answer.data.id}`);
    const again = await operator.AccountMemberships.Get(ACCOUNTS.empty.id, answer.data.id);
    assert.equal(again.links.self, answer.links.self);
  });

  it('AccountMemberships.Create() of an existing membership rejects with 409 Conflict', async () => {
    const { errors } = await failureOf(
      operator.AccountMemberships.Create(ACCOUNTS.harvard.id, {
        type: 'account_membership',
        account_member_id: MEMBERS.grace.id,
      }),
    );
    assert.equal(errors[0].status, '409');
  });
});
