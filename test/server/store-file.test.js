/**
 * The data file (`--data FILE`): private, refused when it is not a store (and then left untouched), a failed
 * write leaves the store as it was, leftovers of a dead process are cleaned up, the journal is read back.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, MEMBERS } from '../../server/domain/fixtures.js';
import { Store } from '../../server/domain/store.js';
import { startService } from '../../server/index.js';
import { api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

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

describe('a failed write', () => {
  it('leaves memory as it was, so a retry after the folder is back answers 201, not 409', async () => {
    const data = await folder();
    const file = join(data, 'store.json');
    const { service, base, operator } = await startTestService({ dataFile: file, operatorToken: true });
    const url = `${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`;
    const body = { data: { type: 'account_membership', account_member_id: MEMBERS.grace.id } };

    await rm(data, { recursive: true, force: true });
    const failed = await api(url, { method: 'POST', token: operator, body });
    assert.equal(failed.status, 503);
    assert.equal(failed.body.errors[0].status, '503');
    assert.match(failed.body.errors[0].detail, /could not be written .*\(its folder is gone\); nothing was changed/);
    assert.equal(failed.headers.get('retry-after'), '30');
    assert.equal((await api(url, { token: operator })).body.data.length, 0, 'the membership is not kept in memory');

    await mkdir(data);
    const retried = await api(url, { method: 'POST', token: operator, body });
    assert.equal(retried.status, 201);
    // the folder came back empty: the service writes the whole store again
    await service.store.idle();
    const saved = JSON.parse(await readFile(file, 'utf8'));
    assert.deepEqual(
      saved.memberships
        .filter((/** @type {any} */ ms) => ms.account_id === ACCOUNTS.empty.id)
        .map((/** @type {any} */ ms) => ms.id),
      [retried.body.data.id],
    );
  });

  it('rolls back members, profiles, releases, the signing secret and a reset too', async () => {
    const data = await folder();
    const store = await Store.open({ dataFile: join(data, 'store.json') });
    const members = store.data.members.length;
    const profiles = store.data.profiles.length;
    const catalog = store.catalogs[0];
    const releases = [...catalog.releases];
    const updated = catalog.updated_at;
    const secret = store.signingSecret();
    await store.createMembership(ACCOUNTS.empty.id, MEMBERS.ada.id);
    await rm(data, { recursive: true, force: true });

    await assert.rejects(store.createMember({ name: 'Nobody', email: 'nobody@example.com' }));
    assert.equal(store.data.members.length, members);
    assert.equal(store.memberByEmail('nobody@example.com'), undefined);
    await assert.rejects(
      store.addMembersBulk([
        { name: 'A', email: 'a.bulk@example.com' },
        { name: 'B', email: 'b.bulk@example.com' },
      ]),
    );
    assert.equal(store.data.members.length, members);
    assert.equal(store.memberByEmail('a.bulk@example.com'), undefined);
    await assert.rejects(
      store.createProfile({
        realm_id: store.settings.realm_id,
        name: 'x',
        discovery_url: 'https://x.example',
        client_id: 'c',
        client_secret: 's',
      }),
    );
    assert.equal(store.data.profiles.length, profiles);
    await assert.rejects(store.publish(catalog.id, { fullPublish: true }));
    assert.deepEqual(catalog.releases, releases);
    assert.equal(catalog.updated_at, updated);
    await assert.rejects(store.setSigningSecret('other'));
    assert.equal(store.signingSecret(), secret);
    await assert.rejects(store.reset());
    assert.equal(store.membershipsOf(ACCOUNTS.empty.id).length, 1, 'the reset is undone');
  });

  it('refuses every change queued behind a failed write, undoing them newest first', async () => {
    const data = await folder();
    const store = await Store.open({ dataFile: join(data, 'store.json') });
    const catalog = store.catalogs[0];
    const releases = [...catalog.releases];
    await rm(data, { recursive: true, force: true });
    const results = await Promise.allSettled([
      store.publish(catalog.id, {}),
      store.publish(catalog.id, {}),
      store.publish(catalog.id, { fullPublish: true }),
      store.createMembership(ACCOUNTS.empty.id, MEMBERS.ada.id),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected', 'rejected', 'rejected'],
    );
    assert.deepEqual(catalog.releases, releases);
    assert.equal(store.membershipsOf(ACCOUNTS.empty.id).length, 0);
  });
});

describe('the data file is private', { skip: !isPosix }, () => {
  it('is created with mode 0600, stays so after changes, and so is its journal', async () => {
    const data = await folder();
    const file = join(data, 'private.json');
    const { service, base, operator } = await startTestService({ dataFile: file, operatorToken: true });
    assert.equal((await stat(file)).mode & 0o777, 0o600, 'after the first save');
    const created = await api(`${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`, {
      method: 'POST',
      token: operator,
      body: { data: { type: 'account_membership', account_member_id: MEMBERS.ada.id } },
    });
    assert.equal(created.status, 201);
    const journals = (await readdir(data)).filter((name) => name.includes('.journal.'));
    assert.equal(journals.length, 1);
    assert.equal((await stat(join(data, journals[0]))).mode & 0o777, 0o600, 'the journal');
    await service.store.compact();
    assert.equal((await stat(file)).mode & 0o777, 0o600, 'after a new snapshot');
  });

  it('makes a readable data file private at start', async () => {
    const data = await folder();
    const file = join(data, 'store.json');
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

  it('names the damaged part of a store', async () => {
    const file = join(await folder(), 'store.json');
    await (await Store.open({ dataFile: file })).close();
    const store = JSON.parse(await readFile(file, 'utf8'));
    store.members[3].email = 42;
    await writeFile(file, JSON.stringify(store));
    await assert.rejects(Store.open({ dataFile: file }), /members\[3\]\.email must be a string/);
    store.members = { a: 1 };
    await writeFile(file, JSON.stringify(store));
    await assert.rejects(Store.open({ dataFile: file }), /members must be a list/);
  });

  it('refuses an empty signing_secret, naming it, rather than giving the store a new key silently', async () => {
    const file = join(await folder(), 'store.json');
    await (await Store.open({ dataFile: file })).close();
    const store = JSON.parse(await readFile(file, 'utf8'));
    store.signing_secret = '';
    const text = JSON.stringify(store);
    await writeFile(file, text);
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

describe('leftovers', () => {
  it('removes temporary files of a process that died, keeps those of a live one', async () => {
    const data = await folder();
    const file = join(data, 'store.json');
    await (await Store.open({ dataFile: file })).close();
    const dead = `store.json.999999999.${randomUUID()}.tmp`;
    const live = `store.json.${process.ppid}.${randomUUID()}.tmp`;
    await writeFile(join(data, dead), '{"half":');
    await writeFile(join(data, live), '{"half":');
    const store = await Store.open({ dataFile: file });
    await store.close();
    const names = await readdir(data);
    assert.ok(!names.includes(dead), 'the dead process left it');
    assert.ok(names.includes(live), 'another running process may still be writing it');
  });

  it('refuses a journal damaged before its end', async () => {
    const data = await folder();
    const file = join(data, 'store.json');
    await (await Store.open({ dataFile: file })).close();
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
