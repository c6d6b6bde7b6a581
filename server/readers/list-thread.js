/**
 * One thread answering the members lists: its own connection to the store's database file, read only, and the
 * matches of the queries it was last asked, kept until the service's connection changes the database. It runs
 * one part of a pass over every member itself and asks for the others to be run elsewhere, and runs the parts
 * other threads ask of it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../domain/database.js';
import { MemberTables } from '../domain/member-tables.js';
import { received } from './member-lists.js';
import { QueryCache } from './query-cache.js';

/**
 * @typedef {import('./member-lists.js').ToThread} ToThread
 * @typedef {import('./member-lists.js').Waiting} Waiting
 */

/**
 * The pages this thread's connection keeps in memory: a list reads rows spread over the whole file, which the
 * system's file cache holds; at a million members 8 MB answered as fast as 32 MB.
 */
const CACHE_MIB = 8;

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const db = openDatabase(workerData.file, { cacheMib: CACHE_MIB });
// reads only; a reader of a WAL database waits rather than fails in the rare moments it must (a recovery)
db.exec('PRAGMA query_only = 1; PRAGMA busy_timeout = 5000');

/** @type {Map<number, Waiting>} the parts of this thread's passes run elsewhere */
const passing = new Map();
let next = 0;

const tables = new MemberTables(db, {
  ...workerData.tables,
  // the other parts are asked for first, so that they run while this thread runs its own
  runParts: async (parts) => {
    const elsewhere = Promise.all(
      parts.slice(1).map(
        (part) =>
          new Promise((resolve, reject) => {
            const id = next++;
            passing.set(id, { resolve, reject });
            port.postMessage({ kind: 'pass', id, part });
          }),
      ),
    );
    elsewhere.catch(() => {}); // when this thread's own part fails first
    const here = tables.pass(parts[0]);
    return [here, ...(await elsewhere)];
  },
});
// changes with every commit of another connection
const dataVersion = db.prepare('PRAGMA data_version');
const cache = new QueryCache();

/** @param {Extract<ToThread, { kind: 'page' }>} asked */
function page({ key, query, offset, limit }) {
  const version = /** @type {{ data_version: number }} */ (dataVersion.get()).data_version;
  return cache.page(version, key, () => tables.findMembers(received(query)), offset, limit);
}

port.on('message', async (/** @type {ToThread} */ message) => {
  if (message.kind === 'passed') {
    const waiting = passing.get(message.id);
    passing.delete(message.id);
    if (message.error === undefined) waiting?.resolve(message.counted);
    else waiting?.reject(new Error(message.error));
    return;
  }
  try {
    const value = message.kind === 'pass' ? tables.pass(message.part) : await page(message);
    port.postMessage({ kind: 'answer', id: message.id, value });
  } catch (error) {
    port.postMessage({ kind: 'answer', id: message.id, error: String(/** @type {Error} */ (error)?.stack ?? error) });
  }
});
