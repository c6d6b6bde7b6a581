// Data files of version 0.1.0, as it wrote them: a snapshot (one record a line) and journals of numbered changes.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { defaultStoreData } from '../../server/domain/store.js';

/**
 * A 0.1.0 snapshot of the default fixtures, changed by `edit`, as its text.
 * @param {(data: any) => void} [edit]
 */
export function legacySnapshot(edit = () => {}) {
  /** @type {any} */
  const data = { ...defaultStoreData(), signing_secret: randomBytes(32).toString('base64url'), journal_seq: 0 };
  edit(data);
  // the small parts on the first line, then the long lists one record a line
  const { members, memberships, ...head } = data;
  const list = (/** @type {string} */ name, /** @type {unknown} */ value) =>
    Array.isArray(value) && value.length
      ? `${JSON.stringify(name)}:[\n${value.map((item) => JSON.stringify(item)).join(',\n')}\n]`
      : `${JSON.stringify(name)}:${JSON.stringify(value)}`;
  return `${JSON.stringify(head).slice(0, -1)},\n${list('members', members)},\n${list('memberships', memberships)}\n}\n`;
}

/**
 * Writes a 0.1.0 data file: the snapshot, and a journal `FILE.journal.1` of `changes` when there are some.
 * @param {string} file
 * @param {{ edit?: (data: any) => void, changes?: Array<Record<string, unknown>> }} [options]
 */
export async function writeLegacyStore(file, { edit, changes = [] } = {}) {
  await writeFile(file, legacySnapshot(edit), { mode: 0o600 });
  if (changes.length) {
    const lines = changes.map((change, i) => `${JSON.stringify({ n: i + 1, ...change })}\n`);
    await writeFile(`${file}.journal.1`, lines.join(''), { mode: 0o600 });
  }
}
