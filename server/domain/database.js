/**
 * The store's SQLite database (node:sqlite): opening it, refusing a file that is not one of ours, its schema and
 * the two functions its indexes are made of. Lists sort and match as the rest of the service does: on the
 * value lower-cased by JavaScript (SQLite's NOCASE folds ASCII only), compared by UTF-16 code units.
 */
import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Why a file could not be written, by the system's error code. */
const WRITE_FAILURES = /** @type {Record<string, string>} */ ({
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'the service may not write there',
  EPERM: 'the service may not write there',
  ENOENT: 'its folder is gone',
  EIO: 'the device failed',
});

/** @param {unknown} error */
export const writeFailure = (error) =>
  WRITE_FAILURES[/** @type {NodeJS.ErrnoException} */ (error)?.code ?? ''] ?? 'the system refused the write';

/** Marks a database as this service's ('SFRS'): another program's file is refused, never changed. */
const APPLICATION_ID = 0x53465253;

/** The database holds the token signing secret and client secrets: readable by its owner only. */
const PRIVATE = 0o600;

/**
 * The pages the store's connection keeps in memory itself; the rest come from the system's file cache. At a
 * million members 64 MB answered no faster than 32 or 40 MB in the benchmark's runs, and held the service's RSS
 * 25-40 MB higher; 8 MB made the count of an account's 100,000 memberships slower (12 -> 17 ms a page).
 */
const CACHE_MIB = 32;

/** The schema's version; a database of a later version is refused. */
export const SCHEMA_VERSION = 1;

/** A database file the service cannot use, named in the message. */
export class DatabaseFileError extends Error {
  name = 'DatabaseFileError';
}

/**
 * A value lower-cased as lists compare it.
 * @param {unknown} value
 */
export const fold = (value) => String(value ?? '').toLowerCase();

/** UTF-16 code units that SQLite's text order (UTF-8 bytes, code points) puts elsewhere than JavaScript does. */
const OUT_OF_ORDER = /[\ud800-\uffff]/;

/**
 * A value as lists sort it: lower-cased, as a text whose order in SQLite (its bytes in UTF-8, which compare as
 * code points do) is JavaScript's (UTF-16 code units). Below U+D800 a code unit is its own code point; from
 * U+D800 on (surrogates, U+E000-U+FFFF), each code unit becomes the code point 0x800 above it, so that a
 * surrogate pair sorts before U+E000-U+FFFF as in JavaScript. A text rather than UTF-16 bytes: made without a
 * buffer, and read without one (a sort of 977 matches by this key took 2.5 ms with bytes, 1.7 ms so).
 * @param {unknown} value
 */
export function sortKey(value) {
  const folded = fold(value);
  if (!OUT_OF_ORDER.test(folded)) return folded;
  let key = '';
  for (let i = 0; i < folded.length; i++) {
    const unit = folded.charCodeAt(i);
    key += unit < 0xd800 ? folded[i] : String.fromCodePoint(unit + 0x800);
  }
  return key;
}

/**
 * A sort key at or before the key of `least` (lower-cased) and of every text after it, in SQLite's order of texts
 * or in JavaScript's: `least` up to its first code unit that SQLite puts elsewhere than JavaScript. A text after it
 * either starts with that part, or differs from it at a code unit the key keeps as it is, and is greater there.
 * Holding no such code unit, two of these keys compare alike in JavaScript and in SQLite.
 * @param {string} least
 */
export function keyAtOrBefore(least) {
  const outOfOrder = least.search(OUT_OF_ORDER);
  return outOfOrder < 0 ? least : least.slice(0, outOfOrder);
}

/** A code point after every one a sort key holds: a text's key followed by it ends the keys the text starts. */
export const AFTER_EVERY_KEY = '\u{10ffff}';

/** The attributes lists sort on. */
export const SORT_ATTRIBUTES = ['created_at', 'email', 'id', 'name', 'updated_at'];

/**
 * The columns of the members' index of an order: the sort key and the id, and for the name and email orders
 * the two filtered texts.
 * @param {string} name
 */
const memberOrder = (name) =>
  `sort_key(${name}), id${name === 'name' || name === 'email' ? ', name_folded, email_folded' : ''}`;

/**
 * The memberships' index of an order: an account's, by the sort key kept beside each, ties by id.
 * @param {string} name
 */
const membershipOrder = (name) => `memberships_by_${name}_order ON memberships (account_id, ${name}_key, id)`;

/**
 * Every record of the store. Members keep their lower-cased name and email beside them: the substring
 * index (FTS5, trigrams) reads them, and a filter no index narrows tests them without calling back into
 * JavaScript for each row.
 */
const SCHEMA = `
CREATE TABLE store_values (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE accounts (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, legal_name TEXT, parent_id TEXT,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, position INTEGER NOT NULL
) STRICT;
CREATE TABLE members (
  row INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, email TEXT NOT NULL,
  name_folded TEXT NOT NULL, email_folded TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
) STRICT;
-- by address; also the narrowest copy of the two filtered texts, read whole where no index narrows a filter
CREATE INDEX members_by_email ON members (email_folded, name_folded);
-- each order; those of the two filtered texts carry them, so that a filter on the same text (a prefix, say, whose
-- matches all stand together in that order) is tested on the index alone, without reading each member
${SORT_ATTRIBUTES.map((name) => `CREATE INDEX members_by_${name}_order ON members (${memberOrder(name)});`).join('\n')}
-- the lists' default order, newest first with ties by id, read off an index of its own
CREATE INDEX members_by_created_at_newest ON members (sort_key(created_at) DESC, id);
CREATE VIRTUAL TABLE member_text USING fts5 (
  name_folded, email_folded, content = 'members', content_rowid = 'row', tokenize = 'trigram case_sensitive 1'
);
CREATE TRIGGER members_text AFTER INSERT ON members BEGIN
  INSERT INTO member_text (rowid, name_folded, email_folded) VALUES (new.row, new.name_folded, new.email_folded);
END;
CREATE TRIGGER members_text_gone AFTER DELETE ON members BEGIN
  INSERT INTO member_text (member_text, rowid, name_folded, email_folded)
    VALUES ('delete', old.row, old.name_folded, old.email_folded);
END;
CREATE TABLE memberships (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts (id),
  account_member_id TEXT NOT NULL REFERENCES members (id),
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
  ${SORT_ATTRIBUTES.map((name) => `${name}_key TEXT`).join(', ')},
  UNIQUE (account_id, account_member_id)
) STRICT;
CREATE INDEX memberships_of_member ON memberships (account_member_id);
-- an account's memberships in each order; name and email are their member's
${SORT_ATTRIBUTES.map((name) => `CREATE INDEX ${membershipOrder(name)};`).join('\n')}
CREATE INDEX memberships_by_created_at_newest ON memberships (account_id, created_at_key DESC, id);
CREATE TRIGGER members_renamed AFTER UPDATE OF name, email ON members BEGIN
  UPDATE memberships SET name_key = sort_key(new.name), email_key = sort_key(new.email)
    WHERE account_member_id = new.id;
END;
CREATE TABLE profiles (
  id TEXT PRIMARY KEY, realm_id TEXT NOT NULL, record TEXT NOT NULL, position INTEGER NOT NULL
) STRICT;
CREATE TABLE catalogs (id TEXT PRIMARY KEY, record TEXT NOT NULL, position INTEGER NOT NULL) STRICT;
CREATE TABLE releases (
  id TEXT PRIMARY KEY, catalog_id TEXT NOT NULL REFERENCES catalogs (id), is_full_publish INTEGER NOT NULL,
  is_full_delta INTEGER NOT NULL, published_at TEXT NOT NULL
) STRICT;
CREATE INDEX releases_of_catalog ON releases (catalog_id, published_at);
`;

/**
 * Opens the database at `file` (created when it does not exist; `:memory:` for a store without a file),
 * or refuses it, naming it: another program's database, one of a later version, a file that is no database.
 * @param {string} file
 * @param {{ fsync?: boolean, cacheMib?: number, log?: (message: string) => void }} [options] `fsync`: each
 *   transaction on the disk before it is answered (`synchronous=FULL`); otherwise WAL's own guarantee, which a
 *   crash of the service never breaks. `cacheMib`: the pages kept in memory (default {@link CACHE_MIB})
 */
export function openDatabase(file, { fsync = false, cacheMib = CACHE_MIB, log = () => {} } = {}) {
  const refuse = (/** @type {string} */ why) => new DatabaseFileError(`${file} cannot be used as the store: ${why}`);
  /** @type {DatabaseSync | undefined} */
  let db;
  try {
    if (file !== ':memory:') keepPrivate(file, log);
    db = new DatabaseSync(file);
    db.function('sort_key', { deterministic: true }, sortKey);
    const applicationId = /** @type {{ application_id: number }} */ (db.prepare('PRAGMA application_id').get());
    const version = /** @type {{ user_version: number }} */ (db.prepare('PRAGMA user_version').get());
    const tables = /** @type {{ n: number }} */ (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get());
    if (applicationId.application_id === 0 && tables.n === 0) {
      try {
        db.exec(`PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${SCHEMA_VERSION};`);
        db.exec(`BEGIN; ${SCHEMA} COMMIT;`);
      } catch (error) {
        const reason = /** @type {Error} */ (error).message.includes('full') ? 'the disk is full' : String(error);
        throw new DatabaseFileError(`The data file ${file} could not be written at start (${reason})`);
      }
    } else if (applicationId.application_id !== APPLICATION_ID) {
      throw refuse("it is another program's database");
    } else if (version.user_version > SCHEMA_VERSION) {
      throw refuse(`its schema is of version ${version.user_version}, later than this service's ${SCHEMA_VERSION}`);
    }
    db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${fsync ? 'FULL' : 'NORMAL'}; PRAGMA foreign_keys = ON;`);
    db.exec(`PRAGMA cache_size = -${cacheMib * 1024}`);
  } catch (error) {
    db?.close();
    if (error instanceof DatabaseFileError) throw error;
    throw refuse(/** @type {Error} */ (error).message);
  }
  return /** @type {DatabaseSync} */ (db);
}

/**
 * Makes FILE private: created so when it is new (SQLite gives the files it keeps beside it, the WAL among them,
 * the database's mode), made so when it is readable by others.
 * @param {string} file
 * @param {(message: string) => void} log
 */
function keepPrivate(file, log) {
  if (!existsSync(file)) {
    try {
      closeSync(openSync(file, 'a', PRIVATE));
    } catch (error) {
      throw new DatabaseFileError(
        `The service cannot write in the folder ${dirname(file)} of the data file ${file} (${writeFailure(error)}); ` +
          'it keeps its database there. Choose a folder it can write, or make this one writable.',
      );
    }
  } else if (statSync(file).mode & 0o077) {
    chmodSync(file, PRIVATE);
    log(`made ${file} readable by its owner only (mode 0600); it holds secrets`);
  }
}
