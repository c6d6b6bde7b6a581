/**
 * The store on disk (`--data FILE`): FILE holds a whole snapshot of the store as one JSON object (one record a
 * line), and journal files beside it (`FILE.journal.<n>`, named after their first change) hold the changes made
 * since, one JSON line each, numbered without gaps.
 *
 * - A change is answered only once its line is written to the journal, so no answered change is lost when the
 *   process is killed. Changes that arrive while a write is under way go out together in the next write (group
 *   commit). With `sync`, each write is also flushed to the device (fsync), so an answered change survives a
 *   power cut too, at the cost of the device's flush time. A write that fails (a full disk, a read-only folder)
 *   is undone in memory and refused with 503 and `Retry-After`.
 * - When the journal has grown as large as the snapshot (at least `compactAfterBytes`), a new snapshot is
 *   written in the background, in slices, so the event loop stays free: to a temporary file (mode 0600,
 *   flushed), renamed over FILE, after which the older journal files are removed (everything in them is in the
 *   snapshot). The snapshot names the last change it holds (`journal_seq`); at start the journal lines after it
 *   are applied again.
 * - Honest at start: FILE must be a store of this service, and every journal line a change that follows the one
 *   before. Anything damaged is refused, naming the file and line, and nothing is written; with `repair` (the
 *   operator's `--repair`) the damaged lines and records are dropped instead, each one said, and a damaged
 *   journal is kept beside FILE as `<journal>.damaged` once the new snapshot holds the rest. A folder the service
 *   cannot write is refused too. Temporary files left by a process that died are removed; FILE is made private
 *   (0600) if it is not.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { shortened, UnavailableError } from './errors.js';
import { readJsonObject } from './json-object-file.js';
import { lineOfItem, lineOfSyntaxError } from './json-lines.js';
import { changeProblem, damagedRecords, storeProblem } from './store-shape.js';

/** Records written per slice of a snapshot; between slices other work runs. */
const SLICE = 1000;
const PRIVATE = 0o600;
/** Seconds a client is asked to wait after a change could not be written. */
const RETRY_WRITE_AFTER = 30;

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
 * @typedef {{ length: number, slice: (start?: number, end?: number) => unknown[] }} LongList
 * @typedef {{ head: Record<string, unknown>, lists: Record<string, LongList> }} SnapshotParts what a
 *   snapshot holds: small fields written at once, and long lists written in slices
 * @typedef {{ n: number, line: string, undo: () => void, resolve: () => void, reject: (error: unknown) => void }}
 *   Pending a change waiting to be written
 * @typedef {{ file: string, line: number, text?: string }} Place where a damaged line is, and what it holds
 * @typedef {{ compactAfterBytes: number, sync?: boolean, repair?: boolean, log: (message: string) => void,
 *   capture: () => SnapshotParts, eachRecord?: (record: unknown) => void,
 *   listFor?: import('./json-object-file.js').ReadOptions['listFor'] }} DataFileOptions `capture` gives the
 *   store's current contents for a snapshot; `repair` drops damaged lines at start instead of refusing them;
 *   `eachRecord` is done to each item of FILE's lists as it is read; `listFor` gives what a list of FILE is read
 *   into (an array when it gives nothing)
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
 * @param {Pick<DataFileOptions, 'eachRecord' | 'listFor'>} reading done to each item of FILE's lists as it is
 *   read, and what a list is read into
 * @returns {Record<string, unknown>}
 */
function readSnapshot(file, damage, { eachRecord, listFor }) {
  if (!statSync(file).isFile()) throw refuse(file, 'is not a file');
  /** @type {string | undefined} */
  let text;
  /** @type {unknown} */
  let parsed = readJsonObject(file, { eachItem: eachRecord, listFor });
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
  /** the number of the last change made */
  #seq = 0;
  /** the number of the last change written to the journal (a failed write gives its numbers back) */
  #written = 0;
  /** @type {Pending[]} changes waiting for the next write */
  #queue = [];
  /** @type {Promise<void> | null} the writes under way */
  #writing = null;
  /** @type {Promise<void> | null} */
  #compacting = null;
  /** @type {string | null} the journal file this process appends to; a new one after each snapshot */
  #journal = null;
  #journalSize = 0;
  /** @type {string[]} older journal files, removed once a snapshot holds their changes */
  #older = [];
  /** bytes written to the journal since the last snapshot */
  #journalBytes = 0;
  #snapshotBytes = 0;
  #closed = false;
  /** @type {Damage | null} what was found damaged at start */
  #damage = null;
  /** @type {WeakMap<JournalEntry, Place>} where each change read at start is */
  #places = new WeakMap();
  /** @type {Promise<void> | null} set while a snapshot is being taken: changes wait for it */
  gate = null;
  /** how many journal writes were made (each carries one or more changes) */
  writes = 0;

  /**
   * Reads FILE and its journal at start (before anything is served).
   * @param {string} file
   * @param {DataFileOptions} options
   * @returns {{ dataFile: DataFile, data: Record<string, unknown> | null, entries: JournalEntry[] }}
   *   `data` null: FILE does not exist yet; `entries`: the journal's changes after the snapshot, in order
   */
  static load(file, options) {
    checkFolder(file);
    removeOrphans(file);
    const damage = new Damage(file, options.repair ?? false, options.log);
    const journals = journalFiles(file);
    /** @type {Record<string, unknown> | null} */
    let data = null;
    if (existsSync(file)) {
      data = readSnapshot(file, damage, options);
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
    const dataFile = new DataFile(file, options);
    dataFile.#older = journals;
    dataFile.#damage = damage;
    for (const { entry, place } of changes) dataFile.#places.set(entry, place);
    dataFile.#seq = dataFile.#written = changes.reduce((last, { entry }) => Math.max(last, entry.n), after);
    // a repair writes a snapshot at once, so that what it dropped is gone from the files too
    dataFile.#journalBytes = journals.length || damage.journals.size ? Infinity : 0;
    return { dataFile, data, entries: changes.map(({ entry }) => entry) };
  }

  /**
   * Writes the snapshot a start needs (a new FILE, journals to fold in, a repair); a file that cannot be written
   * refuses the start with a sentence saying why.
   */
  async compactAtStart() {
    try {
      await this.compact();
    } catch (error) {
      throw new StoreFileError(`The data file ${this.file} could not be written at start (${writeFailure(error)})`);
    }
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

  /**
   * @param {string} file
   * @param {DataFileOptions} options
   */
  constructor(file, { compactAfterBytes, sync = false, log, capture }) {
    this.file = file;
    this.compactAfterBytes = compactAfterBytes;
    this.sync = sync;
    this.log = log;
    this.capture = capture;
  }

  /**
   * Writes a change to the journal; resolves once it is written. When the write fails, `undo` is called
   * (for this change and every later one not yet written, newest first) and the promise rejects.
   * @param {{ op: string, [field: string]: unknown }} change
   * @param {() => void} undo puts memory back as it was before the change
   * @returns {Promise<void>}
   */
  append(change, undo) {
    if (this.#closed) return Promise.reject(new UnavailableError('The service is stopping'));
    const n = ++this.#seq;
    const line = JSON.stringify({ n, ...change });
    return new Promise((resolve, reject) => {
      this.#queue.push({ n, line, undo, resolve, reject });
      // the queue is not empty, so #drain awaits before it ends: #writing is set before #drain clears it
      this.#writing ??= this.#drain();
    });
  }

  /** Resolves when every change is written and no snapshot is being taken. */
  async idle() {
    while (this.#writing || this.#compacting) await (this.#writing ?? this.#compacting?.catch(() => {}));
  }

  /** Whether FILE lacks changes the journal holds (a snapshot is worth writing now). */
  get behind() {
    return this.#journalBytes > 0;
  }

  /** Writes what is pending and a final snapshot (when it fails, the journal still holds every change). */
  async close() {
    await this.idle();
    if (this.behind) await this.compact().catch(() => {});
    this.#closed = true;
  }

  async #drain() {
    try {
      while (this.#queue.length) {
        const batch = this.#queue.splice(0);
        try {
          await this.#write(batch.map((pending) => `${pending.line}\n`).join(''), batch[0].n);
          this.#written = /** @type {Pending} */ (batch.at(-1)).n;
          for (const pending of batch) pending.resolve();
        } catch (error) {
          // memory holds changes the journal does not: undo them, newest first, and refuse them all; their
          // numbers go to the next changes, so the journal stays without gaps
          const failed = [...batch, ...this.#queue.splice(0)];
          for (const pending of [...failed].reverse()) pending.undo();
          this.#seq = this.#written;
          this.log(`could not write the journal of ${this.file}: ${/** @type {Error} */ (error).message}`);
          const refused = new UnavailableError(
            `The change could not be written to the service's data file (${writeFailure(error)}); nothing was ` +
              'changed. Try again later.',
            { retryAfterSeconds: RETRY_WRITE_AFTER, cause: error },
          );
          for (const pending of failed) pending.reject(refused);
          // whatever the file holds now, the next good moment writes a whole snapshot from memory
          this.#journalBytes = Infinity;
        }
      }
    } finally {
      // in the same turn as the empty queue was seen: a change queued after this starts a new drain
      this.#writing = null;
    }
    if (this.#journalBytes >= Math.max(this.compactAfterBytes, this.#snapshotBytes)) {
      this.compact().catch(() => {});
    }
  }

  /**
   * @param {string} text whole lines
   * @param {number} first the number of the first change in them (a new journal is named after it)
   */
  async #write(text, first) {
    if (!this.#journal) {
      this.#journal = `${this.file}.journal.${first}`;
      this.#journalSize = 0;
    }
    const journal = this.#journal;
    const handle = await open(journal, 'a', PRIVATE);
    try {
      await handle.write(text);
      if (this.sync) await handle.datasync();
      this.#journalSize += Buffer.byteLength(text);
      this.#journalBytes += Buffer.byteLength(text);
      this.writes++;
    } catch (error) {
      // never leave half a line for the next write to follow: cut it off, or start another journal file; and never
      // leave an empty journal (at start, an empty one means lost changes)
      const cut = await handle.truncate(this.#journalSize).then(
        () => true,
        () => false,
      );
      if (!cut) this.#older.push(journal);
      if (!cut || this.#journalSize === 0) this.#journal = null;
      if (cut && this.#journalSize === 0) await rm(journal, { force: true }).catch(() => {});
      throw error;
    } finally {
      await handle.close();
    }
  }

  /**
   * Writes a snapshot of the store and removes the journal files it makes unnecessary. One at a time.
   * @returns {Promise<void>}
   */
  compact() {
    this.#compacting ??= this.#compactNow().finally(() => {
      this.#compacting = null;
    });
    return this.#compacting;
  }

  async #compactNow() {
    // hold new changes back until the pending ones are written and the contents are captured
    let release = () => {};
    this.gate = new Promise((resolve) => (release = () => resolve(undefined)));
    /** @type {SnapshotParts} */
    let parts;
    /** @type {string[]} */
    let replaced;
    let seq;
    try {
      while (this.#writing) await this.#writing;
      parts = this.capture();
      seq = this.#seq;
      replaced = [...this.#older, ...(this.#journal ? [this.#journal] : [])];
      this.#older = [];
      this.#journal = null;
      this.#journalBytes = 0;
    } finally {
      this.gate = null;
      release();
    }
    try {
      this.#snapshotBytes = await writeSnapshot(this.file, { ...parts, head: { ...parts.head, journal_seq: seq } });
      for (const journal of replaced) {
        // a journal a repair dropped lines of is kept aside (under a name no start reads), the rest is removed
        if (this.#damage?.journals.delete(journal)) await rename(journal, `${journal}.damaged`);
        else await rm(journal, { force: true });
      }
    } catch (error) {
      this.#older.unshift(...replaced);
      this.#journalBytes = Infinity;
      this.log(`could not write ${this.file}: ${/** @type {Error} */ (error).message}`);
      throw error;
    }
  }
}

/**
 * Writes a snapshot to a private temporary file in slices, flushes it and renames it over FILE.
 * @param {string} file
 * @param {SnapshotParts} parts
 * @returns {Promise<number>} the size written
 */
async function writeSnapshot(file, { head, lists }) {
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  const handle = await open(tmp, 'wx', PRIVATE);
  let size = 0;
  const put = async (/** @type {string} */ text) => {
    size += Buffer.byteLength(text);
    await handle.write(text);
  };
  try {
    // one record a line, so that a damaged record can be named by its line
    await put(JSON.stringify(head).slice(0, -1));
    for (const [name, list] of Object.entries(lists)) {
      await put(`,\n${JSON.stringify(name)}:[`);
      for (let i = 0; i < list.length; i += SLICE) {
        const slice = list.slice(i, i + SLICE).map((record) => JSON.stringify(record));
        await put(`${i > 0 ? ',' : ''}\n${slice.join(',\n')}`);
      }
      await put('\n]');
    }
    await put('}\n');
    await handle.sync();
    await handle.close();
    await rename(tmp, file);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(tmp, { force: true });
    throw error;
  }
  await syncFolder(dirname(file));
  return size;
}

/**
 * Flushes a folder's entries (the rename of a snapshot) where the platform allows it.
 * @param {string} folder
 */
async function syncFolder(folder) {
  try {
    const handle = await open(folder, 'r');
    await handle.sync().finally(() => handle.close());
  } catch {
    // not every platform can open or flush a folder; the rename itself is still atomic
  }
}
