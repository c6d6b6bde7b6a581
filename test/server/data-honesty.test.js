/**
 * The data file and its journal are believed only when whole: every kind of damage is refused at start naming the
 * file and the line, unless the operator asks for a repair, which says what it drops. A full disk or a read-only
 * folder is met with 503 and Retry-After while running, and with a sentence at start.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, CATALOGS, MEMBERS } from '../support/fixtures.js';
import { Store } from '../../server/domain/store.js';
import { api, accessToken } from '../support/service-client.js';
import { legacySnapshot, writeLegacyStore } from '../support/legacy-store.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-honesty-'));
});
after(() => rm(dir, { recursive: true, force: true }));

let folders = 0;

/**
 * A store of 0.1.0 left as a process killed after five answered changes leaves it: its data file, and a journal of
 * five lines (a member, three memberships, a release).
 */
async function killedAfterFiveChanges() {
  const folder = join(dir, String(folders++));
  await mkdir(folder);
  const file = join(folder, 'store.json');
  const at = new Date().toISOString();
  const member = {
    id: randomUUID(),
    name: 'Journal Person',
    email: 'journal@example.com',
    created_at: at,
    updated_at: at,
  };
  const membership = (/** @type {string} */ memberId) => ({
    op: 'membership',
    record: {
      id: randomUUID(),
      account_id: ACCOUNTS.empty.id,
      account_member_id: memberId,
      created_at: at,
      updated_at: at,
    },
  });
  const release = { id: randomUUID(), is_full_publish: false, is_full_delta: false, published_at: at };
  await writeLegacyStore(file, {
    changes: [
      { op: 'member', record: member },
      membership(member.id),
      membership(MEMBERS.ada.id),
      membership(MEMBERS.grace.id),
      { op: 'release', catalog_id: Object.values(CATALOGS)[0].id, release },
    ],
  });
  const journal = `${file}.journal.1`;
  const lines = (await readFile(journal, 'utf8')).split('\n').slice(0, -1);
  assert.equal(lines.length, 5);
  return { folder, file, journal, lines };
}

/**
 * @param {string} file
 * @param {{ repair?: boolean }} [options]
 */
async function reopen(file, { repair = false } = {}) {
  /** @type {string[]} */
  const said = [];
  const log = (/** @type {string} */ message) => {
    // what the import drops is said; that it imported is said too, and counted apart
    if (!message.startsWith('imported the data file')) said.push(message);
  };
  const store = await Store.open({ dataFile: file, repair, log });
  return { store, said };
}

/**
 * @param {string} file
 * @param {string} named the file the refusal names
 * @param {number} line
 * @param {RegExp} problem
 */
async function assertRefused(file, named, line, problem) {
  const before = await snapshotOf(dirOf(file));
  await assert.rejects(reopen(file), (error) => {
    assert.ok(error instanceof Error);
    assert.ok(error.message.includes(`${named} is damaged at line ${line}: `), error.message);
    assert.match(error.message, problem);
    assert.match(error.message, /--repair/);
    return true;
  });
  assert.deepEqual(await snapshotOf(dirOf(file)), before, 'nothing was written');
}

const dirOf = (/** @type {string} */ file) => file.slice(0, file.lastIndexOf('/'));

/** The files of a folder and what they hold. */
async function snapshotOf(/** @type {string} */ folder) {
  const names = (await readdir(folder)).sort();
  return Promise.all(names.map(async (name) => [name, await readFile(join(folder, name), 'utf8')]));
}

/** @param {string[]} lines */
const text = (lines) => lines.map((line) => `${line}\n`).join('');

/**
 * A store of 0.1.0 written whole (one snapshot), then the line of one member's record changed by `damage`;
 * resolves with the file and that line (from 1).
 * @param {string} memberId
 * @param {(line: string) => string} damage
 */
async function snapshotWithDamagedMember(memberId, damage) {
  const folder = join(dir, String(folders++));
  await mkdir(folder);
  const file = join(folder, 'store.json');
  await writeLegacyStore(file);
  const saved = (await readFile(file, 'utf8')).split('\n');
  const at = saved.findIndex((line) => line.includes(memberId) && line.includes('"email"'));
  saved[at] = damage(saved[at]);
  await writeFile(file, saved.join('\n'));
  return { file, line: at + 1 };
}

describe('a damaged journal is refused at start, naming the file and line', () => {
  /** @type {Array<[string, (lines: string[]) => string, number, RegExp]>} */
  const kinds = [
    ['a garbled line', (lines) => text([lines[0], '{"n":2,"op":"memb#@!', ...lines.slice(2)]), 2, /it is not JSON/],
    [
      'a last line cut short',
      (lines) => text(lines.slice(0, 4)) + lines[4].slice(0, 30),
      5,
      /the last line is cut short/,
    ],
    [
      'a line that is no change',
      (lines) => text([lines[0], '{"hello":"world"}', ...lines.slice(2)]),
      2,
      /no change number/,
    ],
    [
      'an unknown change',
      (lines) => text([lines[0], lines[1].replace('"op":"membership"', '"op":"delete_everything"'), ...lines.slice(2)]),
      2,
      /an unknown change "delete_everything"/,
    ],
    [
      'a change with a damaged record',
      (lines) => text([lines[0].replace(/"email":"[^"]*"/, '"email":7'), ...lines.slice(1)]),
      1,
      /the change\.record\.email must be a string/,
    ],
    [
      'a line removed',
      (lines) => text([lines[0], ...lines.slice(2)]),
      2,
      /change 3 follows change 1: the changes between are missing/,
    ],
    ['a line twice', (lines) => text([lines[0], lines[1], lines[1], ...lines.slice(2)]), 3, /change 2 is there twice/],
    ['an emptied journal (0 of 5 changes kept)', () => '', 1, /the journal is empty/],
    [
      'a change that does not apply',
      (lines) =>
        text([...lines.slice(0, 4), lines[4].replace(/"catalog_id":"[^"]*"/, '"catalog_id":"no-such-catalog"')]),
      5,
      /unknown catalog no-such-catalog/,
    ],
  ];
  for (const [what, damage, line, problem] of kinds) {
    it(what, async () => {
      const { file, journal, lines } = await killedAfterFiveChanges();
      await writeFile(journal, damage(lines));
      await assertRefused(file, journal, line, problem);
    });
  }
});

describe('a damaged data file is refused at start, naming the line', () => {
  it('a record damaged (one record a line)', async () => {
    const { file, line } = await snapshotWithDamagedMember(MEMBERS.grace.id, (record) =>
      record.replace(/"email":"[^"]*"/, '"email":false'),
    );
    await assertRefused(file, file, line, /members\[\d+\]\.email must be a string/);
  });

  it("a record of the store's clients or identity-provider users (on the first line, with the small parts)", async () => {
    const folder = join(dir, String(folders++));
    await mkdir(folder);
    const file = join(folder, 'store.json');
    await writeFile(file, legacySnapshot());
    const saved = await readFile(file, 'utf8');
    await writeFile(file, saved.replace(/"idp_users":\[\{"sub":"[^"]*"/, '"idp_users":[{"sub":42'));
    await assertRefused(file, file, 1, /idp_users\[0\]\.sub must be a string/);
  });

  it('a line garbled, so that the file is no JSON', async () => {
    const { file, line } = await snapshotWithDamagedMember(MEMBERS.ada.id, (record) => record.slice(0, 20));
    await assert.rejects(reopen(file), new RegExp(`${file} is not valid JSON at line ${line} `));
    // nothing smaller than the file could be dropped: a repair refuses it too
    await assert.rejects(reopen(file, { repair: true }), /is not valid JSON/);
  });

  it('a record id held twice, at the later record (the database refuses it), in whatever layout FILE is', async () => {
    const folder = join(dir, String(folders++));
    await mkdir(folder);
    const file = join(folder, 'store.json');
    await writeFile(
      file,
      legacySnapshot((store) => store.members.push({ ...store.members[1], name: 'Twice' })),
    );
    const at = (await readFile(file, 'utf8')).split('\n').findIndex((line) => line.includes('"Twice"')) + 1;
    const twice = new RegExp(`the id ${MEMBERS.grace.id} is there twice \\(the later record\\)`);
    await assertRefused(file, file, at, twice);
    // one line, as the service's benchmark writes a store; or indented, as a person may have saved it
    const store = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify(store));
    await assertRefused(file, file, 1, twice);
    const indented = JSON.stringify(store, null, 2);
    await writeFile(file, indented);
    const line = indented.split('\n').findIndex((text) => text.includes('"Twice"')) - 1;
    assert.match(indented.split('\n')[line - 1], /^ {4}\{$/, 'the record starts at that line');
    await assertRefused(file, file, line, twice);
  });

  it('a file cut short', async () => {
    const file = join(dir, `store-${folders++}.json`);
    await writeFile(file, legacySnapshot());
    const saved = await readFile(file, 'utf8');
    const cut = Math.floor(saved.length * 0.6);
    await writeFile(file, saved.slice(0, cut));
    const line = saved.slice(0, cut).split('\n').length;
    await assert.rejects(reopen(file), new RegExp(`is not valid JSON at line ${line} `));
  });
});

describe('--repair', () => {
  it('drops the damaged journal lines, says which, keeps the rest and the damaged journal aside', async () => {
    const { folder, file, journal, lines } = await killedAfterFiveChanges();
    await writeFile(journal, text([lines[0], lines[1], 'garbage', lines[3]]) + lines[4].slice(0, 25));
    const { store, said } = await reopen(file, { repair: true });
    assert.equal(said.length, 3, said.join('\n'));
    assert.match(
      said[0],
      new RegExp(`dropped line 3\\. The journal ${journal} is damaged at line 3: it is not JSON\\. It held: garbage`),
    );
    assert.match(said[1], /dropped line 5\. .* the last line is cut short/);
    assert.match(said[2], /kept line 4\. .* change 4 follows change 2: the changes between are missing/);
    assert.ok(store.memberByEmail('journal@example.com'), 'the changes before are kept');
    assert.deepEqual(
      store
        .membershipsOf(ACCOUNTS.empty.id)
        .map((ms) => ms.account_member_id)
        .sort(),
      [store.memberByEmail('journal@example.com')?.id, MEMBERS.grace.id].sort(),
      'the change after the damaged line is kept too',
    );
    await store.close();
    // the import kept the old files, the damaged journal with them, as the backup
    assert.deepEqual((await readdir(folder)).sort(), ['store.json', 'store.json.0.1.0', 'store.json.0.1.0.journal.1']);
    // and it starts again without a repair
    const again = await reopen(file);
    assert.deepEqual(again.said, []);
    assert.equal(again.store.membershipsOf(ACCOUNTS.empty.id).length, 2);
  });

  it('drops a damaged record of the data file and says so', async () => {
    const { file, line } = await snapshotWithDamagedMember(MEMBERS.grace.id, (record) =>
      record.replace(/"name":"[^"]*"/, '"name":null'),
    );
    const { store, said } = await reopen(file, { repair: true });
    assert.match(
      said[0],
      new RegExp(`The data file ${file} is damaged at line ${line}: members\\[\\d+\\]\\.name must be a string`),
    );
    // her memberships name a member no longer there: dropped too, each said
    assert.ok(
      said.slice(1).every((message) => message.includes(`names the member ${MEMBERS.grace.id}`)),
      said.join('\n'),
    );
    assert.equal(store.member(MEMBERS.grace.id), undefined);
    assert.ok(store.member(MEMBERS.ada.id));
  });

  it('drops a membership the database refuses (it repeats one), and keeps the signing secret', async () => {
    const folder = join(dir, String(folders++));
    await mkdir(folder);
    const file = join(folder, 'store.json');
    /** @type {any} */
    let saved;
    await writeFile(
      file,
      legacySnapshot((store) => {
        store.memberships.push({ ...store.memberships[0], id: randomUUID() });
        saved = store;
      }),
    );
    const repeated = saved.memberships.at(-1);
    const { store, said } = await reopen(file, { repair: true });
    assert.equal(said.length, 1, said.join('\n'));
    assert.match(said[0], new RegExp(`dropped line \\d+\\. The data file .* the membership ${repeated.id} names`));
    assert.equal(
      store.membershipsOf(repeated.account_id).length,
      saved.memberships.filter((/** @type {any} */ ms) => ms.account_id === repeated.account_id).length - 1,
    );
    // tokens the service of 0.1.0 signed stay valid
    assert.equal(store.signingSecret(), saved.signing_secret);
    await store.close();
  });

  it('on the command line, prints what it drops', async () => {
    const { file, journal, lines } = await killedAfterFiveChanges();
    await appendFile(journal, 'x');
    const cli = fileURLToPath(new URL('../../server/cli.js', import.meta.url));
    const refused = spawnSync(process.execPath, [cli, '--port', '0', '--data', file], { encoding: 'utf8' });
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, new RegExp(`Could not start: The journal ${journal} is damaged at line 6`));
    const child = spawn(process.execPath, [cli, '--port', '0', '--data', file, '--repair', '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    for await (const line of createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) })) {
      if (line.startsWith('Press Ctrl-C')) break;
    }
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    assert.match(err, /--repair: dropped line 6\. The journal .* the last line is cut short/);
    assert.equal(lines.length, 5);
  });
});

const canConfine =
  process.platform === 'linux' && spawnSync('unshare', ['-rm', 'true'], { stdio: 'ignore' }).status === 0;
const CONFINED = fileURLToPath(new URL('../support/confined-service.js', import.meta.url));

/**
 * The service with its data file on a tmpfs of `kilobytes` of its own (see ../support/confined-service.js).
 * @param {number} kilobytes
 * @param {string[]} [flags]
 */
async function confined(kilobytes, flags = []) {
  const folder = join(dir, `confined-${folders++}`);
  await mkdir(folder);
  const child = spawn('unshare', ['-rm', process.execPath, CONFINED, folder, String(kilobytes), ...flags], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) })[
    Symbol.asyncIterator
  ]();
  const next = async () => JSON.parse((await lines.next()).value);
  const started = /** @type {{ baseUrl?: string, error?: string }} */ (await next());
  return {
    ...started,
    /** @param {string} command */
    async tell(command) {
      child.stdin?.write(`${command}\n`);
      return next();
    },
    close: () => child.kill(),
  };
}

describe('a disk that cannot take a change', { skip: !canConfine }, () => {
  it('answers 503 with Retry-After when the disk is full, keeps serving reads, and takes changes once there is room', async () => {
    const service = await confined(512);
    try {
      const base = /** @type {string} */ (service.baseUrl);
      const operator = await accessToken(base, 'operator');
      const url = `${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`;
      const body = (/** @type {string} */ member) => ({
        data: { type: 'account_membership', account_member_id: member },
      });
      await service.tell('fill');
      const full = await api(url, { method: 'POST', token: operator, body: body(MEMBERS.ada.id) });
      assert.equal(full.status, 503);
      assert.equal(full.headers.get('retry-after'), '30');
      assert.deepEqual(Object.keys(full.body.errors[0]).sort(), ['detail', 'status', 'title']);
      assert.equal(full.body.errors[0].title, 'Service Unavailable');
      assert.match(full.body.errors[0].detail, /\(the disk is full\); nothing was changed/);
      assert.equal((await api(url, { token: operator })).body.data.length, 0, 'reads go on; nothing was kept');
      await service.tell('free');
      assert.equal((await api(url, { method: 'POST', token: operator, body: body(MEMBERS.ada.id) })).status, 201);
    } finally {
      service.close();
    }
  });

  it('refuses to start on a read-only folder, or a disk too full for the first snapshot, with a sentence', async () => {
    const readOnly = await confined(512, ['--read-only']);
    assert.match(
      /** @type {string} */ (readOnly.error),
      /^The service cannot write in the folder .* of the data file .*store\.json \(the file system is read-only\)/,
    );
    const tiny = await confined(4);
    assert.match(
      /** @type {string} */ (tiny.error),
      /^The data file .*store\.json could not be written at start \(the disk is full\)$/,
    );
  });
});
