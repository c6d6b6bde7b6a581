import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEMBER_LIST, MEMBERS } from '../support/fixtures.js';
import { accessToken, api, signIn } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const { base, operator } = await startTestService({ operatorToken: true });

/** @param {string} query */
const members = (query) => api(`${base}/v2/account-members${query}`, { token: operator });
/** @param {any} body */
const names = (body) => body.data.map((/** @type {any} */ m) => m.name);
/** @param {string} value */
const enc = encodeURIComponent;

describe('GET /v2/account-members', () => {
  it('lists members newest first with the list envelope', async () => {
    const { status, headers, body } = await members('');
    assert.equal(status, 200);
    assert.equal(headers.get('content-type'), 'application/json');
    assert.equal(body.data.length, 25);
    assert.deepEqual(body.meta, {
      page: { limit: 25, offset: 0, current: 1, total: 2 },
      results: { total: MEMBER_LIST.length },
    });
    const newest = [...MEMBER_LIST].sort((a, b) => b.created_at.localeCompare(a.created_at));
    assert.deepEqual(
      body.data.map((/** @type {any} */ m) => m.id),
      newest.slice(0, 25).map((m) => m.id),
    );
    const m =
      body.data.find((/** @type {any} */ x) => x.id === MEMBERS.ada.id) ??
      (await members('?filter=eq(email,ada@example.com)')).body.data[0];
    assert.deepEqual(Object.keys(m).sort(), ['email', 'id', 'links', 'meta', 'name', 'type']);
    assert.equal(m.type, 'account_member');
    assert.match(m.meta.timestamps.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(m.links.self, `${base}/v2/account-members/${m.id}`);
    assert.equal(body.links.next, `${base}/v2/account-members?page%5Boffset%5D=25&page%5Blimit%5D=25`);
    assert.equal(body.links.prev, null);
    assert.equal(body.links.first, `${base}/v2/account-members?page%5Boffset%5D=0&page%5Blimit%5D=25`);
    assert.equal(body.links.last, body.links.next);
  });

  it('builds links from the service base URL, whatever address the caller used, and keeps filter and sort', async () => {
    const other = base.replace('localhost', '127.0.0.1');
    const { body } = await api(`${other}/v2/account-members?sort=name&filter=like(name,*a*)&page[limit]=5`, {
      token: operator,
    });
    const current = new URL(body.links.current);
    assert.equal(current.origin, new URL(base).origin);
    assert.equal(current.searchParams.get('sort'), 'name');
    assert.equal(current.searchParams.get('filter'), 'like(name,*a*)');
    assert.equal(current.searchParams.get('page[limit]'), '5');
    assert.equal(body.data[0].links.self.startsWith(base), true);
  });

  it('pages to the last page: next null, prev set, current counted from 1', async () => {
    const { body } = await members('?page[limit]=7&page[offset]=28');
    assert.equal(body.data.length, 2);
    assert.deepEqual(body.meta.page, { limit: 7, offset: 28, current: 5, total: 5 });
    assert.equal(body.links.next, null);
    assert.equal(new URL(body.links.prev).searchParams.get('page[offset]'), '21');
    assert.equal(new URL(body.links.last).searchParams.get('page[offset]'), '28');
  });

  it('answers an empty page past the end and an empty result consistently', async () => {
    const past = await members('?page[offset]=100');
    assert.equal(past.status, 200);
    assert.deepEqual(past.body.data, []);
    assert.equal(past.body.links.next, null);
    const none = await members(`?filter=${enc('eq(email,nobody@example.com)')}`);
    assert.deepEqual(none.body.data, []);
    assert.deepEqual(none.body.meta, { page: { limit: 25, offset: 0, current: 1, total: 0 }, results: { total: 0 } });
    assert.equal(none.body.links.next, null);
    assert.equal(none.body.links.prev, null);
    assert.equal(new URL(none.body.links.last).searchParams.get('page[offset]'), '0');
  });

  it('refuses page values out of range, naming the parameter', async () => {
    for (const [query, name] of [
      ['?page[limit]=10001', 'page[limit]'],
      ['?page[offset]=10001', 'page[offset]'],
      ['?page[limit]=0', 'page[limit]'],
      ['?page[limit]=-1', 'page[limit]'],
      ['?page[offset]=abc', 'page[offset]'],
      ['?page[limit]=2.5', 'page[limit]'],
    ]) {
      const { status, body } = await members(query);
      assert.equal(status, 400, query);
      assert.equal(body.errors[0].status, '400');
      assert.ok(body.errors[0].detail.includes(name), `${query}: ${body.errors[0].detail}`);
    }
    const edge = await members('?page[limit]=10000&page[offset]=10000');
    assert.equal(edge.status, 200);
  });

  it('sorts by each attribute, both ways, with a stable tie-break', async () => {
    const asc = names((await members('?sort=name&page[limit]=100')).body);
    assert.deepEqual(
      asc,
      [...asc].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    );
    const desc = names((await members('?sort=-name&page[limit]=100')).body);
    assert.deepEqual(desc, [...asc].reverse());
    const byEmail = (await members('?sort=email&page[limit]=3')).body.data.map((/** @type {any} */ m) => m.email);
    assert.deepEqual(byEmail, ['adele.goldberg@example.com', 'ada@example.com', 'alan.turing@example.com'].sort());
    const oldest = (await members('?sort=created_at&page[limit]=1')).body.data[0];
    assert.equal(oldest.id, MEMBERS.ada.id);
    for (const s of ['id', '-id', 'updated_at', '-updated_at', '-email']) {
      assert.equal((await members(`?sort=${s}`)).status, 200, s);
    }
  });

  it('refuses an unknown sort attribute', async () => {
    const { status, body } = await members('?sort=password');
    assert.equal(status, 400);
    assert.match(body.errors[0].detail, /sort attribute "password"/);
  });

  it('filters with eq on email (ignoring case) and name (exact)', async () => {
    assert.deepEqual(names((await members(`?filter=${enc('eq(email,GRACE@example.com)')}`)).body), ['Grace Hopper']);
    assert.deepEqual(names((await members(`?filter=${enc('eq(name,Grace Hopper)')}`)).body), ['Grace Hopper']);
    assert.deepEqual(names((await members(`?filter=${enc('eq(name,grace hopper)')}`)).body), []);
  });

  it('filters with like: contains, wildcards at either or both ends, case-insensitive', async () => {
    const contains = names((await members(`?filter=${enc('like(name,LOVE)')}`)).body);
    assert.deepEqual(contains, ['Ada Lovelace']);
    const both = names((await members(`?filter=${enc('like(name,*ing*)')}&sort=name`)).body);
    assert.deepEqual(both, ['Alan Turing']);
    const starts = names((await members(`?filter=${enc('like(name,ken*)')}`)).body);
    assert.deepEqual(starts, ['Ken Thompson']);
    const ends = names((await members(`?filter=${enc('like(name,*son)')}&sort=name`)).body);
    assert.deepEqual(ends, ['Ken Thompson', 'Mary Jackson', 'Sophie Wilson']);
    const middle = names((await members(`?filter=${enc('like(email,*@example.com)')}`)).body);
    assert.equal(middle.length, 25);
    const inner = names((await members(`?filter=${enc('like(name,a*e)')}&sort=name`)).body);
    assert.deepEqual(inner, ['Ada Lovelace']);
  });

  it('joins several expressions with ":" (AND)', async () => {
    const { body } = await members(`?filter=${enc('like(name,*i*):like(email,*.w*)')}&sort=name`);
    assert.deepEqual(names(body), ['Niklaus Wirth', 'Sophie Wilson']);
  });

  it('matches names with commas, parentheses, colons and stars through quoting and escapes', async () => {
    const name = MEMBERS.punctuated.name; // Smith, John (Sales): *VIP*
    const quoted = `eq(name,"${name}")`;
    assert.deepEqual(names((await members(`?filter=${enc(quoted)}`)).body), [name]);
    const escapedBare = 'eq(name,Smith\\, John \\(Sales\\)\\: *VIP*)';
    assert.deepEqual(names((await members(`?filter=${enc(escapedBare)}`)).body), [name]);
    const literalStar = 'like(name,"\\*VIP\\*")';
    assert.deepEqual(names((await members(`?filter=${enc(literalStar)}`)).body), [name]);
    const starAsWildcard = 'like(name,"Smith*VIP*")';
    assert.deepEqual(names((await members(`?filter=${enc(starAsWildcard)}`)).body), [name]);
    const escapedStarOnly = 'like(name,"\\*")';
    assert.deepEqual(names((await members(`?filter=${enc(escapedStarOnly)}`)).body), [name]);
    const email = `eq(email,"${MEMBERS.punctuated.email}")`;
    assert.deepEqual(names((await members(`?filter=${enc(email)}`)).body), [name]);
    const quote = 'eq(name,"Dana \\"Backslash\\\\\\" O\'Brien")';
    assert.deepEqual(names((await members(`?filter=${enc(quote)}`)).body), [MEMBERS.quoted.name]);
    const hostile = `eq(name,"${MEMBERS.hostile.name}")`;
    assert.deepEqual(names((await members(`?filter=${enc(hostile)}`)).body), [MEMBERS.hostile.name]);
  });

  it('refuses bad filter syntax with a 400 naming the problem', async () => {
    for (const [filter, pattern] of [
      ['eq(email)', /expected ","/],
      ['eq(email,a', /expected "\)"/],
      ['eq(email,a,b)', /expected "\)"/],
      ['eq(name,"open)', /unterminated quoted value/],
      ['eq(name,)', /expected a value/],
      ['eq(name,a)x', /expected ":"/],
      ['eq(name,a):', /expected an operator/],
      ['gt(name,a)', /Unknown filter operator "gt"/],
      ['eq(password,a)', /Unknown filter attribute "password"/],
      ['eq(account_member_id,a)', /Unknown filter attribute/],
      ['', /empty/],
      ['eq(name,a\\', /backslash/],
    ]) {
      const { status, body } = await members(`?filter=${enc(/** @type {string} */ (filter))}`);
      assert.equal(status, 400, String(filter));
      assert.match(body.errors[0].detail, /** @type {RegExp} */ (pattern), String(filter));
    }
  });

  it('reads one member and 404s an unknown one', async () => {
    const one = await api(`${base}/v2/account-members/${MEMBERS.grace.id}`, { token: operator });
    assert.equal(one.body.data.email, 'grace@example.com');
    const missing = await api(`${base}/v2/account-members/00000000-0000-4000-8000-000000000000`, { token: operator });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.errors[0].title, 'Not Found');
  });

  it("lets a member read their own record with their account token (the vendor's way), and no one else's", async () => {
    const { body } = await signIn(base, 'ada@example.com');
    const implicit = await accessToken(base, 'implicit');
    const read = (/** @type {string} */ id) =>
      api(`${base}/v2/account-members/${id}`, {
        token: implicit,
        headers: { 'EP-Account-Management-Authentication-Token': body.data[0].token },
      });
    const own = await read(MEMBERS.ada.id);
    assert.equal(own.status, 200);
    assert.deepEqual([own.body.data.name, own.body.data.email], [MEMBERS.ada.name, 'ada@example.com']);
    const other = await read(MEMBERS.grace.id);
    assert.equal(other.status, 404, 'another member reads as not found');
    const implicitOnly = await api(`${base}/v2/account-members/${MEMBERS.ada.id}`, { token: implicit });
    assert.equal(implicitOnly.status, 403, 'the implicit token alone reads no member');
  });
});
