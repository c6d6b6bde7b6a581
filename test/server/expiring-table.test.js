import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { ExpiringTable } from '../../server/domain/expiring-table.js';

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
});
