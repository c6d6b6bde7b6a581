/**
 * Data files of version 0.1.0 (`--data FILE` before the store moved to SQLite), read once to be imported: FILE holds
 * a whole snapshot of the store as one JSON object (one record a line), and journal files beside it
 * (`FILE.journal.<n>`, named after their first change) hold the changes made since, one JSON line each, numbered
 * without gaps; the snapshot names the last change it holds (`journal_seq`).
 *
 * Read honestly: FILE must be a store of this service, and every journal line a change that follows the one before.
 * Anything damaged is refused, naming the file and line; with `repair` (the operator's `--repair`) the damaged lines
 * and records are dropped instead, each one said. A folder the service cannot write is refused too. Temporary files
 * left by a 0.1.0 process that died are removed; FILE is made private (0600) if it is not.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { writeFailure } from './database.js';
import { shortened } from './errors.js';
import { readJsonObject } from './json-object-file.js';
import { lineOfItem, lineOfSyntaxError } from './json-lines.js';
import { changeProblem, damagedRecords, storeProblem } from './store-shape.js';

/** Records written per slice of a snapshot; between slices other work runs. */
const PRIVATE = 0o600;
/** Seconds a client is asked to wait after a change could not be written. */

/** A data file the service refuses to start with; the message says which file and what is wrong. */
export class StoreFileError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'StoreFileError';
  }
}

/**
 * @typedef {{ n: number, op: string, [field: string]: unknown }} JournalEntry
 * @typedef {{ file: string, line: number, text?: string }} Place where a damaged line is, and what it holds
 * @typedef {{ repair?: boolean, log: (message: string) => void }} DataFileOptions `repair` drops damaged lines
 *   instead of refusing them
 */

/** @param {string} file */
const journalPrefix = (file) => `${basename(file)}.journal.`;

/**
 * The journal files of FILE, oldest first.
 * @param {string} file
 */
function journalFiles(file) {
  const prefix = journalPrefix(file);
  return readdirSync(dirname(file))
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)))
    .map((name) => join(dirname(file), name));
}

/**
 * Removes temporary files of FILE left by a process that no longer runs (`FILE.<pid>.<uuid>.tmp`).
 * @param {string} file
 */
function removeOrphans(file) {
  const pattern = new RegExp(`^${escapeRegExp(basename(file))}\\.(\\d+)\\.[0-9a-f-]{36}\\.tmp$`);
  for (const name of readdirSync(dirname(file))) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (pid && (pid === process.pid || !isRunning(pid))) rmSync(join(dirname(file), name), { force: true });
  }
}

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** @param {string} text */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * @param {string} file
 * @param {string} problem
 */
const refuse = (file, problem) =>
  new StoreFileError(
    `The data file ${file} ${problem}. It was left as it is: fix it, move it away, or choose another --data file.`,
  );

/**
 * Refuses a folder the service cannot write: it could answer nothing that changes the store. Tried for real (a
 * file made and removed), since permissions alone do not tell of a read-only file system.
 * @param {string} file
 */
function checkFolder(file) {
  const folder = dirname(file);
  if (!existsSync(folder)) throw new StoreFileError(`The folder of the data file ${file} does not exist`);
  const probe = join(folder, `${basename(file)}.${process.pid}.${randomUUID()}.tmp`);
  try {
    closeSync(openSync(probe, 'wx', PRIVATE));
    rmSync(probe);
  } catch (error) {
    throw new StoreFileError(
      `The service cannot write in the folder ${folder} of the data file ${file} (${writeFailure(error)}); ` +
        'it keeps its journal and snapshots there. Choose a folder it can write, or make this one writable.',
    );
  }
}

/**
 * The damaged lines found at start: refused at the first one, or (repairing) dropped and each one said.
 */
class Damage {
  /** @type {Set<string>} journals with a dropped line, kept aside once the new snapshot holds the rest */
  journals = new Set();

  /**
   * @param {string} dataFile FILE
   * @param {boolean} repair
   * @param {(message: string) => void} log
   */
  constructor(dataFile, repair, log) {
    this.dataFile = dataFile;
    this.repair = repair;
    this.log = log;
  }

  /**
   * A damaged line: a StoreFileError naming it, or, repairing, a line said and left out (or said and kept).
   * @param {Place} place
   * @param {string} problem
   * @param {{ kept?: boolean }} [repairing] `kept`: a repair keeps the line (a change after missing ones)
   */
  found({ file, line, text }, problem, { kept = false } = {}) {
    const kind = file === this.dataFile ? 'The data file' : 'The journal';
    const what = `${kind} ${file} is damaged at line ${line}: ${problem}`;
    if (!this.repair) {
      throw new StoreFileError(
        `${what}. It was left as it is: restore it from a backup, or start with --repair to drop this line ` +
          '(and any other damaged one), saying what it drops.',
      );
    }
    if (file !== this.dataFile) this.journals.add(file);
    const shown = text === undefined ? '' : ` It held: ${shortened(text)}`;
    this.log(`--repair: ${kept ? 'kept' : 'dropped'} line ${line}. ${what}.${shown}`);
  }
}

/**
 * Reads FILE: a store of this service, with every record whole. A damaged record is refused, or (repairing)
 * dropped; anything else wrong is refused, since nothing smaller than the file could be dropped. A whole file is
 * read piece by piece, without holding its text beside what is parsed from it; the text is read only to name
 * the line of what is wrong.
 * @param {string} file
 * @param {Damage} damage
 * @returns {Record<string, unknown>}
 */
function readSnapshot(file, damage) {
  if (!statSync(file).isFile()) throw refuse(file, 'is not a file');
  /** @type {string | undefined} */
  let text;
  /** @type {unknown} */
  let parsed = readJsonObject(file);
  if (parsed === null) {
    // not an object, or not valid JSON: the whole text, for JSON.parse's own answer and the line it names
    text = readFileSync(file, 'utf8');
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      const line = lineOfSyntaxError(text, /** @type {Error} */ (error));
      throw refuse(file, `is not valid JSON at line ${line} (${/** @type {Error} */ (error).message})`);
    }
  }
  let problem = storeProblem(parsed);
  if (problem && parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const data = /** @type {Record<string, unknown>} */ (parsed);
    const damaged = damagedRecords(data);
    if (damaged.length) text ??= readFileSync(file, 'utf8');
    // newest first, so that the indexes of the records still to drop stay right
    for (const { list, index, problem: recordProblem } of damaged.reverse()) {
      const line = lineOfItem(/** @type {string} */ (text), list, index) ?? 1;
      const records = /** @type {unknown[]} */ (data[list]);
      damage.found({ file, line, text: JSON.stringify(records.at(index)) }, recordProblem);
      records.splice(index, 1);
    }
    problem = storeProblem(parsed);
  }
  if (problem) throw refuse(file, `is not a store of this service: ${problem}`);
  return /** @type {Record<string, unknown>} */ (parsed);
}

/**
 * The changes of the journals after change `after`, each with where it is. Every line must be a change, and the
 * changes after `after` must follow each other without a gap; anything else is damage (a line cut short or
 * garbled, a line removed, a journal emptied).
 * @param {string[]} journals oldest first
 * @param {number} after the last change the snapshot holds
 * @param {Damage} damage
 * @returns {Array<{ entry: JournalEntry, place: Place }>}
 */
function readJournals(journals, after, damage) {
  /** @type {Array<{ entry: JournalEntry, place: Place }>} */
  const changes = [];
  for (const journal of journals) {
    const text = readFileSync(journal, 'utf8');
    if (text === '') {
      // a journal is made with its first change: an empty one lost what it held
      damage.found({ file: journal, line: 1 }, 'the journal is empty (its changes are gone)');
      continue;
    }
    const lines = text.split('\n');
    // a whole journal ends with a line break; the text after the last one is a line cut short
    const cutShort = lines.pop();
    lines.forEach((line, i) => {
      const place = { file: journal, line: i + 1, text: line };
      /** @type {unknown} */
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        damage.found(place, 'it is not JSON');
        return;
      }
      const problem = changeProblem(entry);
      if (problem) damage.found(place, problem);
      else changes.push({ entry: /** @type {JournalEntry} */ (entry), place });
    });
    if (cutShort) {
      damage.found(
        { file: journal, line: lines.length + 1, text: cutShort },
        'the last line is cut short (a write that never finished)',
      );
    }
  }
  const later = changes.filter(({ entry }) => entry.n > after).sort((a, b) => a.entry.n - b.entry.n);
  /** @type {Array<{ entry: JournalEntry, place: Place }>} */
  const kept = [];
  let expected = after + 1;
  for (const change of later) {
    const { n } = change.entry;
    if (n < expected) damage.found(change.place, `change ${n} is there twice`);
    else if (n > expected) {
      // repairing, what follows a gap is kept, as far as it still applies
      damage.found(change.place, `change ${n} follows change ${expected - 1}: the changes between are missing`, {
        kept: true,
      });
      kept.push(change);
      expected = n + 1;
    } else {
      kept.push(change);
      expected++;
    }
  }
  return kept;
}

export class DataFile {
  /** @type {Damage | null} what was found damaged */
  #damage = null;
  /** @type {WeakMap<JournalEntry, Place>} where each change read is */
  #places = new WeakMap();

  /**
   * Reads FILE and its journals.
   * @param {string} file
   * @param {DataFileOptions} options
   * @returns {{ dataFile: DataFile, data: Record<string, unknown> | null, entries: JournalEntry[] }}
   *   `data` null: FILE does not exist; `entries`: the journals' changes after the snapshot, in order
   */
  static load(file, options) {
    checkFolder(file);
    removeOrphans(file);
    const damage = new Damage(file, options.repair ?? false, options.log);
    const journals = journalFiles(file);
    /** @type {Record<string, unknown> | null} */
    let data = null;
    if (existsSync(file)) {
      data = readSnapshot(file, damage);
      if (statSync(file).mode & 0o077) {
        // it holds the token signing secret and client secrets: readable by its owner only
        chmodSync(file, PRIVATE);
        options.log(`made ${file} readable by its owner only (mode 0600); it holds secrets`);
      }
    } else if (journals.length) {
      throw refuse(file, `is missing while its journal ${journals[0]} is there (the journal alone is not a store)`);
    }
    const after = Number(data?.journal_seq ?? 0);
    const changes = readJournals(journals, after, damage);
    const dataFile = new DataFile(file);
    dataFile.#damage = damage;
    for (const { entry, place } of changes) dataFile.#places.set(entry, place);
    return { dataFile, data, entries: changes.map(({ entry }) => entry) };
  }

  /**
   * A change of the journal that could not be applied at start (it names what the store does not hold): refused
   * naming its file and line, or (repairing) left out and said.
   * @param {JournalEntry} entry
   * @param {string} problem
   */
  damaged(entry, problem) {
    this.#damage?.found(this.#places.get(entry) ?? { file: this.file, line: 0 }, problem);
  }

  /** @param {string} file */
  constructor(file) {
    this.file = file;
  }
}
