import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFilter, WILDCARD } from '../../server/domain/filter.js';
import { compileFilter, likeMatcher } from '../support/filter-oracle.js';
import { toEnvelope } from '../../server/http/errors.js';
import { pageEnvelope, parsePage, parseSort } from '../../server/http/list-params.js';

/** The answer an error thrown while reading a query becomes: its status and detail. */
const answerOf = (/** @type {unknown} */ error) => {
  const { status, body } = toEnvelope(error);
  return { status, detail: body.errors[0].detail };
};

const ATTRS = ['email', 'name'];
/** @param {string} filter @param {Record<string, string>} record */
const matches = (filter, record) =>
  compileFilter(parseFilter(filter, ATTRS), (r, a) => /** @type {any} */ (r)[a])(record);

describe('filter grammar', () => {
  it('parses expressions joined with ":"', () => {
    const exprs = parseFilter('eq(email,a@b.c):like(name,*x*)', ATTRS);
    assert.deepEqual(
      exprs.map((e) => [e.op, e.attr, e.value]),
      [
        ['eq', 'email', 'a@b.c'],
        ['like', 'name', '*x*'],
      ],
    );
    assert.deepEqual(exprs[1].parts, [WILDCARD, 'x', WILDCARD]);
  });

  it('reads quoted values with escapes, and escapes in bare values', () => {
    assert.equal(parseFilter('eq(name,"a,b(c):d")', ATTRS)[0].value, 'a,b(c):d');
    assert.equal(parseFilter('eq(name,"say \\"hi\\" \\\\ now")', ATTRS)[0].value, 'say "hi" \\ now');
    assert.equal(parseFilter('eq(name,a\\,b\\(c\\))', ATTRS)[0].value, 'a,b(c)');
    assert.deepEqual(parseFilter('like(name,"\\*x*")', ATTRS)[0].parts, ['*', 'x', WILDCARD]);
    assert.deepEqual(parseFilter('like(name,\\*x)', ATTRS)[0].parts, ['*', 'x']);
    assert.equal(parseFilter('eq(name,"")', ATTRS)[0].value, '');
  });

  it('rejects what the grammar does not allow', () => {
    for (const bad of [
      'eq',
      'eq(',
      'eq(name',
      'eq(name,',
      'eq(name,a',
      'eq(name,"a',
      'eq(name,a"b)',
      'eq(name,a)(',
      'eq(name,a)::eq(name,b)',
      'EQ(name,a)',
      'eq (name,a)',
    ]) {
      assert.throws(
        () => parseFilter(bad, ATTRS),
        (/** @type {unknown} */ e) => answerOf(e).status === 400,
        bad,
      );
    }
  });

  it('like: contains without wildcards, anchored with them, case-insensitive', () => {
    assert.equal(matches('like(name,OVE)', { name: 'Ada Lovelace' }), true);
    assert.equal(matches('like(name,ada*)', { name: 'Ada Lovelace' }), true);
    assert.equal(matches('like(name,love*)', { name: 'Ada Lovelace' }), false);
    assert.equal(matches('like(name,*lace)', { name: 'Ada Lovelace' }), true);
    assert.equal(matches('like(name,*love)', { name: 'Ada Lovelace' }), false);
    assert.equal(matches('like(name,a*a*e)', { name: 'Ada Lovelace' }), true);
    assert.equal(matches('like(name,a*a)', { name: 'a' }), false, 'start and end segments may not overlap');
    assert.equal(matches('like(name,*)', { name: '' }), true);
    assert.equal(matches('like(name,"\\*")', { name: 'no star' }), false);
    assert.equal(matches('like(name,"\\*")', { name: 'a * star' }), true);
    assert.equal(matches('like(name,".")', { name: 'abc' }), false, 'no regular expression semantics');
  });

  it("ilike (the vendor's case-insensitive like) matches as like does; other operators are named in the error", () => {
    assert.deepEqual(
      parseFilter('ilike(name,*LACE)', ATTRS).map((e) => [e.op, e.value]),
      [['ilike', '*LACE']],
    );
    for (const [name, expected] of [
      ['Ada Lovelace', true],
      ['ADA LOVELACE', true],
      ['Lovelace Ada', false],
    ]) {
      assert.equal(matches('ilike(name,*lace)', { name: String(name) }), expected, String(name));
      assert.equal(matches('like(name,*lace)', { name: String(name) }), expected, String(name));
    }
    assert.throws(
      () => parseFilter('gt(name,a)', ATTRS),
      (/** @type {unknown} */ e) => answerOf(e).status === 400 && /eq, like or ilike/.test(answerOf(e).detail ?? ''),
    );
  });

  it('eq: exact on name, case-insensitive on email, star is literal', () => {
    assert.equal(matches('eq(name,Ada)', { name: 'ada' }), false);
    assert.equal(matches('eq(email,ADA@example.com)', { email: 'ada@example.com' }), true);
    assert.equal(matches('eq(name,a*)', { name: 'a*' }), true);
    assert.equal(matches('eq(name,a*)', { name: 'ab' }), false);
  });

  it('likeMatcher handles repeated segments', () => {
    assert.equal(likeMatcher([WILDCARD, 'a', WILDCARD, 'a', WILDCARD])('banana'), true);
    assert.equal(likeMatcher([WILDCARD, 'x', WILDCARD, 'x', WILDCARD])('x'), false);
  });
});

describe('filter bounds', () => {
  /** @param {string} filter */
  const refusal = (filter) => {
    try {
      parseFilter(filter, ATTRS);
    } catch (error) {
      return /** @type {Error} */ (error).message;
    }
    return null;
  };

  it('takes up to 512 characters, 4 expressions and 4 wildcards in all', () => {
    assert.equal(refusal(`eq(name,${'x'.repeat(500)})`), null);
    assert.equal(refusal(['like(name,*a*)', 'like(email,*b*)', 'eq(name,c)', 'like(name,d)'].join(':')), null);
    assert.equal(refusal('eq(name,*****):like(name,*a*b*c)'), null, 'a star in eq is no wildcard');
  });

  it('refuses a longer filter before parsing it, and more expressions or wildcards', () => {
    assert.equal(refusal(`eq(name,${'x'.repeat(510)})`), 'The filter may be at most 512 characters long');
    assert.equal(
      refusal(Array.from({ length: 5 }, () => 'eq(name,a)').join(':')),
      'The filter may join at most 4 expressions',
    );
    assert.equal(refusal('like(name,*a*b*):like(email,*c*)'), 'The filter may have at most 4 wildcards (*) in all');
    assert.equal(refusal(`like(email,${'*m'.repeat(7500)}*)`), 'The filter may be at most 512 characters long');
  });
});

describe('page and sort parameters', () => {
  it('defaults and bounds', () => {
    assert.deepEqual(parsePage(new URLSearchParams()), { limit: 25, offset: 0 });
    assert.deepEqual(parsePage(new URLSearchParams('page[limit]=10000&page[offset]=10000')), {
      limit: 10000,
      offset: 10000,
    });
    assert.throws(() => parsePage(new URLSearchParams('page[limit]=10001')), /page\[limit\]/);
    assert.throws(() => parsePage(new URLSearchParams('page[offset]=-1')), /page\[offset\]/);
    assert.deepEqual(parseSort(new URLSearchParams(), ['name', 'created_at']), {
      attribute: 'created_at',
      descending: true,
    });
    assert.deepEqual(parseSort(new URLSearchParams('sort=-name'), ['name']), { attribute: 'name', descending: true });
    assert.throws(() => parseSort(new URLSearchParams('sort=--name'), ['name']), /sort attribute/);
  });

  it('page envelope at the ends and for empty results', () => {
    const url = new URL('http://x/list?filter=eq(name,a)');
    const mid = pageEnvelope({ total: 30, limit: 10, offset: 10, url });
    assert.deepEqual(mid.meta, { page: { limit: 10, offset: 10, current: 2, total: 3 }, results: { total: 30 } });
    assert.equal(new URL(/** @type {string} */ (mid.links.next)).searchParams.get('page[offset]'), '20');
    assert.equal(new URL(mid.links.current).searchParams.get('filter'), 'eq(name,a)');
    const empty = pageEnvelope({ total: 0, limit: 25, offset: 0, url });
    assert.deepEqual(empty.meta.page, { limit: 25, offset: 0, current: 1, total: 0 });
    assert.equal(empty.links.next, null);
    assert.equal(empty.links.prev, null);
  });
});
