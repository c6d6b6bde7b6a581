/**
 * The store's members packed as a data file is read give back every record as it was, field by field and
 * whole, beside records of another shape (kept as they are) and members added later; their sort keys read
 * where they are packed sort as the values do.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemberList } from '../../server/domain/member-list.js';
import { ListKeys, sortRows } from '../../server/domain/string-sort.js';
import { atOnce } from '../../server/domain/time-slices.js';
import { random } from '../support/random.js';

const FIELDS = ['id', 'name', 'email', 'created_at', 'updated_at'];

/**
 * A member, now and then of another shape or with an update time of its own.
 * @param {ReturnType<typeof random>} rnd
 * @param {number} n
 */
function member(rnd, n) {
  const at = new Date(Date.UTC(2024, 0, 1) + rnd.int(100_000) * 1000).toISOString();
  const record = {
    id: `id-${n}`,
    name: rnd.pick(['Ada Lovelace', 'ΣΟΦΙΑ', 'İnci', '😀', '', 'grace']),
    email: `${rnd.pick(['ada', 'Ada'])}${n}@example.com`,
    created_at: at,
    updated_at: rnd.next() < 0.8 ? at : rnd.pick([new Date(Date.UTC(2025, 0, 1)).toISOString(), 'later']),
  };
  const odd = rnd.next();
  if (odd < 0.02) return { ...record, extra: { kept: true } };
  if (odd < 0.03) return { ...record, name: 42 };
  if (odd < 0.04) return { id: record.id, name: record.name };
  return record;
}

describe('the members packed', () => {
  it('give back every record, field by field and whole, packed, kept as objects and added later', () => {
    const rnd = random(20251127);
    // more than one block of rows, the last one partial
    const records = Array.from({ length: 9000 }, (_, n) => member(rnd, n));
    const list = MemberList.loading();
    for (const record of records) list.push(structuredClone(record));
    list.loaded();
    const added = Array.from({ length: 30 }, (_, n) => member(rnd, 9000 + n));
    list.push(...added);
    const all = [...records, ...added];
    assert.equal(list.length, all.length);
    assert.deepEqual(list.slice(), all);
    all.forEach((record, row) => {
      for (const field of FIELDS)
        assert.equal(list.field(row, field), /** @type {any} */ (record)[field], `${row}.${field}`);
    });
    // those added are the very objects; so are those of another shape
    assert.equal(list.at(9000), added[0]);
    const extra = all.findIndex((r) => 'extra' in r);
    assert.deepEqual(list.at(extra), all[extra]);
    assert.ok([...list.objects()].some(([row]) => row === extra));
    assert.ok(![...list.objects()].some(([row]) => row === 0 && !('extra' in all[0])));

    // a snapshot keeps what it saw; an undone write takes back members added since start only
    const frozen = list.frozen();
    list.truncate(9010);
    assert.equal(frozen.length, all.length);
    assert.deepEqual(frozen.slice(9000), added);
    assert.deepEqual(list.slice(), all.slice(0, 9010));
    assert.throws(() => list.truncate(10), RangeError);
    // a repair drops a record from the middle
    assert.deepEqual(list.splice(5, 1), [all[5]]);
    assert.deepEqual(list.slice(), [...all.slice(0, 5), ...all.slice(6, 9010)]);
  });

  it('give sort keys where they are packed that sort as the values do, when no value needs lower-casing', () => {
    const rnd = random(20251128);
    const records = Array.from({ length: 5000 }, () => {
      const at = new Date(Date.UTC(2024, 0, 1) + rnd.int(50) * 1000).toISOString();
      return { id: `id-${rnd.int(10_000)}`, name: 'x', email: `a${rnd.int(300)}@x`, created_at: at, updated_at: at };
    });
    const list = MemberList.loading();
    list.push(...records.map((r) => ({ ...r })));
    list.loaded();
    list.push({ ...records[3], id: 'id-late' });
    const all = [...records, { ...records[3], id: 'id-late' }];
    for (const field of ['id', 'email', 'created_at', 'updated_at']) {
      const keys = atOnce(list.keysAsTheyAre(field));
      assert.ok(keys, field);
      const rows = Uint32Array.from(all.keys());
      const equal = atOnce(sortRows(rows, keys, (row) => all[row].id));
      const expected = Uint32Array.from(all.keys());
      const values = all.map((r) => /** @type {any} */ (r)[field]);
      atOnce(sortRows(expected, new ListKeys(values), (row) => all[row].id));
      assert.deepEqual(rows, expected, field);
      rows.forEach((row, i) => assert.equal(equal[i], i > 0 && values[row] === values[rows[i - 1]] ? 1 : 0));
    }
    // an upper-case address needs lower-casing; so does a time that is not an instant once added
    list.push({ ...records[0], id: 'id-upper', email: 'A@X' });
    assert.equal(atOnce(list.keysAsTheyAre('email')), null);
    list.push({ ...records[0], id: 'id-odd', created_at: 'Soon', updated_at: 'Soon' });
    assert.equal(atOnce(list.keysAsTheyAre('created_at')), null);
    assert.equal(atOnce(list.keysAsTheyAre('name')), null);
  });

  it('check the values of members added since start a few thousand a step', () => {
    let read = 0;
    const list = new MemberList();
    for (let i = 0; i < 20_000; i++) {
      const at = '2025-01-01T00:00:00.000Z';
      const record = { id: `id-${i}`, name: 'x', created_at: at, updated_at: at };
      list.push(Object.defineProperty(record, 'email', { enumerable: true, get: () => (read++, `a${i}@x`) }));
    }
    const work = list.keysAsTheyAre('email');
    let most = 0;
    let step = work.next();
    for (; !step.done; step = work.next()) {
      most = Math.max(most, read);
      read = 0;
    }
    most = Math.max(most, read);
    assert.ok(step.value, 'every address is lower-case already');
    assert.ok(most <= 4096, `${most} values checked in one step`);
  });
});
