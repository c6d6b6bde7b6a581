/**
 * The reference service with its data file on a small file system of its own, to meet a full disk and a read-only
 * folder for real. Run inside a user and mount namespace (`unshare -rm node confined-service.js FOLDER KB`), where
 * it may mount a tmpfs of KB kilobytes over FOLDER (seen by nothing outside). It prints one JSON line, `{baseUrl}`
 * or `{error}`, then takes commands on stdin, one a line, answering each with a JSON line:
 * `fill` (fills the disk), `free` (frees it), `read-only`, `writable`.
 * With `--read-only` the file system is read-only before the service starts.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startService } from '../../server/index.js';

const [folder, kilobytes] = process.argv.slice(2);
const mount = (/** @type {string} */ options) =>
  execFileSync('mount', ['-t', 'tmpfs', '-o', `${options},size=${kilobytes}k`, 'confined', folder]);
const remount = (/** @type {string} */ mode) => execFileSync('mount', ['-o', `remount,${mode}`, folder]);
const filler = join(folder, 'filler');

mount('rw');
if (process.argv.includes('--read-only')) remount('ro');

/** @type {Record<string, () => void>} */
const commands = {
  'fill'() {
    // one byte at the end of a file as large as the disk: written until the disk says it is full
    const chunk = Buffer.alloc(4096, 'x');
    try {
      for (;;) writeFileSync(filler, chunk, { flag: 'a' });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOSPC') throw error;
    }
  },
  'free': () => rmSync(filler, { force: true }),
  'read-only': () => remount('ro'),
  'writable': () => remount('rw'),
};

try {
  const service = await startService({ port: 0, quiet: true, dataFile: join(folder, 'store.json') });
  console.log(JSON.stringify({ baseUrl: service.baseUrl }));
} catch (error) {
  console.log(JSON.stringify({ error: /** @type {Error} */ (error).message }));
  process.exit(0);
}
for await (const line of createInterface({ input: process.stdin })) {
  commands[line]?.();
  console.log(JSON.stringify({ done: line }));
}
process.exit(0);
