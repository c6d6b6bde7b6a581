/**
 * Tokens whose signature was checked are kept for the requests that follow, and still stop at their expiry,
 * with the secret that signed them, and when what granted them is gone (a membership, a client or its secret).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { Store } from '../../server/domain/store.js';
import { Tokens } from '../../server/domain/tokens.js';

describe('tokens checked before', () => {
  it('are taken again until they expire', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.UTC(2025, 0, 6, 9) });
    const store = new Store();
    const tokens = new Tokens(store);
    const now = Math.floor(Date.now() / 1000);
    const [{ account_id: accountId, account_member_id: accountMemberId }] = store.membershipsOf(store.accounts[0].id);
    const { token } = await tokens.accountToken(accountMemberId, accountId, { expiresAt: now + 60 });
    const subject = { kind: 'account', accountId, accountMemberId };
    assert.deepEqual(await tokens.verify(token), subject);
    assert.deepEqual(await tokens.verify(token), subject, 'kept');
    t.mock.timers.tick(59_999);
    assert.deepEqual(await tokens.verify(token), subject, 'the last moment of its last second');
    t.mock.timers.tick(1);
    assert.equal(await tokens.verify(token), null, 'expired');
  });

  it('are refused once the store signs with another secret', async () => {
    const store = new Store();
    const tokens = new Tokens(store);
    const { access_token: token } = await tokens.accessToken('client_credentials', 'admin');
    assert.deepEqual(await tokens.verify(token), { kind: 'operator', clientId: 'admin' });
    await store.setSigningSecret(Buffer.alloc(32, 7).toString('base64url'));
    assert.equal(await tokens.verify(token), null);
  });

  it('are kept whole: what a request is given cannot change what the next one reads', async () => {
    const tokens = new Tokens(new Store());
    const { access_token: token } = await tokens.accessToken('implicit', 'storefront');
    const first = /** @type {any} */ (await tokens.verify(token));
    assert.throws(() => {
      first.kind = 'operator';
    }, TypeError);
    assert.deepEqual(await tokens.verify(token), { kind: 'implicit', clientId: 'storefront' });
  });
});

/**
 * A store kept in a database file, and the same store after the file was edited and the service started again.
 * @param {(db: DatabaseSync) => void} edit
 */
async function editedAndRestarted(edit) {
  const file = join(mkdtempSync(join(tmpdir(), 'storefront-tokens-')), 'store.db');
  const store = await Store.open({ dataFile: file });
  after(() => rmSync(dirname(file), { recursive: true, force: true }));
  return {
    store,
    async restart() {
      await store.close();
      const db = new DatabaseSync(file);
      edit(db);
      db.close();
      const restarted = await Store.open({ dataFile: file });
      after(() => restarted.close());
      return new Tokens(restarted);
    },
  };
}

describe('a token holds only while what granted it does', () => {
  it('an account token, while its member belongs to the account (the data file edited, the service restarted)', async () => {
    let removed;
    const { store, restart } = await editedAndRestarted((db) => {
      db.prepare('DELETE FROM memberships WHERE id = ?').run(removed.id);
    });
    const memberships = store.accounts.flatMap((account) => store.membershipsOf(account.id));
    [removed] = memberships;
    const kept = memberships.find((/** @type {any} */ m) => m.id !== removed.id);
    const tokens = new Tokens(store);
    const gone = (await tokens.accountToken(removed.account_member_id, removed.account_id)).token;
    const still = (await tokens.accountToken(kept.account_member_id, kept.account_id)).token;
    const restarted = await restart();
    assert.equal(await restarted.verify(gone), null);
    assert.deepEqual(await restarted.verify(still), {
      kind: 'account',
      accountId: kept.account_id,
      accountMemberId: kept.account_member_id,
    });
  });

  it('an operator token, while its client has the secret it was granted with; any access token, while its client exists', async () => {
    const { store, restart } = await editedAndRestarted((db) => {
      const row = /** @type {{ value: string }} */ (
        db.prepare("SELECT value FROM store_values WHERE name = 'clients'").get()
      );
      const clients = JSON.parse(row.value);
      clients.find((/** @type {any} */ c) => c.client_id === 'admin').client_secret = 'a new secret';
      const kept = clients.filter((/** @type {any} */ c) => c.client_id !== 'storefront');
      db.prepare("UPDATE store_values SET value = ? WHERE name = 'clients'").run(JSON.stringify(kept));
    });
    const tokens = new Tokens(store);
    const { access_token: operator } = await tokens.accessToken('client_credentials', 'admin');
    const { access_token: implicit } = await tokens.accessToken('implicit', 'storefront');
    assert.deepEqual(await tokens.verify(operator), { kind: 'operator', clientId: 'admin' });
    const restarted = await restart();
    assert.equal(await restarted.verify(operator), null, 'the operator token of the old secret');
    assert.equal(await restarted.verify(implicit), null, 'the implicit token of a client removed');
  });
});
