/**
 * No part of a list's query reaches SQLite as SQL or as FTS5 query syntax: text that SQL or FTS5 would read as
 * syntax, put in every position of `filter` and `sort` of every list, is answered as the grammar says (a value is
 * matched as text; anything else is a 400 naming it), never with a 500, and the store is the same afterwards.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNTS, MEMBER_LIST, MEMBERSHIP_LIST } from '../support/fixtures.js';
import { parseFilter } from '../../server/domain/filter.js';
import { AWKWARD_TEXTS } from '../support/awkward-text.js';
import { compileFilter } from '../support/filter-oracle.js';
import { api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const { base, operator } = await startTestService({ operatorToken: true });

/** Text SQL, LIKE or FTS5 would read as syntax, and a NUL (where SQLite's LIKE would stop). */
const AWKWARD = [...AWKWARD_TEXTS, '\u0000'];

const harvard = ACCOUNTS.harvard.id;

const inHarvard = new Set(MEMBERSHIP_LIST.filter((ms) => ms.account_id === harvard).map((ms) => ms.account_member_id));

/** Every list: the attributes its filter takes, and the ids a filter should find in it (a plain evaluation). */
const LISTS = [
  {
    path: '/v2/account-members',
    attributes: ['name', 'email'],
    /** @param {(member: any) => boolean} test */
    expected: (test) => MEMBER_LIST.filter(test).map((m) => m.id),
  },
  {
    path: `/v2/accounts/${harvard}/account-memberships`,
    attributes: ['account_member_id'],
    // no member's id is any of the texts
    expected: () => [],
  },
  {
    path: `/v2/accounts/${harvard}/account-memberships/unassigned-account-members`,
    attributes: ['name', 'email'],
    /** @param {(member: any) => boolean} test */
    expected: (test) => MEMBER_LIST.filter((m) => !inHarvard.has(m.id) && test(m)).map((m) => m.id),
  },
];

/** @param {string} path @param {Record<string, string>} params */
async function list(path, params) {
  const { status, body } = await api(`${base}${path}?${new URLSearchParams(params)}`, { token: operator });
  assert.notEqual(status, 500, `${path} ${JSON.stringify(params)}`);
  if (status !== 200) {
    assert.equal(status, 400, `${path} ${JSON.stringify(params)}`);
    assert.ok(body.errors?.[0]?.detail, `a 400 names the problem: ${JSON.stringify(params)}`);
  }
  return { status, body };
}

/** A filter's value, quoted as the grammar takes any text. @param {string} text */
const quoted = (text) => `"${text.replace(/[\\"*]/g, '\\$&')}"`;

describe('hostile text in list queries', () => {
  it('in a filter value is matched as text', async () => {
    let matched = 0;
    for (const { path, attributes, expected } of LISTS) {
      for (const text of AWKWARD) {
        for (const attribute of attributes) {
          for (const filter of [`eq(${attribute},${quoted(text)})`, `like(${attribute},${quoted(text)})`]) {
            const { status, body } = await list(path, { filter, 'page[limit]': '100' });
            // a NUL is refused by the grammar (SQLite's LIKE would stop at it)
            if (text.includes('\u0000')) {
              assert.equal(status, 400, filter);
              continue;
            }
            const test = compileFilter(parseFilter(filter, attributes), (m, name) => m[name]);
            const found = body.data.map((/** @type {any} */ record) => record.account_member_id ?? record.id);
            assert.deepEqual(found.sort(), expected(test).sort(), `${path} ${filter}`);
            matched += found.length;
          }
        }
      }
    }
    // the fixtures' awkward names (an apostrophe, a semicolon) are found by the text they hold
    assert.ok(matched > 0);
  });

  it('as a filter attribute, an operator or a sort attribute is a 400', async () => {
    for (const { path, attributes } of LISTS) {
      for (const text of AWKWARD) {
        for (const params of [
          { filter: `eq(${text},x)` },
          { filter: `${text}(${attributes[0]},x)` },
          { filter: `eq(${attributes[0]},x):${text}` },
          { sort: text },
          { sort: `-${text}` },
          { sort: `name ${text}` },
        ]) {
          const { status } = await list(path, params);
          assert.equal(status, 400, `${path} ${JSON.stringify(params)}`);
        }
      }
    }
  });

  it('leaves the store as it was', async () => {
    const { body } = await list('/v2/account-members', { 'page[limit]': '1' });
    assert.equal(body.meta.results.total, MEMBER_LIST.length);
    const harvardMemberships = await list(`/v2/accounts/${harvard}/account-memberships`, {});
    assert.equal(harvardMemberships.status, 200);
    assert.ok(harvardMemberships.body.data.length > 0);
  });
});
