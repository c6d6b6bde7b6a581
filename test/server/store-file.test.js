/**
 * The data file (`--data FILE`): a failed write leaves the store as it was, and the file is private.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ACCOUNTS, MEMBERS } from '../../server/domain/fixtures.js';
import { Store } from '../../server/domain/store.js';
import { api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-store-'));
});
after(() => rm(dir, { recursive: true, force: true }));

describe('a failed save', () => {
  it('leaves memory as it was, so a retry after the folder is back answers 201, not 409', async () => {
    const folder = join(dir, 'data');
    await mkdir(folder);
    const file = join(folder, 'store.json');
    const { base, operator } = await startTestService({ dataFile: file, operatorToken: true });
    const url = `${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`;
    const body = { data: { type: 'account_membership', account_member_id: MEMBERS.grace.id } };

    await rm(folder, { recursive: true, force: true });
    const failed = await api(url, { method: 'POST', token: operator, body });
    assert.ok(failed.status >= 500 && failed.status < 600, String(failed.status));
    assert.equal(failed.body.errors[0].status, String(failed.status));
    assert.equal((await api(url, { token: operator })).body.data.length, 0, 'the membership is not kept in memory');

    await mkdir(folder);
    const retried = await api(url, { method: 'POST', token: operator, body });
    assert.equal(retried.status, 201);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    assert.deepEqual(
      saved.memberships
        .filter((/** @type {any} */ ms) => ms.account_id === ACCOUNTS.empty.id)
        .map((/** @type {any} */ ms) => ms.id),
      [retried.body.data.id],
    );
  });

  it('rolls back members, profiles, releases and the signing secret too', async () => {
    const folder = join(dir, 'rollback');
    await mkdir(folder);
    const store = new Store({ dataFile: join(folder, 'store.json') });
    const members = store.data.members.length;
    const profiles = store.data.profiles.length;
    const catalog = store.catalogs[0];
    const releases = [...catalog.releases];
    const updated = catalog.updated_at;
    const secret = store.signingSecret();
    await rm(folder, { recursive: true, force: true });

    assert.throws(() => store.createMember({ name: 'Nobody', email: 'nobody@example.com' }));
    assert.equal(store.data.members.length, members);
    assert.equal(store.memberByEmail('nobody@example.com'), undefined);
    assert.throws(() =>
      store.addMembersBulk([
        { name: 'A', email: 'a.bulk@example.com' },
        { name: 'B', email: 'b.bulk@example.com' },
      ]),
    );
    assert.equal(store.data.members.length, members);
    assert.equal(store.memberByEmail('a.bulk@example.com'), undefined);
    assert.throws(() =>
      store.createProfile({
        realm_id: store.settings.realm_id,
        name: 'x',
        discovery_url: 'https://x.example',
        client_id: 'c',
        client_secret: 's',
      }),
    );
    assert.equal(store.data.profiles.length, profiles);
    assert.throws(() => store.publish(catalog.id, { fullPublish: true }));
    assert.deepEqual(catalog.releases, releases);
    assert.equal(catalog.updated_at, updated);
    assert.throws(() => store.setSigningSecret('other'));
    assert.equal(store.signingSecret(), secret);
    assert.throws(() => store.reset());
    assert.equal(store.data.members.length, members);
  });
});

describe('the data file', () => {
  it(
    'is written with mode 0600 (it holds the signing secret and client secrets)',
    { skip: process.platform === 'win32' },
    async () => {
      const file = join(dir, 'private.json');
      const { base, operator } = await startTestService({ dataFile: file, operatorToken: true });
      assert.equal((await stat(file)).mode & 0o777, 0o600, 'after the first save');
      const created = await api(`${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`, {
        method: 'POST',
        token: operator,
        body: { data: { type: 'account_membership', account_member_id: MEMBERS.ada.id } },
      });
      assert.equal(created.status, 201);
      assert.equal((await stat(file)).mode & 0o777, 0o600, 'after a change');
    },
  );
});
