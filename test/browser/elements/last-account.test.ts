/**
 * The account a member chose last comes back on her next sign-in (with this store client), kept in localStorage as
 * its id alone; another member, a session from another tab and memory mode take nothing from it.
 */
import { expect } from '@open-wc/testing';
import { MemberSession } from '../../../src/auth/session.js';
import { resetSessions } from '../helpers/page-state.js';
import { resetService } from '../helpers/service.js';
import { cleanUpSignIn, signInAs } from '../helpers/sign-in-flow.js';

const PREFIX = 'storefront-elements:last-account:';
const kept = () => Object.entries(localStorage).filter(([key]) => key.startsWith(PREFIX));

describe('the account chosen last', function () {
  this.timeout(30000);

  before(resetService);
  afterEach(cleanUpSignIn);

  it('is chosen again on the next sign-in, and only its id is kept', async () => {
    const { event } = await signInAs('ada@example.com');
    const first = MemberSession.for('storefront');
    expect(first.selectedAccount, 'two accounts: none chosen yet').to.equal(undefined);
    const analytical = first.accounts.find((account) => account.accountName === 'Analytical Engines Ltd')!;
    first.select(analytical.accountId);
    expect(kept()).to.deep.equal([[`${PREFIX}storefront ${event.detail.accountMemberId}`, analytical.accountId]]);

    first.signOut();
    resetSessions();
    await signInAs('ada@example.com');
    expect(MemberSession.for('storefront').selectedAccount?.accountName).to.equal('Analytical Engines Ltd');
    for (const [, value] of kept()) expect(value).to.equal(analytical.accountId);
  });

  it("is not another member's, and memory mode neither reads nor keeps it", async () => {
    await signInAs('ada@example.com');
    const ada = MemberSession.for('storefront');
    ada.select(ada.accounts[0].accountId);
    ada.signOut();
    resetSessions();

    // Grace has one account: hers, whatever Ada chose
    await signInAs('grace@example.com');
    expect(MemberSession.for('storefront').selectedAccount?.accountName).to.equal('Harvard Computation Lab');
    MemberSession.for('storefront').signOut();
    resetSessions();
    const before = kept();
    expect(before).to.have.length(1);

    await signInAs('ada@example.com', { storage: 'memory' });
    const inMemory = MemberSession.for('storefront');
    expect(inMemory.selectedAccount, 'memory mode does not read it').to.equal(undefined);
    inMemory.select(inMemory.accounts[1].accountId);
    expect(kept(), 'nor keep another').to.deep.equal(before);
  });
});
