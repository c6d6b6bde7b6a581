import { expect } from '@open-wc/testing';
import {
  TRANSACTION_TTL_MS,
  consumeTransaction,
  createMemoryStorage,
  saveTransaction,
  sweepExpiredTransactions,
  type NewSignInTransaction,
  type StorageLike,
} from '../../../src/auth/transaction.js';
import { TRANSACTION_KEY_PREFIX } from '../../../src/internal/storage.js';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

function tx(state: string): NewSignInTransaction {
  return {
    state,
    codeVerifier: `verifier-${state}`,
    redirectUri: 'http://localhost:5173/callback',
    profileId: 'profile-1',
    clientId: 'storefront',
    baseUrl: 'http://localhost:8787',
  };
}

function keys(storage: StorageLike): string[] {
  const out: string[] = [];
  for (let i = 0; i < storage.length; i++) out.push(storage.key(i) as string);
  return out.sort();
}

describe('transaction', () => {
  let storage: StorageLike;
  let clock: number;
  const now = () => clock;

  beforeEach(() => {
    storage = createMemoryStorage();
    clock = T0;
  });

  it('saves under the state and gives it back once', () => {
    const saved = saveTransaction(tx('s1'), { storage, now });
    expect(saved).to.deep.equal({ ...tx('s1'), createdAt: T0, expiresAt: T0 + 10 * 60 * 1000 });
    expect(keys(storage)).to.deep.equal([`${TRANSACTION_KEY_PREFIX}s1`]);
    expect(JSON.parse(storage.getItem(`${TRANSACTION_KEY_PREFIX}s1`) as string)).to.deep.equal(saved);

    clock = T0 + 1000;
    expect(consumeTransaction('s1', { storage, now })).to.deep.equal(saved);
    expect(keys(storage)).to.deep.equal([]);
    expect(consumeTransaction('s1', { storage, now })).to.equal(undefined);
  });

  it('keeps several transactions apart', () => {
    saveTransaction(tx('a'), { storage, now });
    saveTransaction(tx('b'), { storage, now });
    expect(consumeTransaction('b', { storage, now })?.codeVerifier).to.equal('verifier-b');
    expect(consumeTransaction('a', { storage, now })?.codeVerifier).to.equal('verifier-a');
  });

  it('gives nothing for an unknown or empty state', () => {
    saveTransaction(tx('known'), { storage, now });
    expect(consumeTransaction('unknown', { storage, now })).to.equal(undefined);
    expect(consumeTransaction('', { storage, now })).to.equal(undefined);
    expect(keys(storage)).to.deep.equal([`${TRANSACTION_KEY_PREFIX}known`]);
  });

  it('expires after 10 minutes', () => {
    expect(TRANSACTION_TTL_MS).to.equal(600000);
    saveTransaction(tx('late'), { storage, now });
    saveTransaction(tx('justInTime'), { storage, now });
    clock = T0 + TRANSACTION_TTL_MS - 1;
    expect(consumeTransaction('justInTime', { storage, now })?.state).to.equal('justInTime');
    clock = T0 + TRANSACTION_TTL_MS;
    expect(consumeTransaction('late', { storage, now })).to.equal(undefined);
    expect(keys(storage)).to.deep.equal([]);
  });

  it('honours a custom lifetime', () => {
    saveTransaction(tx('short'), { storage, now, ttlMs: 5000 });
    clock = T0 + 5000;
    expect(consumeTransaction('short', { storage, now })).to.equal(undefined);
  });

  it('treats a malformed entry as absent and removes it', () => {
    storage.setItem(`${TRANSACTION_KEY_PREFIX}bad`, '{not json');
    storage.setItem(`${TRANSACTION_KEY_PREFIX}partial`, JSON.stringify({ state: 'partial', expiresAt: T0 + 1e6 }));
    expect(consumeTransaction('bad', { storage, now })).to.equal(undefined);
    expect(keys(storage)).to.deep.equal([]);
  });

  it('refuses an entry saved under another state', () => {
    storage.setItem(`${TRANSACTION_KEY_PREFIX}x`, JSON.stringify({ ...tx('y'), createdAt: T0, expiresAt: T0 + 1000 }));
    expect(consumeTransaction('x', { storage, now })).to.equal(undefined);
  });

  it('sweeps expired and malformed entries, leaving live ones and other keys', () => {
    saveTransaction(tx('old1'), { storage, now });
    saveTransaction(tx('old2'), { storage, now });
    storage.setItem(`${TRANSACTION_KEY_PREFIX}garbage`, 'null');
    storage.setItem('someone-else', 'keep me');
    clock = T0 + TRANSACTION_TTL_MS + 1;
    saveTransaction(tx('fresh'), { storage, now });
    expect(keys(storage)).to.deep.equal(['someone-else', `${TRANSACTION_KEY_PREFIX}fresh`]);
    clock += TRANSACTION_TTL_MS;
    expect(sweepExpiredTransactions({ storage, now })).to.equal(1);
    expect(keys(storage)).to.deep.equal(['someone-else']);
  });

  it('consuming sweeps expired entries too', () => {
    saveTransaction(tx('stale'), { storage, now });
    clock = T0 + TRANSACTION_TTL_MS;
    expect(consumeTransaction('other', { storage, now })).to.equal(undefined);
    expect(keys(storage)).to.deep.equal([]);
  });

  it('refuses a transaction lacking a field', () => {
    expect(() => saveTransaction({ ...tx('s'), codeVerifier: '' }, { storage, now })).to.throw(TypeError);
    expect(keys(storage)).to.deep.equal([]);
  });

  it('uses sessionStorage by default', () => {
    const state = `default-${Math.random().toString(36).slice(2)}`;
    try {
      saveTransaction(tx(state));
      expect(sessionStorage.getItem(`${TRANSACTION_KEY_PREFIX}${state}`)).to.be.a('string');
      expect(consumeTransaction(state)?.codeVerifier).to.equal(`verifier-${state}`);
      expect(sessionStorage.getItem(`${TRANSACTION_KEY_PREFIX}${state}`)).to.equal(null);
    } finally {
      sessionStorage.removeItem(`${TRANSACTION_KEY_PREFIX}${state}`);
    }
  });
});
