/**
 * The store's indexes answer exactly as a plain evaluation does (every member tested with the filter, all
 * sorted, then paged; an account's memberships sorted), on many random queries over awkward data, and still
 * after writes: members and memberships added one by one, members in bulk, and writes undone when the data
 * file cannot be written.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compileFilter } from '../../server/domain/filter.js';
import { ACCOUNTS } from '../../server/domain/fixtures.js';
import { SORT_ATTRIBUTES, sortRecords, Store } from '../../server/domain/store.js';
import { IdTable } from '../../server/domain/id-table.js';
import { SortedRows } from '../../server/domain/sorted-rows.js';
import { ListKeys, sortRows, TextKeys } from '../../server/domain/string-sort.js';
import { TextIndex } from '../../server/domain/text-index.js';
import { atOnce } from '../../server/domain/time-slices.js';
import { random } from '../support/random.js';
import { assertSameMatches, randomExpression, randomPerson } from '../support/random-members.js';

/**
 * @param {ReturnType<typeof random>} rnd
 * @param {number} n
 * @param {{ instants?: boolean }} [options]
 */
const person = (rnd, n, options) => ({ ...randomPerson(rnd, options), n });

/**
 * @param {ReturnType<typeof random>} rnd
 * @param {Array<{ name: string, email: string }>} members
 */
function expression(rnd, members) {
  const attr = rnd.pick(['name', 'email']);
  return randomExpression(rnd, /** @type {any} */ (rnd.pick(members))[attr], attr);
}

/**
 * What the members list answers, evaluated the plain way: all members sorted, then each tested.
 * @param {import('../../server/domain/store.js').MemberRecord[]} sorted
 * @param {import('../../server/domain/member-index.js').MemberQuery} query
 */
function plain(sorted, { exprs, excluded }) {
  const test = compileFilter(exprs, (m, attr) => /** @type {any} */ (m)[attr]);
  return sorted.filter((m) => (!excluded || !excluded.has(m.id)) && (exprs.length === 0 || test(m)));
}

/**
 * Asks `count` random queries, each compared whole and on a random page.
 * @param {Store} store
 * @param {ReturnType<typeof random>} rnd
 * @param {number} count
 */
async function compareQueries(store, rnd, count) {
  const members = store.data.members.slice();
  /** @type {Map<string, import('../../server/domain/store.js').MemberRecord[]>} */
  const sorted = new Map();
  for (const attribute of SORT_ATTRIBUTES) {
    for (const descending of [false, true]) {
      sorted.set(
        `${attribute}${descending}`,
        sortRecords(members, (m) => /** @type {any} */ (m)[attribute], descending),
      );
    }
  }
  for (let i = 0; i < count; i++) {
    const exprs = Array.from({ length: rnd.pick([0, 1, 1, 1, 2, 3]) }, () => expression(rnd, members));
    const excluded = rnd.next() < 0.2 ? new Set(members.filter(() => rnd.next() < 0.3).map((m) => m.id)) : undefined;
    const query = { exprs, attribute: rnd.pick(SORT_ATTRIBUTES), descending: rnd.next() < 0.5, excluded };
    const expected = plain(/** @type {any} */ (sorted.get(`${query.attribute}${query.descending}`)), query);
    const found = await store.findMembers(query);
    const what = `${query.attribute} ${query.descending ? 'desc' : 'asc'} ${exprs.map((e) => `${e.op}(${e.attr},${e.value})`).join(':')}${excluded ? ' (scoped)' : ''}`;
    assertSameMatches(rnd, found, expected, what);
    const member = rnd.pick(members);
    const last = (/** @type {(m: any) => boolean} */ test) => members.filter(test).at(-1);
    assert.deepEqual(
      store.member(member.id),
      last((m) => m.id === member.id),
      `member ${member.id}`,
    );
    assert.deepEqual(
      store.memberByEmail(member.email.toUpperCase()),
      last((m) => m.email.toLowerCase() === member.email.toLowerCase()),
      `member by email ${member.email}`,
    );
  }
}

/**
 * A store of the fixtures and `count` random members, a few with an id or a whole record seen before.
 * @param {ReturnType<typeof random>} rnd
 * @param {number} count
 */
function randomStore(rnd, count) {
  const store = new Store();
  const added = Array.from({ length: count }, (_, i) => person(rnd, i));
  store.data.members.push(
    ...added.map((p, i) => ({ id: `id-${rnd.int(count * 4)}-${i}`, ...p, updated_at: p.created_at })),
  );
  // the same id twice (a hand-made data file may have it): ordered by position then
  const twin = store.data.members.at(5);
  store.data.members.push({ ...twin }, { ...store.data.members.at(7), id: twin.id });
  return store;
}

const SEED = Number(process.env.MEMBER_INDEX_SEED ?? 20241124);

describe('members list from the indexes', () => {
  it('answers random queries as the plain evaluation does', async () => {
    const rnd = random(SEED);
    // enough members that large matches are read off the kept orders and small ones sorted by comparing
    const store = randomStore(rnd, 3000);
    await compareQueries(store, rnd, 400);
  });

  it('still does when every time is an instant as the service writes them, and after one that is not', async () => {
    const rnd = random(SEED + 6);
    const store = new Store();
    await store.addMembersBulk(Array.from({ length: 2500 }, (_, i) => person(rnd, i, { instants: true })));
    await compareQueries(store, rnd, 40);
    // a time that differs from an instant by case only is not one: the orders are sorted lower-cased then
    await store.addMembersBulk([
      ...Array.from({ length: 1200 }, (_, i) => person(rnd, i, { instants: true })),
      ...Array.from({ length: 20 }, (_, i) => ({ ...person(rnd, i), created_at: '2024-01-01T00:00:30.000z' })),
    ]);
    await compareQueries(store, rnd, 40);
    // added one by one into orders sorted from the values as they are
    await store.createMember(person(rnd, 0));
    await store.addMembersBulk([
      { ...person(rnd, 1), created_at: '2024-01-01t00:00:30.000z' },
      { ...person(rnd, 2), created_at: '2024-01-01T00:00:30.000' },
    ]);
    await compareQueries(store, rnd, 40);
  });

  it('still does after members are added one by one and in bulk', async () => {
    const rnd = random(SEED + 1);
    const store = randomStore(rnd, 2000);
    await compareQueries(store, rnd, 50);
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 60; i++) await store.createMember(person(rnd, i));
      await compareQueries(store, rnd, 60);
    }
    await store.addMembersBulk(Array.from({ length: 1500 }, (_, i) => person(rnd, i)));
    await compareQueries(store, rnd, 60);
    await store.addMembersBulk(Array.from({ length: 20 }, (_, i) => person(rnd, i)));
    await compareQueries(store, rnd, 60);
  });

  it('still does with members written while the indexes are built in slices', async () => {
    const rnd = random(SEED + 4);
    const store = randomStore(rnd, 10);
    // enough members to be indexed in slices: the build starts now and goes on between the writes below
    await store.addMembersBulk(Array.from({ length: 30_000 }, (_, i) => person(rnd, i)));
    const built = store.indexed();
    const written = [];
    for (let i = 0; i < 20; i++) written.push(await store.createMember(person(rnd, i)));
    for (const member of written) {
      assert.equal(store.member(member.id), member, 'found while the indexes are built');
      assert.equal(store.memberByEmail(member.email.toUpperCase())?.email.toLowerCase(), member.email.toLowerCase());
    }
    await built;
    for (const member of written) assert.equal(store.member(member.id), member, 'found in the indexes');
    await compareQueries(store, rnd, 25);
  });

  it('still does with members read packed from a data file, and members added after', async () => {
    const rnd = random(SEED + 9);
    const dir = await mkdtemp(join(tmpdir(), 'member-index-packed-'));
    try {
      const file = join(dir, 'store.json');
      const first = await Store.open({ dataFile: file });
      // more than a block of members, some of another shape, all written to the snapshot
      await first.addMembersBulk(Array.from({ length: 5000 }, (_, i) => person(rnd, i, { instants: i % 2 === 0 })));
      await first.compact();
      const all = [...first.data.members];
      await first.close();
      const store = await Store.open({ dataFile: file });
      assert.ok([...store.data.members.objects()].length < 50, 'the members read are packed');
      // before the indexes are built, by reading the list
      for (const member of all.filter((_, i) => i % 500 === 7)) {
        assert.deepEqual(store.member(member.id), member);
        const lower = member.email.toLowerCase();
        const last = all.findLast((m) => m.email.toLowerCase() === lower);
        assert.deepEqual(store.memberByEmail(member.email.toUpperCase()), last);
      }
      await compareQueries(store, rnd, 60);
      for (let i = 0; i < 40; i++) await store.createMember(person(rnd, i));
      await compareQueries(store, rnd, 60);
      await store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('still does after writes are undone because the data file could not be written', async () => {
    const rnd = random(SEED + 2);
    const dir = await mkdtemp(join(tmpdir(), 'member-index-'));
    try {
      const store = await Store.open({ dataFile: join(dir, 'store.json') });
      await store.addMembersBulk(Array.from({ length: 2000 }, (_, i) => person(rnd, i)));
      for (let i = 0; i < 30; i++) await store.createMember(person(rnd, i));
      await compareQueries(store, rnd, 40);
      const before = store.data.members.length;
      await rm(dir, { recursive: true, force: true });
      const writes = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => store.createMember(person(rnd, i))));
      assert.ok(writes.every((s) => s.status === 'rejected'));
      assert.equal(store.data.members.length, before);
      await compareQueries(store, rnd, 60);
      await assert.rejects(store.addMembersBulk(Array.from({ length: 1200 }, (_, i) => person(rnd, i))));
      assert.equal(store.data.members.length, before);
      await compareQueries(store, rnd, 60);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Compares every account's memberships in every order with a plain sort of them.
 * @param {Store} store
 */
async function compareMemberships(store) {
  for (const account of store.accounts) {
    const list = store.membershipsOf(account.id);
    /** @param {import('../../server/domain/store.js').MembershipRecord} ms @param {string} attr */
    const get = (ms, attr) =>
      attr === 'name' || attr === 'email'
        ? (store.member(ms.account_member_id)?.[attr] ?? '')
        : /** @type {any} */ (ms)[attr];
    for (const attribute of SORT_ATTRIBUTES) {
      for (const descending of [false, true]) {
        assert.deepEqual(
          (await store.membershipsSorted(account.id, attribute, descending)).map((ms) => ms.id),
          sortRecords(list, (ms) => get(ms, attribute), descending).map((ms) => ms.id),
          `${account.name} by ${attribute}${descending ? ', descending' : ''}`,
        );
      }
    }
    assert.deepEqual(store.memberIdsOf(account.id), new Set(list.map((ms) => ms.account_member_id)));
  }
}

describe('memberships of an account from the kept orders', () => {
  it('sort as a plain sort does, after memberships are made and undone', async () => {
    const rnd = random(SEED + 3);
    const dir = await mkdtemp(join(tmpdir(), 'membership-orders-'));
    try {
      const store = await Store.open({ dataFile: join(dir, 'store.json') });
      await store.addMembersBulk(Array.from({ length: 1500 }, (_, i) => person(rnd, i)));
      const members = store.data.members.slice();
      const join_ = (/** @type {string} */ account) =>
        Promise.allSettled(Array.from({ length: 40 }, () => store.createMembership(account, rnd.pick(members).id)));
      // many members in one account, all sorted once; then more made into each order kept
      for (let i = 0; i < 8; i++) await join_(ACCOUNTS.empty.id);
      await compareMemberships(store);
      for (const account of Object.values(ACCOUNTS)) await join_(account.id);
      await compareMemberships(store);
      // a membership naming a member that does not exist sorts by an empty name and address
      await store.createMembership(ACCOUNTS.empty.id, '00000000-0000-4000-8000-000000000000');
      await compareMemberships(store);

      await rm(dir, { recursive: true, force: true });
      const failed = await join_(ACCOUNTS.analytical.id);
      assert.ok(failed.every((s) => s.status === 'rejected'));
      await compareMemberships(store);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the names' runs of three characters", () => {
  it("give every row that contains a text, and each row's text, as rows are added, packed and taken out", () => {
    const rnd = random(SEED + 5);
    /** @type {string[]} */
    const texts = Array.from({ length: 500 }, (_, i) => person(rnd, i).name.toLowerCase());
    const starts = Uint32Array.from({ length: texts.length + 1 }, (_, row) =>
      texts.slice(0, row).reduce((length, text) => length + text.length, 0),
    );
    const index = atOnce(TextIndex.build(texts.length, (row) => texts[row], new TextKeys(texts.join(''), starts)));
    const check = () => {
      texts.forEach((text, row) => assert.equal(index.text(row), text, `row ${row}`));
      for (let i = 0; i < 40; i++) {
        const source = rnd.pick(texts);
        const start = rnd.int(source.length);
        const needle = source.slice(start, start + 3 + rnd.int(6));
        const rows = new Set(Array.from(index.candidates([needle]) ?? texts.keys()));
        texts.forEach((text, row) => {
          if (text.includes(needle)) assert.ok(rows.has(row), `row ${row} "${text}" contains "${needle}"`);
        });
      }
    };
    check();
    // enough rows to be packed in with the rest more than once, some taken out after their packing
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 400; i++) {
        texts.push(person(rnd, i).name.toLowerCase());
        index.add(texts.length - 1);
      }
      for (let i = 0; i < 150; i++) {
        index.remove(texts.length - 1);
        texts.pop();
      }
      check();
    }
  });
});

describe('one kept order', () => {
  it('puts any rows in its order by their labels, as rows are put in between the same two again and again', () => {
    const rnd = random(SEED + 8);
    // keys with ties, and new keys that keep landing between the same two neighbours (halving their gap)
    /** @type {string[]} */
    const keys = Array.from({ length: 300 }, () => rnd.pick(['b', 'c', 'd', 'e']) + rnd.pick(['', '1', '2']));
    const ids = keys.map(() => `id-${rnd.int(50)}`);
    const order = atOnce(
      SortedRows.build(
        keys.length,
        (row) => keys[row],
        (row) => ids[row],
        new ListKeys(keys.slice()),
      ),
    );
    const check = () => {
      for (const descending of [false, true]) {
        /** @type {number[]} */
        const walked = [];
        order.walk(descending, (row) => void walked.push(row));
        for (let i = 0; i < 20; i++) {
          const some = new Set(walked.filter(() => rnd.next() < 0.3));
          const shuffled = [...some].sort(() => rnd.next() - 0.5);
          assert.deepEqual(
            order.sort(shuffled, descending),
            walked.filter((row) => some.has(row)),
            `${descending}`,
          );
        }
      }
    };
    check();
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 60; i++) {
        // between "c" and "c1": ever longer runs of "c0…" (each a new key just above the last), and ties
        keys.push(rnd.next() < 0.2 ? 'c' : `c${'0'.repeat(round * 60 + i + 1)}`);
        ids.push(`id-${rnd.int(50)}`);
        order.insert(keys.length - 1);
      }
      check();
      for (let i = 0; i < 20; i++) {
        order.remove(keys.length - 1);
        keys.pop();
        ids.pop();
      }
      check();
    }
  });
});

describe('sorting in steps', () => {
  it('rows that all have one key (members added at one time) have their tie keys read a few thousand a step', () => {
    const count = 50_000;
    const rnd = random(SEED + 9);
    const ties = Array.from({ length: count }, () => `id-${rnd.int(count * 4)}`);
    const rows = new Uint32Array(count).map((_, row) => row);
    let read = 0;
    const work = sortRows(rows, new ListKeys(new Array(count).fill('2025-01-01T00:00:00.000Z')), (row) => {
      read += 1;
      return ties[row];
    });
    let most = 0;
    for (let step = work.next(); ; step = work.next()) {
      most = Math.max(most, read);
      read = 0;
      if (step.done) break;
    }
    assert.ok(most <= 8192, `${most} tie keys read in one step`);
    const expected = [...rows].sort((a, b) => (ties[a] < ties[b] ? -1 : ties[a] > ties[b] ? 1 : a - b));
    assert.deepEqual([...rows], expected);
  });
});

describe('rows by id', () => {
  it('finds every row by its id as rows are set, grown into, replaced and deleted', () => {
    const rnd = random(SEED + 7);
    // few distinct ids for many rows: long runs of neighbouring slots, replaced ids, deletions inside runs
    const ids = Array.from({ length: 40_000 }, () => `id-${rnd.int(20_000)}`);
    const table = new IdTable((row) => ids[row]);
    /** @type {Map<string, number>} */
    const expected = new Map();
    ids.forEach((id, row) => {
      table.set(row);
      expected.set(id, row);
      if (rnd.next() < 0.5) {
        const gone = ids[rnd.int(row + 1)];
        table.delete(gone);
        expected.delete(gone);
      }
    });
    for (let n = 0; n < 20_000; n++) assert.equal(table.get(`id-${n}`), expected.get(`id-${n}`) ?? -1, `id-${n}`);
  });
});
