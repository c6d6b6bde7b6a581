/**
 * A data file (`--data FILE`) of the reference service with many members, written straight as JSON text in
 * slices, so that a million members take seconds to write and no more memory than a slice. It is a store as the
 * service writes one (the fixtures, the generated members, a signing secret, `journal_seq`), so the service
 * starts from it as from its own.
 *
 * Members are named `<first> <last> <n>` from 32 first and 32 last names (1,024 person names, each on about
 * 1 in 1,024 members), with addresses `member<n>@bench.example` and one second between their creation times.
 * Every tenth member belongs to one more account, {@link WHOLESALE_ACCOUNT}.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { fixtureId } from '../test/support/fixtures.js';
import { defaultStoreData } from '../server/domain/store.js';

export const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Barbara',
  'Dennis',
  'Frances',
  'Ken',
  'Margaret',
  'Radia',
  'Tim',
  'Vint',
  'Hedy',
  'John',
  'Mary',
  'Sophie',
  'Edsger',
  'Donald',
  'Niklaus',
  'Leslie',
  'Shafi',
  'Judea',
  'Robin',
  'Whitfield',
  'Adele',
  'Jean',
  'Kathleen',
  'Evelyn',
  'Carl',
  'Claude',
  'Stephen',
  'Annie',
];
export const LAST_NAMES = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Liskov',
  'Ritchie',
  'Allen',
  'Thompson',
  'Hamilton',
  'Perlman',
  'Lee',
  'Cerf',
  'Lamarr',
  'Backus',
  'Jackson',
  'Wilson',
  'Dijkstra',
  'Knuth',
  'Wirth',
  'Lamport',
  'Goldwasser',
  'Pearl',
  'Milner',
  'Diffie',
  'Goldberg',
  'Sammet',
  'Booth',
  'Boyd',
  'Petri',
  'Shannon',
  'Cook',
  'Easley',
];

/** Every person name of the generated members, `<first> <last>`, first names varying fastest. */
export const PERSON_NAMES = LAST_NAMES.flatMap((last) => FIRST_NAMES.map((first) => `${first} ${last}`));

/** The account every tenth generated member belongs to. */
export const WHOLESALE_ACCOUNT = { id: fixtureId('account:bench-wholesale'), name: 'Bench Wholesale' };
const MEMBERSHIP_EVERY = 10;

const SLICE = 10_000;
const START = Date.UTC(2024, 0, 1);

/** @param {number} n */
export const memberEmail = (n) => `member${n}@bench.example`;

/**
 * A generated member, and its JSON text (written by hand: its values need no escaping, and it is several
 * times faster than `JSON.stringify` for a million of them).
 * @param {number} n
 */
function member(n) {
  const at = new Date(START + n * 1000).toISOString();
  const id = randomUUID();
  const name = `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]} ${n}`;
  const json = `{"id":"${id}","name":"${name}","email":"${memberEmail(n)}","created_at":"${at}","updated_at":"${at}"}`;
  return { id, at, json };
}

/**
 * Writes a store of `count` generated members (besides the fixtures) to `file`.
 * @param {string} file
 * @param {number} count
 * @returns {Promise<{ memberships: number }>}
 */
export async function writeStoreFile(file, count) {
  const data = defaultStoreData();
  const { members, memberships, ...head } = data;
  const at = new Date(START).toISOString();
  head.accounts.push({ ...WHOLESALE_ACCOUNT, created_at: at, updated_at: at });
  const handle = await open(file, 'w', 0o600);
  try {
    const text = JSON.stringify({ ...head, signing_secret: randomBytes(32).toString('base64url'), journal_seq: 0 });
    await handle.write(`${text.slice(0, -1)},"members":[${members.map((m) => JSON.stringify(m)).join(',')}`);
    /** @type {Array<{ id: string, at: string }>} */
    const joined = [];
    for (let from = 0; from < count; from += SLICE) {
      const slice = Array.from({ length: Math.min(SLICE, count - from) }, (_, i) => member(from + i));
      await handle.write(`,${slice.map((m) => m.json).join(',')}`);
      for (let i = 0; i < slice.length; i += MEMBERSHIP_EVERY) joined.push(slice[i]);
    }
    await handle.write(`],"memberships":[${memberships.map((ms) => JSON.stringify(ms)).join(',')}`);
    for (let from = 0; from < joined.length; from += SLICE) {
      const slice = joined.slice(from, from + SLICE).map((m) =>
        JSON.stringify({
          id: randomUUID(),
          account_id: WHOLESALE_ACCOUNT.id,
          account_member_id: m.id,
          created_at: m.at,
          updated_at: m.at,
        }),
      );
      await handle.write(`,${slice.join(',')}`);
    }
    await handle.write(']}');
    return { memberships: joined.length };
  } finally {
    await handle.close();
  }
}
