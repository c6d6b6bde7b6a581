/**
 * The store on disk (`--data FILE`): FILE holds a whole snapshot of the store as one JSON object, and
 * journal files beside it (`FILE.journal.<n>`) hold the changes made since, one JSON line each, numbered.
 *
 * - A change is answered only once its line is written to the journal, so no answered change is lost when
 *   the process is killed. Changes that arrive while a write is under way go out together in the next
 *   write (group commit). With `sync`, each write is also flushed to the device (fsync), so an answered
 *   change survives a power cut too, at the cost of the device's flush time.
 * - When the journal has grown as large as the snapshot (at least `compactAfterBytes`), a new snapshot is
 *   written in the background, in slices, so the event loop stays free: to a temporary file (mode 0600,
 *   flushed), renamed over FILE, after which the older journal files are removed. The snapshot names the
 *   last change it holds (`journal_seq`); at start the journal lines after it are applied again.
 * - FILE must be a store of this service: anything else is refused at start, named, and never written.
 *   Temporary files left by a process that died are removed; FILE is made private (0600) if it is not.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readJsonObject } from './json-object-file.js';
import { storeProblem } from './store-shape.js';

/** Records written per slice of a snapshot; between slices other work runs. */
const SLICE = 1000;
const PRIVATE = 0o600;

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
 * @typedef {{ head: Record<string, unknown>, lists: Record<string, unknown[]> }} SnapshotParts what a
 *   snapshot holds: small fields written at once, and long lists written in slices
 * @typedef {{ line: string, undo: () => void, resolve: () => void, reject: (error: unknown) => void }} Pending
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

export class DataFile {
  /** the number of the last change made */
  #seq = 0;
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
  /** @type {Promise<void> | null} set while a snapshot is being taken: changes wait for it */
  gate = null;
  /** how many journal writes were made (each carries one or more changes) */
  writes = 0;

  /**
   * Reads FILE and its journal at start (before anything is served).
   * @param {string} file
   * @param {{ compactAfterBytes: number, sync?: boolean, log: (message: string) => void,
   *   capture: () => SnapshotParts, eachRecord?: (record: unknown) => void }} options `capture` gives the
   *   store's current contents for a snapshot; `eachRecord` is done to each item of FILE's lists as it is read
   * @returns {{ dataFile: DataFile, data: Record<string, unknown> | null, entries: JournalEntry[] }}
   *   `data` null: FILE does not exist yet; `entries`: the journal's changes after the snapshot, in order
   */
  static load(file, options) {
    if (!existsSync(dirname(file))) throw new StoreFileError(`The folder of the data file ${file} does not exist`);
    removeOrphans(file);
    const journals = journalFiles(file);
    /** @type {Record<string, unknown> | null} */
    let data = null;
    if (existsSync(file)) {
      if (!statSync(file).isFile()) throw refuse(file, 'is not a file');
      /** @type {unknown} */
      let parsed;
      try {
        // without holding the text beside what is parsed from it; the whole text when that fails, for the message
        parsed = readJsonObject(file, { eachItem: options.eachRecord }) ?? JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw refuse(file, `is not valid JSON (${/** @type {Error} */ (error).message})`);
      }
      const problem = storeProblem(parsed);
      if (problem) throw refuse(file, `is not a store of this service: ${problem}`);
      data = /** @type {Record<string, unknown>} */ (parsed);
      if (statSync(file).mode & 0o077) {
        // it holds the token signing secret and client secrets: readable by its owner only
        chmodSync(file, PRIVATE);
        options.log(`made ${file} readable by its owner only (mode 0600); it holds secrets`);
      }
    } else if (journals.length) {
      throw refuse(file, `is missing while its journal ${journals[0]} is there (the journal alone is not a store)`);
    }
    const after = Number(data?.journal_seq ?? 0);
    const entries = journals
      .flatMap((journal) => readJournal(journal))
      .filter((entry) => entry.n > after)
      .sort((a, b) => a.n - b.n);
    const dataFile = new DataFile(file, options);
    dataFile.#older = journals;
    dataFile.#seq = entries.reduce((last, entry) => Math.max(last, entry.n), after);
    dataFile.#journalBytes = journals.length ? Infinity : 0;
    return { dataFile, data, entries };
  }

  /**
   * @param {string} file
   * @param {{ compactAfterBytes: number, sync?: boolean, log: (message: string) => void,
   *   capture: () => SnapshotParts }} options
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
    if (this.#closed) return Promise.reject(new Error('The store is closed'));
    const line = JSON.stringify({ n: ++this.#seq, ...change });
    return new Promise((resolve, reject) => {
      this.#queue.push({ line, undo, resolve, reject });
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
          await this.#write(batch.map((pending) => `${pending.line}\n`).join(''));
          for (const pending of batch) pending.resolve();
        } catch (error) {
          // memory holds changes the journal does not: undo them, newest first, and refuse them all
          const failed = [...batch, ...this.#queue.splice(0)];
          for (const pending of [...failed].reverse()) pending.undo();
          for (const pending of failed) pending.reject(error);
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

  /** @param {string} text */
  async #write(text) {
    if (!this.#journal) {
      // named after its first change; never one left by an earlier run (it may end in half a line)
      let start = this.#seq;
      while (existsSync(`${this.file}.journal.${start}`)) start++;
      this.#journal = `${this.file}.journal.${start}`;
      this.#journalSize = 0;
    }
    const handle = await open(this.#journal, 'a', PRIVATE);
    try {
      await handle.write(text);
      if (this.sync) await handle.datasync();
      this.#journalSize += Buffer.byteLength(text);
      this.#journalBytes += Buffer.byteLength(text);
      this.writes++;
    } catch (error) {
      // never leave half a line for the next write to follow: cut it off, or start another journal file
      await handle.truncate(this.#journalSize).catch(() => {
        if (this.#journal) this.#older.push(this.#journal);
        this.#journal = null;
      });
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
      for (const journal of replaced) await rm(journal, { force: true });
    } catch (error) {
      this.#older.unshift(...replaced);
      this.#journalBytes = Infinity;
      this.log(`could not write ${this.file}: ${/** @type {Error} */ (error).message}`);
      throw error;
    }
  }
}

/**
 * The changes of one journal file. A last line cut short (the process died while writing it, before the
 * change was answered) is left out; a damaged line before the end is an error.
 * @param {string} journal
 * @returns {JournalEntry[]}
 */
function readJournal(journal) {
  const lines = readFileSync(journal, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  /** @type {JournalEntry[]} */
  const entries = [];
  for (let i = 0; i < lines.length; i++) {
    try {
      const entry = JSON.parse(lines[i]);
      if (typeof entry?.n !== 'number' || typeof entry.op !== 'string') throw new Error('not a change');
      entries.push(entry);
    } catch {
      if (i === lines.length - 1) break;
      throw new StoreFileError(`The journal ${journal} is damaged at line ${i + 1}; it was left as it is`);
    }
  }
  return entries;
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
    await put(JSON.stringify(head).slice(0, -1));
    for (const [name, list] of Object.entries(lists)) {
      await put(`,${JSON.stringify(name)}:[`);
      for (let i = 0; i < list.length; i += SLICE) {
        const slice = list.slice(i, i + SLICE).map((record) => JSON.stringify(record));
        await put(`${i > 0 ? ',' : ''}${slice.join(',')}`);
      }
      await put(']');
    }
    await put('}');
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
