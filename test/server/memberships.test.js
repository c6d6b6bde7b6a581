import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { ACCOUNTS, MEMBER_LIST, MEMBERS, MEMBERSHIP_LIST } from '../support/fixtures.js';
import { accessToken, api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const { service, base, operator } = await startTestService({ operatorToken: true });
beforeEach(() => service.reset());

/** @param {string} accountId @param {string} [query] */
const memberships = (accountId, query = '') =>
  api(`${base}/v2/accounts/${accountId}/account-memberships${query}`, { token: operator });
/** @param {string} accountId @param {string} memberId */
const create = (accountId, memberId) =>
  api(`${base}/v2/accounts/${accountId}/account-memberships`, {
    method: 'POST',
    token: operator,
    body: { data: { type: 'account_membership', account_member_id: memberId } },
  });

describe('account memberships', () => {
  it('lists the memberships of an account, newest first, with the envelope', async () => {
    const { status, body } = await memberships(ACCOUNTS.harvard.id);
    assert.equal(status, 200);
    assert.equal(body.meta.results.total, 2);
    const expected = MEMBERSHIP_LIST.filter((ms) => ms.account_id === ACCOUNTS.harvard.id).reverse();
    assert.deepEqual(
      body.data.map((/** @type {any} */ ms) => ms.id),
      expected.map((ms) => ms.id),
    );
    const first = body.data[0];
    assert.equal(first.type, 'account_membership');
    assert.deepEqual(first.relationships.account_member.data, { id: MEMBERS.grace.id, type: 'account_member' });
    assert.equal(first.links.self, `${base}/v2/accounts/${ACCOUNTS.harvard.id}/account-memberships/${first.id}`);
    assert.match(first.meta.timestamps.updated_at, /Z$/);
    assert.equal(body.included, undefined);
  });

  it('pages through a larger account and includes the members of the page', async () => {
    const page1 = await memberships(ACCOUNTS.analytical.id, '?include=account_member&sort=name&page[limit]=10');
    assert.equal(page1.body.meta.results.total, 26);
    assert.equal(page1.body.meta.page.total, 3);
    const ids = page1.body.data.map((/** @type {any} */ ms) => ms.relationships.account_member.data.id);
    const included = page1.body.included.account_members;
    assert.deepEqual(
      included.map((/** @type {any} */ m) => m.id),
      ids,
    );
    const namesInOrder = included.map((/** @type {any} */ m) => m.name);
    assert.deepEqual(
      namesInOrder,
      [...namesInOrder].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    );
    assert.equal(included[0].type, 'account_member');
    assert.ok(new URL(page1.body.links.next).searchParams.get('include') === 'account_member');
    const last = await memberships(ACCOUNTS.analytical.id, '?page[limit]=10&page[offset]=20');
    assert.equal(last.body.data.length, 6);
    assert.equal(last.body.links.next, null);
    assert.equal(last.body.meta.page.current, 3);
  });

  it('filters on account_member_id with eq and like', async () => {
    const eq = await memberships(ACCOUNTS.harvard.id, `?filter=eq(account_member_id,${MEMBERS.ada.id})`);
    assert.deepEqual(
      eq.body.data.map((/** @type {any} */ ms) => ms.relationships.account_member.data.id),
      [MEMBERS.ada.id],
    );
    const like = await memberships(
      ACCOUNTS.harvard.id,
      `?filter=like(account_member_id,${MEMBERS.grace.id.slice(0, 8)}*)`,
    );
    assert.deepEqual(
      like.body.data.map((/** @type {any} */ ms) => ms.relationships.account_member.data.id),
      [MEMBERS.grace.id],
    );
    const bad = await memberships(ACCOUNTS.harvard.id, '?filter=eq(email,ada@example.com)');
    assert.equal(bad.status, 400);
    assert.match(bad.body.errors[0].detail, /Unknown filter attribute "email"/);
    const badInclude = await memberships(ACCOUNTS.harvard.id, '?include=accounts');
    assert.equal(badInclude.status, 400);
    const badLimit = await memberships(ACCOUNTS.harvard.id, '?page[offset]=20000');
    assert.equal(badLimit.status, 400);
    assert.match(badLimit.body.errors[0].detail, /page\[offset\]/);
  });

  it("takes include=account_members, the spelling the vendor's SDK declares, as include=account_member", async () => {
    const singular = await memberships(ACCOUNTS.harvard.id, '?include=account_member');
    const plural = await memberships(ACCOUNTS.harvard.id, '?include=account_members');
    assert.equal(plural.status, 200);
    assert.deepEqual(plural.body.included, singular.body.included);
    assert.equal((await memberships(ACCOUNTS.harvard.id, '?include=accounts')).status, 400);
  });

  it('returns an empty list for an account without members', async () => {
    const { body } = await memberships(ACCOUNTS.empty.id, '?include=account_member');
    assert.deepEqual(body.data, []);
    assert.deepEqual(body.included, { account_members: [] });
    assert.equal(body.meta.results.total, 0);
  });

  it('answers 404 Not Found for an unknown account', async () => {
    const { status, headers, body } = await memberships('00000000-0000-4000-8000-000000000000');
    assert.equal(status, 404);
    assert.equal(headers.get('content-type'), 'application/json');
    assert.deepEqual(body, {
      errors: [
        { title: 'Not Found', status: '404', detail: 'The account 00000000-0000-4000-8000-000000000000 was not found' },
      ],
    });
  });

  it('lists unassigned members and moves one to assigned by creating a membership', async () => {
    const url = `${base}/v2/accounts/${ACCOUNTS.harvard.id}/account-memberships/unassigned-account-members`;
    const before = await api(`${url}?page[limit]=100`, { token: operator });
    assert.equal(before.status, 200);
    assert.equal(before.body.meta.results.total, MEMBER_LIST.length - 2);
    const ids = before.body.data.map((/** @type {any} */ m) => m.id);
    assert.ok(!ids.includes(MEMBERS.ada.id) && !ids.includes(MEMBERS.grace.id));
    assert.ok(ids.includes(MEMBERS.hostile.id));
    assert.equal(before.body.data[0].type, 'account_member');

    const created = await create(ACCOUNTS.harvard.id, MEMBERS.hostile.id);
    assert.equal(created.status, 201);
    assert.equal(created.body.data.type, 'account_membership');
    assert.deepEqual(created.body.data.relationships.account_member.data, {
      id: MEMBERS.hostile.id,
      type: 'account_member',
    });

    const after = await api(`${url}?filter=eq(email,hostile@example.com)`, { token: operator });
    assert.deepEqual(after.body.data, []);
    const listed = await memberships(ACCOUNTS.harvard.id, `?filter=eq(account_member_id,${MEMBERS.hostile.id})`);
    assert.equal(listed.body.data[0].id, created.body.data.id);
    const one = await api(created.body.data.links.self, { token: operator });
    assert.equal(one.body.data.id, created.body.data.id);
  });

  it('answers 409 for a duplicate membership', async () => {
    const { status, body } = await create(ACCOUNTS.harvard.id, MEMBERS.grace.id);
    assert.equal(status, 409);
    assert.equal(body.errors[0].title, 'Conflict');
    assert.equal(body.errors[0].status, '409');
  });

  it('validates the body: malformed JSON 400, missing fields 400, wrong type 400, unknown member 422', async () => {
    const url = `${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`;
    const malformed = await api(url, { method: 'POST', token: operator, rawBody: '{"data": ' });
    assert.equal(malformed.status, 400);
    assert.match(malformed.body.errors[0].detail, /not valid JSON/);
    const notObject = await api(url, { method: 'POST', token: operator, rawBody: '[]' });
    assert.equal(notObject.status, 400);
    const noData = await api(url, { method: 'POST', token: operator, body: {} });
    assert.equal(noData.status, 400);
    const wrongType = await api(url, {
      method: 'POST',
      token: operator,
      body: { data: { type: 'account_member', account_member_id: MEMBERS.ada.id } },
    });
    assert.equal(wrongType.status, 400);
    assert.match(wrongType.body.errors[0].detail, /account_membership/);
    const missing = await api(url, { method: 'POST', token: operator, body: { data: { type: 'account_membership' } } });
    assert.equal(missing.status, 400);
    assert.match(missing.body.errors[0].detail, /account_member_id/);
    const unknown = await create(ACCOUNTS.empty.id, '00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.status, 422);
    const notUuid = await create(ACCOUNTS.empty.id, 'ada');
    assert.equal(notUuid.status, 422);
    const unknownAccount = await create('00000000-0000-4000-8000-000000000000', MEMBERS.ada.id);
    assert.equal(unknownAccount.status, 404);
  });

  it('is for operators: implicit and account tokens get 403', async () => {
    const implicit = await accessToken(base, 'implicit');
    const r1 = await api(`${base}/v2/accounts/${ACCOUNTS.harvard.id}/account-memberships`, { token: implicit });
    assert.equal(r1.status, 403);
    const { token } = await service.tokens.accountToken(MEMBERS.grace.id, ACCOUNTS.harvard.id);
    const r2 = await api(`${base}/v2/accounts/${ACCOUNTS.harvard.id}/account-memberships`, { token });
    assert.equal(r2.status, 403);
    assert.equal(r2.body.errors[0].title, 'Forbidden');
  });

  it('lists accounts for the operator and one account for its own token', async () => {
    const all = await api(`${base}/v2/accounts`, { token: operator });
    assert.deepEqual(
      all.body.data.map((/** @type {any} */ a) => a.name),
      Object.values(ACCOUNTS).map((a) => a.name),
    );
    const { token } = await service.tokens.accountToken(MEMBERS.grace.id, ACCOUNTS.harvard.id);
    const own = await api(`${base}/v2/accounts/${ACCOUNTS.harvard.id}`, { token });
    assert.equal(own.body.data.name, ACCOUNTS.harvard.name);
    assert.equal(own.body.links.self, `${base}/v2/accounts/${ACCOUNTS.harvard.id}`);
    const other = await api(`${base}/v2/accounts/${ACCOUNTS.analytical.id}`, { token });
    assert.equal(other.status, 403);
  });
});
