/**
 * The data file (`--data FILE`, a database): private, refused when it is not a store (and then left untouched),
 * a failed write leaves the store as it was; a data file of 0.1.0 and its journal are checked as they were.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, MEMBERS } from '../support/fixtures.js';
import { Store } from '../../server/domain/store.js';
import { startService } from '../../server/index.js';
import { api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';
import { toEnvelope } from '../../server/http/errors.js';
import { writeLegacyStore } from '../support/legacy-store.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-store-'));
});
after(() => rm(dir, { recursive: true, force: true }));

/** A fresh folder for one test. */
async function folder() {
  const path = join(dir, randomUUID());
  await mkdir(path);
  return path;
}

const isPosix = process.platform !== 'win32';

/**
 * Lets the database grow by `pages` pages at most (0: no more than now), as a disk that is full.
 * @param {Store} store
 * @param {number} pages
 */
function diskFull(store, pages = 0) {
  const { page_count: now } = /** @type {any} */ (store.db.prepare('PRAGMA page_count').get());
  store.db.exec(`PRAGMA max_page_count = ${now + pages}`);
}

describe('a write the disk cannot take', () => {
  it('is refused as 503 with Retry-After, changes nothing, and is taken once there is room', async () => {
    const store = await Store.open({ dataFile: join(await folder(), 'store.db') });
    const members = store.memberCount;
    const profiles = store.data.profiles.length;
    const bulk = Array.from({ length: 2000 }, (_, i) => ({ name: `Bulk ${i}`, email: `bulk${i}@example.com` }));
    const profile = {
      realm_id: store.settings.realm_id,
      name: 'x'.repeat(20_000),
      discovery_url: 'https://x.example',
      client_id: 'c',
      client_secret: 's',
    };
    diskFull(store);

    const refused = await store.addMembersBulk(bulk).catch((error) => toEnvelope(error));
    assert.equal(refused?.status, 503);
    assert.equal(refused?.headers['Retry-After'], '30');
    assert.match(
      refused?.body.errors[0].detail ?? '',
      /could not be written .*\(the disk is full\); nothing was changed/,
    );
    assert.equal(store.memberCount, members);
    assert.equal(store.memberByEmail('bulk1@example.com'), undefined);
    await assert.rejects(store.createProfile(profile));
    assert.equal(store.data.profiles.length, profiles);

    diskFull(store, 10_000);
    await store.addMembersBulk(bulk);
    await store.createProfile(profile);
    assert.equal(store.memberCount, members + bulk.length);
    assert.equal(store.data.profiles.length, profiles + 1);
    await store.close();
  });
});

describe('the data file is private', { skip: !isPosix }, () => {
  it('is created with mode 0600, stays so after changes, and so is its write-ahead log', async () => {
    const data = await folder();
    const file = join(data, 'private.db');
    const { base, operator } = await startTestService({ dataFile: file, operatorToken: true });
    assert.equal((await stat(file)).mode & 0o777, 0o600, 'when made');
    const created = await api(`${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`, {
      method: 'POST',
      token: operator,
      body: { data: { type: 'account_membership', account_member_id: MEMBERS.ada.id } },
    });
    assert.equal(created.status, 201);
    for (const name of await readdir(data)) {
      assert.equal((await stat(join(data, name))).mode & 0o777, 0o600, name);
    }
  });

  it('makes a readable data file private at start', async () => {
    const data = await folder();
    const file = join(data, 'store.db');
    await (await Store.open({ dataFile: file })).close();
    await chmod(file, 0o644);
    await (await Store.open({ dataFile: file })).close();
    assert.equal((await stat(file)).mode & 0o777, 0o600);
  });
});

describe('a data file that is not a store', () => {
  const cases = /** @type {Array<[string, string, RegExp]>} */ ([
    ['null', 'null', /is not a store of this service: it holds null/],
    ['a list', '[]', /is not a store of this service: it holds a list/],
    ['another program', '{"name":"my-app","version":"1.0.0"}', /has no settings, profiles, accounts, members/],
    ['invalid JSON', '{"members": [', /is not valid JSON/],
    ['an empty file', '', /is not valid JSON/],
  ]);
  for (const [what, text, message] of cases) {
    it(`refuses ${what} at start, naming the file and what is wrong, and leaves it untouched`, async () => {
      const file = join(await folder(), 'store.json');
      await writeFile(file, text);
      const before = await stat(file);
      await assert.rejects(startService({ port: 0, quiet: true, dataFile: file }), (error) => {
        assert.ok(error instanceof Error);
        assert.ok(error.message.includes(file), error.message);
        assert.match(error.message, message);
        return true;
      });
      assert.equal(await readFile(file, 'utf8'), text);
      assert.equal((await stat(file)).mtimeMs, before.mtimeMs);
    });
  }

  it('names the damaged part of a store of 0.1.0', async () => {
    const file = join(await folder(), 'store.json');
    await writeLegacyStore(file, { edit: (store) => (store.members[3].email = 42) });
    await assert.rejects(Store.open({ dataFile: file }), /members\[3\]\.email must be a string/);
    await writeLegacyStore(file, { edit: (store) => (store.members = { a: 1 }) });
    await assert.rejects(Store.open({ dataFile: file }), /members must be a list/);
  });

  it('refuses a store of 0.1.0 too large to be read at once (512 MB, some 2.4 million members)', async () => {
    const file = join(await folder(), 'store.json');
    await writeLegacyStore(file);
    await truncate(file, 2 ** 29); // a sparse file: no disk is filled
    await assert.rejects(Store.open({ dataFile: file }), /store\.json is larger than 512 MB, more than this version/);
    assert.equal((await stat(file)).size, 2 ** 29);
  });

  it('refuses an empty signing_secret, naming it, rather than giving the store a new key silently', async () => {
    const file = join(await folder(), 'store.json');
    await writeLegacyStore(file, { edit: (store) => (store.signing_secret = '') });
    const text = await readFile(file, 'utf8');
    await assert.rejects(Store.open({ dataFile: file }), /signing_secret must not be empty/);
    assert.equal(await readFile(file, 'utf8'), text);
  });

  it('makes the command line stop with the message and exit code 1', async () => {
    const file = join(await folder(), 'store.json');
    await writeFile(file, '[]');
    const cli = fileURLToPath(new URL('../../server/cli.js', import.meta.url));
    const child = spawn(process.execPath, [cli, '--port', '0', '--data', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 1);
    assert.match(err, /Could not start: The data file .*store\.json is not a store of this service: it holds a list/);
    assert.equal(await readFile(file, 'utf8'), '[]');
  });
});

describe('the journal of a data file of 0.1.0', () => {
  it('refuses a journal damaged before its end', async () => {
    const data = await folder();
    const file = join(data, 'store.json');
    await writeLegacyStore(file);
    const journal = join(data, 'store.json.journal.1');
    await writeFile(journal, 'not json\n{"n":2,"op":"secret","value":"x"}\n');
    await assert.rejects(Store.open({ dataFile: file }), /journal .*store\.json\.journal\.1 is damaged at line 1/);
  });

  it('refuses a journal without its data file', async () => {
    const data = await folder();
    await writeFile(join(data, 'store.json.journal.1'), '{"n":1,"op":"secret","value":"x"}\n');
    await assert.rejects(Store.open({ dataFile: join(data, 'store.json') }), /is missing while its journal/);
  });
});
