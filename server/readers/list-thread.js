/**
 * One thread answering the members lists: its own connection to the store's database file, read only, and the
 * matches of the queries it was last asked, kept until the service's connection changes the database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../domain/database.js';
import { MemberTables } from '../domain/member-tables.js';
import { received } from './member-lists.js';
import { QueryCache } from './query-cache.js';

/**
 * The pages this thread's connection keeps in memory: a list reads rows spread over the whole file, which the
 * system's file cache holds; at a million members 8 MB answered as fast as 32 MB.
 */
const CACHE_MIB = 8;

const db = openDatabase(workerData.file, { cacheMib: CACHE_MIB });
// reads only; a reader of a WAL database waits rather than fails in the rare moments it must (a recovery)
db.exec('PRAGMA query_only = 1; PRAGMA busy_timeout = 5000');
const tables = new MemberTables(db, workerData.bounds);
// changes with every commit of another connection
const dataVersion = db.prepare('PRAGMA data_version');
/** @type {QueryCache<import('../domain/member-tables.js').MemberMatches>} */
const cache = new QueryCache();

parentPort?.on('message', (/** @type {import('./member-lists.js').PageAsked} */ { id, key, query, offset, limit }) => {
  try {
    const version = /** @type {{ data_version: number }} */ (dataVersion.get()).data_version;
    const matched = cache.get(version, key, () => tables.findMembers(received(query)));
    parentPort?.postMessage({ id, total: matched.total, rows: matched.page(offset, limit) });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(/** @type {Error} */ (error)?.stack ?? error) });
  }
});
