/**
 * Tokens whose signature was checked are kept for the requests that follow, and still stop at their expiry
 * and with the secret that signed them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Store } from '../../server/domain/store.js';
import { Tokens } from '../../server/domain/tokens.js';

describe('tokens checked before', () => {
  it('are taken again until they expire', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.UTC(2025, 0, 6, 9) });
    const tokens = new Tokens(new Store());
    const now = Math.floor(Date.now() / 1000);
    const { token } = await tokens.accountToken('member-1', 'account-1', { expiresAt: now + 60 });
    const subject = { kind: 'account', accountId: 'account-1', accountMemberId: 'member-1' };
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
