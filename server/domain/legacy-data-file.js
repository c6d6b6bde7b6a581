/**
 * The data file of version 0.1.0 (`--data FILE`: a JSON snapshot with its journals `FILE.journal.<n>`), imported
 * once into the database that takes its place. It is read and checked as that version read it (./data-file.js:
 * a damaged record or journal line refused naming its file and line, or dropped and said with `repair`), and
 * checked further for what the database's constraints refuse: a record id held twice, a membership naming an
 * account or member that is not there, or one repeated. The old files stay beside as a backup, `FILE.0.1.0` and
 * its journals `FILE.0.1.0.journal.<n>`: nothing is lost.
 */
import { closeSync, existsSync, openSync, readdirSync, readSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DataFile, StoreFileError } from './data-file.js';

/** The first bytes of every SQLite database. */
const SQLITE_HEADER = 'SQLite format 3\0';

/** The suffix of the old files kept as a backup. */
export const BACKUP_SUFFIX = '.0.1.0';

/** The lists of records whose ids the database keeps unique. */
const LISTS = /** @type {const} */ (['accounts', 'members', 'memberships', 'profiles', 'catalogs']);

/**
 * Whether FILE is a data file of version 0.1.0 (or what the import refuses, naming it: a file that is no
 * SQLite database, empty or not; a journal without its data file), rather than a database or nothing yet.
 * @param {string} file
 */
export function isLegacyDataFile(file) {
  if (!existsSync(file)) return journalsOf(file).length > 0;
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, 'r');
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    return head.toString('latin1', 0, read) !== SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/**
 * Imports FILE: reads it and its journals, has `write` write their store to a new database, keeps the old files
 * as the backup, and puts the database in FILE's place.
 * @param {string} file
 * @param {{ fixtures: import('./store.js').StoreData, repair: boolean, log: (message: string) => void,
 *   write: (file: string, data: import('./store.js').StoreData) => void }} options
 */
export function importLegacyDataFile(file, { fixtures, repair, log, write }) {
  const data = readLegacy(file, fixtures, repair, log);
  const drop = (/** @type {string} */ problem) => {
    if (!repair) throw new StoreFileError(`The data file ${file} cannot be imported: ${problem}`);
    log(`dropped from ${file} while importing it: ${problem}`);
  };
  for (const list of LISTS) {
    const seen = new Set();
    /** @type {any} */ (data)[list] = /** @type {Array<{ id: string }>} */ (data[list]).filter((record) => {
      if (!seen.has(record.id)) return seen.add(record.id);
      drop(`its ${list} hold the id ${record.id} twice (the later record)`);
      return false;
    });
  }
  data.memberships = data.memberships.filter(membershipCheck(data, drop));
  const importing = `${file}.importing`;
  removeDatabase(importing);
  write(importing, data);
  renameSync(file, `${file}${BACKUP_SUFFIX}`);
  for (const name of journalsOf(file)) {
    const backup = `${basename(file)}${BACKUP_SUFFIX}${name.slice(basename(file).length)}`;
    renameSync(join(dirname(file), name), join(dirname(file), backup));
  }
  renameSync(importing, file);
  log(
    `imported the data file ${file} of version 0.1.0 into a database; the old file is kept as ${file}${BACKUP_SUFFIX}`,
  );
}

/**
 * The names of FILE's journals (and of what it leaves when it is repaired) in its folder.
 * @param {string} file
 */
function journalsOf(file) {
  const prefix = `${basename(file)}.journal.`;
  return readdirSync(dirname(file)).filter((name) => name.startsWith(prefix));
}

/**
 * The store FILE and its journals hold, as version 0.1.0 read it.
 * @param {string} file
 * @param {import('./store.js').StoreData} fixtures
 * @param {boolean} repair
 * @param {(message: string) => void} log
 * @returns {import('./store.js').StoreData}
 */
function readLegacy(file, fixtures, repair, log) {
  const loaded = DataFile.load(file, { repair, log });
  /** @type {import('./store.js').StoreData} */
  let data = structuredClone(fixtures);
  if (loaded.data) {
    // journal_seq says where the journal continues the snapshot; it is not part of the store
    const { journal_seq: _seq, ...saved } = /** @type {any} */ (loaded.data);
    // fields a store of an older version lacks (redirect_uris, clients, idp_users) come from the fixtures
    data = { ...data, ...saved };
  }
  for (const change of loaded.entries) {
    try {
      data = applied(data, /** @type {any} */ (change), fixtures);
    } catch (error) {
      loaded.dataFile.damaged(change, /** @type {Error} */ (error).message);
    }
  }
  return data;
}

/**
 * A test of each membership: it names an account and a member that are there, and is the only one of its pair.
 * @param {import('./store.js').StoreData} data
 * @param {(problem: string) => void} drop
 */
function membershipCheck(data, drop) {
  const accounts = new Set(data.accounts.map((a) => a.id));
  const members = new Set(data.members.map((m) => m.id));
  const pairs = new Set();
  return (/** @type {import('./store.js').MembershipRecord} */ ms) => {
    const pair = `${ms.account_id} ${ms.account_member_id}`;
    const problem = !accounts.has(ms.account_id)
      ? `the membership ${ms.id} names the account ${ms.account_id}, which is not there`
      : !members.has(ms.account_member_id)
        ? `the membership ${ms.id} names the member ${ms.account_member_id}, who is not there`
        : pairs.has(pair)
          ? `the membership ${ms.id} repeats the member ${ms.account_member_id} in the account ${ms.account_id}`
          : null;
    pairs.add(pair);
    if (problem) drop(problem);
    return !problem;
  };
}

/**
 * The store after one change of a 0.1.0 journal.
 * @param {import('./store.js').StoreData} data
 * @param {{ op: string, [field: string]: any }} change
 * @param {import('./store.js').StoreData} fixtures
 * @returns {import('./store.js').StoreData}
 */
function applied(data, change, fixtures) {
  switch (change.op) {
    case 'member':
      data.members.push(change.record);
      return data;
    case 'members':
      data.members.push(...change.records);
      return data;
    case 'membership':
      data.memberships.push(change.record);
      return data;
    case 'profile':
      data.profiles.push(change.record);
      return data;
    case 'release': {
      const catalog = data.catalogs.find((c) => c.id === change.catalog_id);
      if (!catalog) throw new Error(`A release names the unknown catalog ${change.catalog_id}`);
      catalog.releases = [...catalog.releases, change.release].slice(-3);
      catalog.updated_at = change.release.published_at;
      return data;
    }
    case 'secret':
      return { ...data, signing_secret: change.value };
    case 'reset':
      return { ...structuredClone(fixtures), signing_secret: data.signing_secret };
    default:
      throw new Error(`Unknown change ${JSON.stringify(change.op)}`);
  }
}

/**
 * Removes a database file and the files SQLite keeps beside it (a half-made import of a process that died).
 * @param {string} file
 */
function removeDatabase(file) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}
