import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { ExpiringTable } from '../../server/idp/expiring-table.js';

const later = () => Date.now() + 60_000;

describe('ExpiringTable', () => {
  it('when full, takes the oldest entry of the owner holding the most, never another owner', () => {
    const table = new ExpiringTable({ max: 4 });
    table.set('victim', 1, later(), { address: 'a' });
    for (let i = 0; i < 20; i++) table.set(`flood${i}`, i, later(), { address: 'b' });
    assert.equal(table.size, 4);
    assert.equal(table.get('victim'), 1);
    assert.deepEqual(
      ['flood16', 'flood17', 'flood18', 'flood19'].map((k) => table.get(k)),
      [undefined, 17, 18, 19],
    );
  });

  it('keeps each owner within its own bound, dropping its oldest', () => {
    const table = new ExpiringTable({ max: 100, perOwner: { browser: 2 } });
    table.set('x1', 1, later(), { browser: 'x' });
    table.set('y1', 1, later(), { browser: 'y' });
    table.set('x2', 2, later(), { browser: 'x' });
    table.set('x3', 3, later(), { browser: 'x' });
    assert.equal(table.get('x1'), undefined);
    assert.deepEqual([table.get('x2'), table.get('x3'), table.get('y1')], [2, 3, 1]);
  });

  it('never returns an expired entry; sweep() frees them all and tells onDelete', () => {
    /** @type {string[]} */
    const deleted = [];
    const table = new ExpiringTable({ max: 10, onDelete: (key) => deleted.push(key) });
    const now = Date.now();
    table.set('short', 1, now + 1000);
    table.set('long', 2, now + 10_000);
    mock.method(Date, 'now', () => now + 5000);
    try {
      assert.equal(table.get('short'), undefined);
      table.set('other', 3, now + 4000);
      assert.equal(table.sweep(), 1);
      assert.deepEqual(deleted, ['short', 'other']);
      assert.equal(table.size, 1);
      assert.equal(table.get('long'), 2);
    } finally {
      mock.restoreAll();
    }
  });

  it('treats a replaced entry as new and reports who owns an entry', () => {
    const table = new ExpiringTable({ max: 2 });
    table.set('a', 1, later(), { address: 'p', browser: 'q' });
    table.set('b', 2, later(), { address: 'p' });
    table.set('a', 3, later(), { address: 'p', browser: 'r' });
    table.set('c', 4, later(), { address: 'p' });
    assert.equal(table.get('b'), undefined, 'b was the oldest once a was replaced');
    assert.deepEqual(table.ownersOf('a'), { address: 'p', browser: 'r' });
  });

  it('finds the owner holding the most as owners grow and shrink, without looking at the others', () => {
    const table = new ExpiringTable({ max: 5 });
    for (const key of ['a1', 'a2', 'a3']) table.set(key, 1, later(), { address: 'a' });
    for (const key of ['b1', 'b2']) table.set(key, 1, later(), { address: 'b' });
    table.delete('a1');
    table.delete('a2');
    // a holds one now, b two, then c two: the full table takes from b, which held two first
    table.set('c1', 1, later(), { address: 'c' });
    table.set('c2', 1, later(), { address: 'c' });
    table.set('d1', 1, later(), { address: 'd' });
    assert.equal(table.get('b1'), undefined);
    assert.deepEqual(
      ['a3', 'b2', 'c1', 'c2', 'd1'].map((k) => table.get(k)),
      [1, 1, 1, 1, 1],
    );
  });

  it('says when a browser new at a full address is to wait, and lets one that holds entries there go on', () => {
    const table = new ExpiringTable({ max: 100, ownFirst: 'browser' });
    const expires = later();
    table.set('x1', 1, expires, { address: 'shared', browser: 'x' });
    table.set('y1', 1, later(), { address: 'shared', browser: 'y' });
    assert.equal(table.fullFor({ address: 'shared', browser: 'z' }, 3), 0, 'under the bound');
    assert.equal(table.fullFor({ address: 'shared', browser: 'z' }, 2), expires, 'until the oldest there expires');
    assert.equal(table.fullFor({ address: 'shared', browser: 'x' }, 2), 0, 'x gives up its own');
    assert.equal(table.fullFor({ address: 'elsewhere', browser: 'z' }, 2), 0);
  });

  it("when full, takes the new entry's own oldest at its own address before another's", () => {
    const table = new ExpiringTable({ max: 3, ownFirst: 'browser' });
    table.set('victim', 1, later(), { address: 'shared', browser: 'v' });
    table.set('mine1', 1, later(), { address: 'shared', browser: 'm' });
    table.set('mine2', 1, later(), { address: 'shared', browser: 'm' });
    table.set('mine3', 1, later(), { address: 'shared', browser: 'm' });
    assert.equal(table.get('victim'), 1);
    assert.deepEqual(
      ['mine1', 'mine2', 'mine3'].map((k) => table.get(k)),
      [undefined, 1, 1],
    );
  });
});
