/**
 * The data file of version 0.1.0 (`--data FILE`): a JSON snapshot of the store, one record a line, and journals
 * `FILE.journal.<n>` of the changes since, one JSON line each, numbered on from the snapshot's `journal_seq`. It is
 * imported once into a database that takes FILE's place, and kept as a backup (`FILE.0.1.0`, its journals beside).
 * A damaged record or line, or one the database's constraints refuse (an id held twice, a membership naming nothing
 * or repeated), is refused naming its file and line, or with `repair` dropped and said.
 */
import { existsSync, openAsBlob, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { shortened } from './errors.js';

/** A data file the service refuses to start with; the message says which file and what is wrong. */
export class StoreFileError extends Error {
  name = 'StoreFileError';
}

/**
 * @typedef {import('./store.js').StoreData} StoreData
 * @typedef {{ file: string, line: number, text?: string }} Place where a damaged line is, and what it holds
 * @typedef {(place: Place, problem: string, kept?: boolean) => void} Found what is done with a damaged line
 * @typedef {(list: string, record: any, error: Error) => void} Refused hears of a record the database refused
 */

/** What a value must be, as a message says it, and the test of it. */
const MUST = /** @type {Record<string, (value: unknown) => boolean>} */ ({
  'be a string': (value) => typeof value === 'string',
  'be a string or null': (value) => value === null || typeof value === 'string',
  'be a boolean': (value) => typeof value === 'boolean',
  'be a number': (value) => typeof value === 'number',
  'not be empty': (value) => typeof value === 'string' && value !== '',
});

// What the service relies on in a store (records may hold more). A shape is what a value must be (a word of
// MUST), `[shape]`: a list of that, or `{ field: shape }`: an object with those fields.
const S = 'be a string';
const STAMPS = { created_at: S, updated_at: S };
const MEMBER = { id: S, name: S, email: S, ...STAMPS };
const MEMBERSHIP = { id: S, account_id: S, account_member_id: S, ...STAMPS };
const PROFILE = { id: S, realm_id: S, name: S, discovery_url: 'be a string or null', client_id: S, client_secret: S };
const RELEASE = { id: S, is_full_publish: 'be a boolean', is_full_delta: 'be a boolean', published_at: S };
/** The parts of a store: the first six are in every one, the others may be missing (the fixtures give them). */
const PARTS = /** @type {Record<string, any>} */ ({
  settings: { id: S, realm_id: S, client_id: S },
  profiles: [{ ...PROFILE, ...STAMPS }],
  accounts: [{ id: S, name: S, ...STAMPS }],
  members: [MEMBER],
  memberships: [MEMBERSHIP],
  catalogs: [{ id: S, name: S, account_ids: [S], releases: [RELEASE], ...STAMPS }],
  redirect_uris: [S],
  clients: [{ client_id: S }],
  idp_users: [{ sub: S, email: S, password: S, name: S }],
  // the key of every token the store signed: an empty one is a damaged store, not one to give a new key silently
  signing_secret: 'not be empty',
  journal_seq: 'be a number',
});
const REQUIRED = Object.keys(PARTS).slice(0, 6);
/** What each kind of change of a journal carries, and the list of the store it adds to. */
const CHANGES = /** @type {Record<string, { shape: object, list?: 'members' | 'memberships' | 'profiles' }>} */ ({
  member: { shape: { record: MEMBER }, list: 'members' },
  members: { shape: { records: [MEMBER] }, list: 'members' },
  membership: { shape: { record: MEMBERSHIP }, list: 'memberships' },
  profile: { shape: { record: { ...PROFILE, ...STAMPS } }, list: 'profiles' },
  release: { shape: { catalog_id: S, release: RELEASE } },
  secret: { shape: { value: S } },
  reset: { shape: {} },
});

/**
 * Whether FILE is a data file of 0.1.0 (or what the import refuses, naming it: a file that is no SQLite database,
 * empty or not; journals without their data file), rather than a database or nothing yet.
 * @param {string} file
 */
export async function isLegacyDataFile(file) {
  if (!existsSync(file)) return journalsOf(file).length > 0;
  return (await (await openAsBlob(file)).slice(0, 16).text()) !== 'SQLite format 3\0';
}

/**
 * Imports FILE: reads it and its journals, has `write` write their store to a new database (telling of each record
 * the database refuses), keeps the old files as the backup, and puts the database in FILE's place.
 * @param {string} file
 * @param {{ fixtures: StoreData, repair: boolean, log: (message: string) => void,
 *   write: (file: string, data: StoreData, refused: Refused) => void }} options
 */
export function importLegacyDataFile(file, { fixtures, repair, log, write }) {
  /** @type {Found} refuses a damaged line, naming it; or, repairing, says it and drops it (or keeps it) */
  const found = ({ file: where, line, text }, problem, kept = false) => {
    const what = `${where === file ? 'The data file' : 'The journal'} ${where} is damaged at line ${line}: ${problem}`;
    if (!repair) {
      throw new StoreFileError(
        `${what}. It was left as it is: restore it from a backup, or start with --repair to drop this line ` +
          '(and any other damaged one), saying what it drops.',
      );
    }
    const held = text === undefined ? '' : ` It held: ${shortened(text)}`;
    log(`--repair: ${kept ? 'kept' : 'dropped'} line ${line}. ${what}.${held}`);
  };
  const { snapshot, placeOf } = readSnapshot(file, found);
  const { data, places } = withJournals(file, snapshot, fixtures, found);
  // the database is made beside FILE; what an import that died left there (SQLite's files with it) goes first
  const importing = `${file}.importing`;
  const removeImporting = () =>
    ['', '-wal', '-shm', '-journal'].forEach((end) => rmSync(`${importing}${end}`, { force: true }));
  removeImporting();
  try {
    write(importing, data, (list, record, error) => {
      found(places.get(record) ?? placeOf(list, record), refusal(record, error));
    });
  } catch (error) {
    removeImporting();
    throw error;
  }
  const name = basename(file);
  for (const old of [name, ...journalsOf(file)]) {
    renameSync(join(dirname(file), old), join(dirname(file), `${name}.0.1.0${old.slice(name.length)}`));
  }
  renameSync(importing, file);
  log(`imported the data file ${file} of version 0.1.0 into a database; the old file is kept as ${file}.0.1.0`);
}

/** The names of FILE's journals in its folder (and of any a repair of 0.1.0 kept aside). @param {string} file */
const journalsOf = (file) => readdirSync(dirname(file)).filter((name) => name.startsWith(`${basename(file)}.journal.`));

/**
 * FILE's snapshot: a store of this service, else refused whole (nothing smaller than the file could be dropped),
 * less its damaged records; and where each of its records is (the line is found once one is asked for).
 * @param {string} file
 * @param {Found} found
 */
function readSnapshot(file, found) {
  const refused = (/** @type {string} */ problem) =>
    new StoreFileError(
      `The data file ${file} ${problem}. It was left as it is: fix it, move it away, or choose another --data file.`,
    );
  if (!existsSync(file)) {
    const journal = join(dirname(file), journalsOf(file)[0]);
    throw refused(`is missing while its journal ${journal} is there (the journal alone is not a store)`);
  }
  // V8's strings hold at most 2^29 - 24 characters: some 2.4 million members (a million make 216 MB)
  if (statSync(file).size >= 2 ** 29) throw refused('is larger than 512 MB, more than this version can import');
  const text = readFileSync(file, 'utf8');
  /** @type {any} */
  let snapshot;
  try {
    snapshot = JSON.parse(text);
  } catch (error) {
    const { message } = /** @type {Error} */ (error);
    // the line JSON.parse names, else (the text ended early) the last one
    const line = /\(line (\d+)/.exec(message)?.[1] ?? text.split('\n').length;
    throw refused(`is not valid JSON at line ${line} (${message})`);
  }
  const notAStore = (/** @type {string} */ problem) => refused(`is not a store of this service: ${problem}`);
  if (!isObject(snapshot)) throw notAStore(`it holds ${typeOf(snapshot)}`);
  const missing = REQUIRED.filter((part) => !(part in snapshot));
  if (missing.length) throw notAStore(`it has no ${missing.join(', ')}`);

  /** @type {Record<string, any[]>} the lists of records as read: the index of a record there gives its line */
  const lists = {};
  /** @type {Record<string, number[]>} */
  const lines = {};
  const placeOf = (/** @type {string} */ list, /** @type {object} */ record) => {
    lines[list] ??= itemLines(readFileSync(file, 'utf8'), list);
    return { file, line: lines[list][lists[list].indexOf(record)], text: JSON.stringify(record) };
  };
  for (const [part, shape] of Object.entries(PARTS)) {
    if (!(part in snapshot)) continue;
    if (!isObject(shape[0]) || !Array.isArray(snapshot[part])) {
      const wrong = misfit(snapshot[part], shape);
      if (wrong) throw notAStore(`${part}${wrong.at} must ${wrong.must}`);
      continue;
    }
    lists[part] = snapshot[part];
    snapshot[part] = lists[part].filter((record, index) => {
      const wrong = misfit(record, shape[0]);
      if (wrong) found(placeOf(part, record), `${part}[${index}]${wrong.at} must ${wrong.must}`);
      return !wrong;
    });
  }
  return { snapshot, placeOf };
}

/**
 * The snapshot's store with the changes of FILE's journals after it, and the place of each record a change added.
 * Every line must be a change, and the changes after the snapshot's must follow each other without a gap; anything
 * else is damage (a line cut short or garbled, a line removed, a journal emptied).
 * @param {string} file
 * @param {Record<string, any>} snapshot
 * @param {StoreData} fixtures
 * @param {Found} found
 */
function withJournals(file, snapshot, fixtures, found) {
  /** @type {Array<{ change: any, place: Place }>} */
  const changes = [];
  for (const name of journalsOf(file).filter((journal) => /\.journal\.\d+$/.test(journal))) {
    const journal = join(dirname(file), name);
    const text = readFileSync(journal, 'utf8');
    // a journal is made with its first change: an empty one lost what it held
    if (text === '') found({ file: journal, line: 1 }, 'the journal is empty (its changes are gone)');
    const lines = text.split('\n');
    // a whole journal ends with a line break; the text after the last one is a line cut short
    const cutShort = lines.pop();
    lines.forEach((line, i) => {
      const place = { file: journal, line: i + 1, text: line };
      let change;
      try {
        change = JSON.parse(line);
      } catch {
        return found(place, 'it is not JSON');
      }
      const problem = changeProblem(change);
      if (problem) found(place, problem);
      else changes.push({ change, place });
    });
    const last = { file: journal, line: lines.length + 1, text: cutShort };
    if (cutShort) found(last, 'the last line is cut short (a write that never finished)');
  }

  // journal_seq says where the journals go on from the snapshot; it is not part of the store
  const { journal_seq: after = 0, ...saved } = snapshot;
  // what a store of an older version lacks (redirect_uris, clients, idp_users) comes from the fixtures
  /** @type {StoreData} */
  let data = { ...structuredClone(fixtures), ...saved };
  /** @type {Map<object, Place>} */
  const places = new Map();
  let expected = after + 1;
  const later = changes.filter(({ change }) => change.n > after).sort((a, b) => a.change.n - b.change.n);
  for (const { change, place } of later) {
    if (change.n < expected) {
      found(place, `change ${change.n} is there twice`);
      continue;
    }
    const gap = `change ${change.n} follows change ${expected - 1}: the changes between are missing`;
    // repairing, what follows a gap is kept, as far as it still applies
    if (change.n > expected) found(place, gap, true);
    expected = change.n + 1;
    const { list } = CHANGES[change.op];
    if (list) {
      for (const record of change.records ?? [change.record]) {
        data[list].push(record);
        places.set(record, place);
      }
    } else if (change.op === 'release') {
      const catalog = data.catalogs.find((c) => c.id === change.catalog_id);
      if (!catalog) found(place, `A release names the unknown catalog ${change.catalog_id}`);
      else {
        catalog.releases.push(change.release);
        catalog.updated_at = change.release.published_at;
      }
    } else if (change.op === 'secret') data.signing_secret = change.value;
    else data = { ...structuredClone(fixtures), signing_secret: data.signing_secret };
  }
  return { data, places };
}

/**
 * What keeps a parsed journal line from being a change of the store, or null when it is one.
 * @param {any} change
 */
function changeProblem(change) {
  if (!isObject(change)) return `it holds ${typeOf(change)}, not a change`;
  if (!Number.isSafeInteger(change.n) || change.n < 1) return 'it has no change number (n)';
  if (typeof change.op !== 'string') return 'it names no change (op)';
  if (!Object.hasOwn(CHANGES, change.op)) return `it names an unknown change ${JSON.stringify(change.op.slice(0, 40))}`;
  const wrong = misfit(change, CHANGES[change.op].shape);
  return wrong && `the change${wrong.at} must ${wrong.must}`;
}

/** @param {unknown} value */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {unknown} value */
const typeOf = (value) => (value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`);

/**
 * What keeps `value` from being of `shape`, or null: where (a path within the value, like `.email` or `[2].id`) and
 * what it must be. The path is made only for a value that does not fit, not for each of a million that do.
 * @param {any} value
 * @param {any} shape
 * @returns {{ at: string, must: string } | null}
 */
function misfit(value, shape) {
  if (typeof shape === 'string') return MUST[shape](value) ? null : { at: '', must: shape };
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return { at: '', must: 'be a list' };
    for (let i = 0; i < value.length; i++) {
      const wrong = misfit(value[i], shape[0]);
      if (wrong) return { at: `[${i}]${wrong.at}`, must: wrong.must };
    }
    return null;
  }
  if (!isObject(value)) return { at: '', must: 'be an object' };
  for (const field in shape) {
    const wrong = misfit(value[field], shape[field]);
    if (wrong) return { at: `.${field}${wrong.at}`, must: wrong.must };
  }
  return null;
}

/** What JSON text is made of, as far as finding a line needs: strings whole, other values, signs, line breaks. */
const TOKENS = /"(?:[^"\\]|\\.)*"|[^\s"[\]{},:]+|\n|\S/g;

/**
 * The line where each item of the list under `key` of the top object of `text` (valid JSON) starts.
 * @param {string} text
 * @param {string} key
 */
function itemLines(text, key) {
  /** @type {number[]} */
  const lines = [];
  let line = 1;
  let depth = 0;
  let inList = false;
  /** the last string of the top object: a key, where a value follows */
  let lastString = '';
  for (const [token] of text.matchAll(TOKENS)) {
    if (token === '\n') line++;
    else if (inList && depth === 2 && token !== ',' && token !== ']') lines.push(line);
    if (token === '{' || token === '[') depth++;
    else if (token === '}' || token === ']') depth--;
    else if (depth === 1 && token.startsWith('"')) lastString = JSON.parse(token);
    if (token === '[' && depth === 2 && lastString === key) {
      // a key written twice: JSON.parse keeps its last value
      lines.length = 0;
      inList = true;
    } else if (depth < 2) inList = false;
  }
  return lines;
}

/** A record the database's constraints refused, as the store says it. @param {any} record @param {Error} error */
function refusal(record, { message }) {
  const membership = `the membership ${record.id} names the member ${record.account_member_id}`;
  if (message.includes('FOREIGN KEY')) return `${membership} in the account ${record.account_id}: one is not there`;
  if (message.includes('account_member_id')) return `${membership} in the account ${record.account_id} once more`;
  return message.endsWith('.id') ? `the id ${record.id} is there twice (the later record)` : message;
}
