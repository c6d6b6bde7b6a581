// The store's database file: made with its schema when new, used again, and refused at start, naming it, when it is
// another program's database, of a later schema, or no database at all; refused without being changed.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { DatabaseFileError, openDatabase, SCHEMA_VERSION } from '../../server/domain/database.js';

const folder = mkdtempSync(join(tmpdir(), 'storefront-database-'));
after(() => rmSync(folder, { recursive: true, force: true }));

describe('the database file', () => {
  it('is made with the schema when new, in WAL mode, and opened again as it is', () => {
    const file = join(folder, 'new.db');
    const db = openDatabase(file);
    assert.equal(/** @type {any} */ (db.prepare('PRAGMA journal_mode').get()).journal_mode, 'wal');
    assert.equal(/** @type {any} */ (db.prepare('PRAGMA user_version').get()).user_version, SCHEMA_VERSION);
    db.prepare("INSERT INTO store_values (name, value) VALUES ('kept', '1')").run();
    db.close();
    const again = openDatabase(file, { fsync: true });
    assert.equal(/** @type {any} */ (again.prepare('PRAGMA synchronous').get()).synchronous, 2, 'FULL');
    assert.deepEqual({ ...again.prepare('SELECT value FROM store_values').get() }, { value: '1' });
    again.close();
  });

  for (const [what, make, expected] of /** @type {const} */ ([
    [
      "another program's database",
      (/** @type {string} */ file) => {
        const other = new DatabaseSync(file);
        other.exec('CREATE TABLE notes (text TEXT)');
        other.close();
      },
      /another program's database/,
    ],
    [
      'a database of a later schema',
      (/** @type {string} */ file) => {
        openDatabase(file).close();
        const later = new DatabaseSync(file);
        later.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
        later.close();
      },
      /schema is of version 2, later than this service's 1/,
    ],
    [
      'a file that is no database',
      (/** @type {string} */ file) => writeFileSync(file, 'x'.repeat(4096)),
      /file is not a database/,
    ],
  ])) {
    it(`refuses ${what}, naming the file, and leaves it as it was`, () => {
      const file = join(folder, `${what.replaceAll(/\W/g, '-')}.db`);
      make(file);
      const before = readFileSync(file);
      assert.throws(
        () => openDatabase(file),
        (/** @type {unknown} */ error) =>
          error instanceof DatabaseFileError && error.message.includes(file) && expected.test(error.message),
      );
      assert.deepEqual(readFileSync(file), before);
    });
  }
});
