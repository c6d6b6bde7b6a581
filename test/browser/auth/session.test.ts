/** MemberSession: one per client id on the page, storage modes, selection, expiry and bad stored data. */
import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { MemberSession, type SessionChange } from '../../../src/auth/session.js';
import { resetSessions } from '../helpers/page-state.js';
import type { AccountSession, SignedInDetail } from '../../../src/events.js';

const KEY = 'storefront-elements:session:shop';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

function account(id: string, expires = inAnHour()): AccountSession {
  return { accountId: id, accountName: `Account ${id}`, token: `token-${id}`, expires };
}

function detail(...accounts: AccountSession[]): SignedInDetail {
  return { accountMemberId: 'member-1', accounts };
}

function watch(session: MemberSession): { changes: SessionChange[]; stop: () => void } {
  const changes: SessionChange[] = [];
  const stop = session.subscribe((change) => changes.push(change));
  return { changes, stop };
}

describe('MemberSession', () => {
  afterEach(() => {
    resetSessions();
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem('storefront-elements:session:other');
  });

  it('is shared per client id', () => {
    expect(MemberSession.for('shop')).to.equal(MemberSession.for('shop'));
    expect(MemberSession.for('shop')).to.not.equal(MemberSession.for('other'));
    MemberSession.for('shop').signIn(detail(account('a')));
    expect(MemberSession.for('other').signedIn).to.equal(false);
  });

  it('signs in, tells subscribers, and stops telling them after unsubscribe', () => {
    const session = MemberSession.for('shop');
    const { changes, stop } = watch(session);
    session.signIn(detail(account('a'), account('b')));
    expect(session.signedIn).to.equal(true);
    expect(session.accountMemberId).to.equal('member-1');
    expect(session.accounts.map((a) => a.accountId)).to.deep.equal(['a', 'b']);
    expect(session.selectedAccount).to.equal(undefined);
    expect(changes).to.deep.equal([{ type: 'signed-in', restored: undefined }]);
    stop();
    session.signOut('user');
    expect(changes).to.have.length(1);
    expect(session.signedIn).to.equal(false);
    expect(session.accounts).to.deep.equal([]);
  });

  it('selects the only account of a sign-in by itself', () => {
    const session = MemberSession.for('shop');
    const { changes } = watch(session);
    session.signIn(detail(account('solo')));
    expect(session.selectedAccount?.accountId).to.equal('solo');
    expect(changes.map((c) => c.type)).to.deep.equal(['signed-in', 'account-selected']);
  });

  it('selects an account once; an unknown account is refused', () => {
    const session = MemberSession.for('shop');
    session.signIn(detail(account('a'), account('b')));
    const { changes } = watch(session);
    expect(session.select('b')?.accountId).to.equal('b');
    expect(session.select('b')?.accountId).to.equal('b');
    expect(session.select('zzz')).to.equal(undefined);
    expect(session.selectedAccount?.accountId).to.equal('b');
    expect(changes).to.deep.equal([{ type: 'account-selected', account: session.accounts[1] }]);
  });

  it('signing out twice tells once', () => {
    const session = MemberSession.for('shop');
    session.signIn(detail(account('a')));
    const { changes } = watch(session);
    session.signOut('user');
    session.signOut('user');
    expect(changes).to.deep.equal([{ type: 'signed-out', reason: 'user' }]);
  });

  it('ends the session when a token expires (timer), with reason expired', async () => {
    const session = MemberSession.for('shop');
    const { changes } = watch(session);
    session.signIn(detail(account('a', new Date(Date.now() + 80).toISOString()), account('b')));
    expect(session.signedIn).to.equal(true);
    await aTimeout(200);
    expect(changes.at(-1)).to.deep.equal({ type: 'signed-out', reason: 'expired' });
    expect(session.signedIn).to.equal(false);
    expect(session.accounts).to.deep.equal([]);
    expect(sessionStorage.getItem(KEY)).to.equal(null);
  });

  it('never hands out an expired token, even before the timer runs', () => {
    const session = MemberSession.for('shop');
    session.signIn(detail(account('a', new Date(Date.now() - 1000).toISOString())));
    expect(session.signedIn).to.equal(false);
    expect(session.accounts).to.deep.equal([]);
    expect(session.selectedAccount).to.equal(undefined);
  });

  it('treats an expiry it cannot read as passed', () => {
    const session = MemberSession.for('shop');
    session.signIn(detail(account('a', 'not a date')));
    expect(session.signedIn).to.equal(false);
  });

  it('keeps the session in sessionStorage (mode session) so a reload finds it', () => {
    MemberSession.for('shop', 'session').signIn(detail(account('a'), account('b')));
    MemberSession.for('shop').select('b');
    expect(JSON.parse(sessionStorage.getItem(KEY) as string).selectedAccountId).to.equal('b');
    resetSessions({ keepStorage: true });
    const reloaded = MemberSession.for('shop', 'session');
    expect(reloaded.signedIn).to.equal(true);
    expect(reloaded.selectedAccount?.accountId).to.equal('b');
  });

  it('keeps nothing in sessionStorage in memory mode, and removes what was kept when switching to it', () => {
    const session = MemberSession.for('shop', 'session');
    session.signIn(detail(account('a')));
    expect(sessionStorage.getItem(KEY)).to.be.a('string');
    MemberSession.for('shop', 'memory');
    expect(sessionStorage.getItem(KEY)).to.equal(null);
    expect(session.signedIn).to.equal(true);
    session.signIn(detail(account('b')));
    expect(sessionStorage.getItem(KEY)).to.equal(null);
    resetSessions({ keepStorage: true });
    expect(MemberSession.for('shop').signedIn).to.equal(false);
  });

  it('removes a session an earlier page kept when this page starts in memory mode', () => {
    MemberSession.for('shop', 'session').signIn(detail(account('a')));
    resetSessions({ keepStorage: true });
    const session = MemberSession.for('shop', 'memory');
    expect(sessionStorage.getItem(KEY)).to.equal(null);
    expect(session.signedIn).to.equal(false);
  });

  it('writes nothing when asked for the mode it already has', () => {
    MemberSession.for('shop', 'session').signIn(detail(account('a')));
    const setItem = Storage.prototype.setItem;
    const removeItem = Storage.prototype.removeItem;
    let writes = 0;
    Storage.prototype.setItem = Storage.prototype.removeItem = () => void writes++;
    try {
      MemberSession.for('shop', 'session');
      MemberSession.for('shop').useStorage('session');
    } finally {
      Object.assign(Storage.prototype, { setItem, removeItem });
    }
    expect(writes).to.equal(0);
  });

  it('stays in memory once asked for it: a later element asking for session changes nothing', () => {
    const session = MemberSession.for('shop', 'memory');
    MemberSession.for('shop', 'session');
    session.signIn(detail(account('a')));
    expect(sessionStorage.getItem(KEY)).to.equal(null);
  });

  it('drops, unannounced, a session kept by the tab when memory is asked for after an element without a mode', () => {
    MemberSession.for('shop', 'session').signIn(detail(account('a')));
    resetSessions({ keepStorage: true });
    // an element without a storage attribute connects first, and reads what the tab kept
    const first = MemberSession.for('shop');
    const { changes } = watch(first);
    // an element with storage="memory" connects in the same task
    MemberSession.for('shop', 'memory');
    expect(first.signedIn).to.equal(false);
    expect(sessionStorage.getItem(KEY)).to.equal(null);
    return Promise.resolve().then(() => expect(changes, 'nobody heard of it').to.deep.equal([]));
  });

  it('ends a session kept by the tab that was already announced, when memory is asked for later', async () => {
    MemberSession.for('shop', 'session').signIn(detail(account('a')));
    resetSessions({ keepStorage: true });
    const session = MemberSession.for('shop');
    const { changes } = watch(session);
    await Promise.resolve();
    expect(changes.map((change) => change.type)).to.deep.equal(['signed-in', 'account-selected']);
    MemberSession.for('shop', 'memory');
    expect(changes.at(-1)).to.deep.equal({ type: 'signed-out', reason: 'elsewhere' });
    expect(sessionStorage.getItem(KEY)).to.equal(null);
  });

  it('keeps its storage when asked without a mode', () => {
    MemberSession.for('shop', 'memory').signIn(detail(account('a')));
    MemberSession.for('shop');
    expect(sessionStorage.getItem(KEY)).to.equal(null);
  });

  it('does not start from an expired stored session, and tells nobody', () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ accountMemberId: 'm', accounts: [account('a', new Date(Date.now() - 5).toISOString())] }),
    );
    const session = MemberSession.for('shop');
    expect(session.signedIn).to.equal(false);
    expect(sessionStorage.getItem(KEY)).to.equal(null);
  });

  for (const [name, stored] of [
    ['not JSON', '{oops'],
    ['null', 'null'],
    ['no member id', JSON.stringify({ accounts: [] })],
    ['accounts not a list', JSON.stringify({ accountMemberId: 'm', accounts: 'a' })],
    [
      'an account without a token',
      JSON.stringify({ accountMemberId: 'm', accounts: [{ accountId: 'a', accountName: 'A', expires: inAnHour() }] }),
    ],
    ['an account that is not an object', JSON.stringify({ accountMemberId: 'm', accounts: [null] })],
  ] as const) {
    it(`ignores and removes malformed stored data: ${name}`, () => {
      sessionStorage.setItem(KEY, stored);
      const session = MemberSession.for('shop');
      expect(session.signedIn).to.equal(false);
      expect(session.accounts).to.deep.equal([]);
      expect(sessionStorage.getItem(KEY)).to.equal(null);
    });
  }

  it('ignores a stored selection that is not a string', () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ accountMemberId: 'm', accounts: [account('a')], selectedAccountId: 42 }),
    );
    const session = MemberSession.for('shop');
    expect(session.signedIn).to.equal(true);
    expect(session.selectedAccount).to.equal(undefined);
  });

  describe('messages of the other tabs', () => {
    const SERVICE = 'http://shop.test';
    const CHANNEL = `storefront-elements:channel:${SERVICE} shop`;

    it('ignores what is not one of its messages, and goes on answering the others', async () => {
      const session = MemberSession.for('shop', 'session', SERVICE);
      session.signIn(detail(account('a')));
      const other = new BroadcastChannel(CHANNEL);
      const answers: unknown[] = [];
      other.onmessage = ({ data }) => answers.push(data);
      const errors: unknown[] = [];
      const onError = (event: ErrorEvent) => errors.push(event.error);
      addEventListener('error', onError);
      try {
        const garbage = [null, 'out', 42, [], { out: 'everything' }, { out: { reason: 'user' } }, { ask: 'yes' }];
        for (const message of garbage) other.postMessage(message);
        other.postMessage({ session: { accountMemberId: 'm', accounts: 'none' } });
        other.postMessage({ ask: true });
        // the one real question is answered, after everything posted before it was read
        await waitUntil(() => answers.length > 0, 'an answer');
        expect(errors).to.deep.equal([]);
        expect(session.signedIn).to.equal(true);
        expect(session.accountMemberId).to.equal('member-1');
      } finally {
        removeEventListener('error', onError);
        other.close();
      }
    });
  });
});
