/** <account-picker> on its own: the shared session or host-given accounts, keyboard, live updates, empty states. */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { MemberSession } from '../../../src/auth/session.js';
import type { AccountPicker } from '../../../src/elements/account-picker/account-picker.js';
import type { AccountSelectedEvent, AccountSession } from '../../../src/events.js';
import { cleanUpSignIn, part, parts, renderPicker } from '../helpers/sign-in-flow.js';

const later = () => new Date(Date.now() + 60 * 60_000).toISOString();

function accounts(...names: string[]): AccountSession[] {
  return names.map((name, i) => ({
    accountId: `acc-${i + 1}`,
    accountName: name,
    token: `token-${i + 1}`,
    expires: later(),
  }));
}

function names(picker: AccountPicker): string[] {
  return parts(picker, 'name').map((n) => n.textContent ?? '');
}

function selectedFlags(picker: AccountPicker): string[] {
  return parts(picker, 'item').map((i) => i.getAttribute('aria-selected') ?? '');
}

function record(picker: AccountPicker): AccountSelectedEvent[] {
  const events: AccountSelectedEvent[] = [];
  picker.addEventListener('account-selected', (e) => events.push(e));
  return events;
}

describe('<account-picker>', () => {
  afterEach(cleanUpSignIn);

  it('shows a short, replaceable hint while nobody is signed in', async () => {
    const picker = await renderPicker();
    const hint = part(picker, 'signed-out');
    expect(hint?.textContent).to.equal('Sign in to choose an account.');
    expect(part(picker, 'list')).to.equal(null);
    picker.texts = { signedOutText: 'Please sign in first.' };
    await picker.updateComplete;
    expect(part(picker, 'signed-out')?.textContent).to.equal('Please sign in first.');
    await expect(picker).to.be.accessible();
  });

  it('follows the session live: sign-in fills it, sign-out empties it', async () => {
    const picker = await renderPicker();
    const session = MemberSession.for('storefront');
    session.signIn({ accountMemberId: 'm1', accounts: accounts('Alpha', 'Beta') });
    await picker.updateComplete;
    expect(names(picker)).to.deep.equal(['Alpha', 'Beta']);
    expect(part(picker, 'list')?.getAttribute('role')).to.equal('listbox');
    expect(part(picker, 'label')?.textContent).to.equal('Account');
    await expect(picker).to.be.accessible();
    session.signOut('user');
    await picker.updateComplete;
    expect(part(picker, 'signed-out')).to.not.equal(null);
  });

  it('chooses with the mouse and writes the choice into the session', async () => {
    const session = MemberSession.for('storefront');
    session.signIn({ accountMemberId: 'm1', accounts: accounts('Alpha', 'Beta') });
    const picker = await renderPicker();
    const events = record(picker);
    parts(picker, 'item')[1].click();
    await picker.updateComplete;
    expect(events.map((e) => e.detail.accountId)).to.deep.equal(['acc-2']);
    expect(events[0].detail).to.deep.equal(session.accounts[1]);
    expect(session.selectedAccount?.accountId).to.equal('acc-2');
    expect(selectedFlags(picker)).to.deep.equal(['false', 'true']);
    expect(part(picker, 'check')?.textContent).to.equal('');
    expect(part(picker, 'selected')?.querySelector('[part~="check"]')?.textContent).to.equal('✓');
    // choosing the chosen one again changes nothing
    parts(picker, 'item')[1].click();
    await picker.updateComplete;
    expect(events).to.have.length(1);
  });

  it('moves with arrows (wrapping), Home and End; Enter and Space choose; one tab stop', async () => {
    MemberSession.for('storefront').signIn({ accountMemberId: 'm1', accounts: accounts('Alpha', 'Beta', 'Gamma') });
    const picker = await renderPicker();
    const events = record(picker);
    const tabStops = () =>
      parts(picker, 'item')
        .filter((i) => i.tabIndex === 0)
        .map((i) => i.textContent?.trim());
    const focused = () => picker.shadowRoot?.activeElement?.querySelector('[part~="name"]')?.textContent;
    expect(tabStops()).to.deep.equal(['Alpha']);

    parts(picker, 'item')[0].focus();
    await sendKeys({ press: 'ArrowUp' });
    await picker.updateComplete;
    expect(focused()).to.equal('Gamma');
    await sendKeys({ press: 'Home' });
    await picker.updateComplete;
    expect(focused()).to.equal('Alpha');
    await sendKeys({ press: 'End' });
    await picker.updateComplete;
    expect(focused()).to.equal('Gamma');
    await sendKeys({ press: 'ArrowDown' });
    await picker.updateComplete;
    expect(focused()).to.equal('Alpha');
    await sendKeys({ press: 'ArrowRight' });
    await picker.updateComplete;
    expect(focused()).to.equal('Beta');
    expect(tabStops()).to.deep.equal(['Beta']);
    expect(events).to.have.length(0);

    await sendKeys({ press: 'Space' });
    await picker.updateComplete;
    expect(events.map((e) => e.detail.accountName)).to.deep.equal(['Beta']);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'Enter' });
    await picker.updateComplete;
    expect(events.map((e) => e.detail.accountName)).to.deep.equal(['Beta', 'Alpha']);
    expect(selectedFlags(picker)).to.deep.equal(['true', 'false', 'false']);
  });

  it('shows host-given accounts and chooses the only one by itself, once', async () => {
    const picker = document.createElement('account-picker');
    picker.setAttribute('client-id', 'storefront');
    const events = record(picker);
    picker.accounts = accounts('Solo Ltd');
    await fixture(picker);
    await picker.updateComplete;
    expect(names(picker)).to.deep.equal(['Solo Ltd']);
    expect(selectedFlags(picker)).to.deep.equal(['true']);
    expect(events.map((e) => e.detail.accountId)).to.deep.equal(['acc-1']);
    picker.requestUpdate();
    await picker.updateComplete;
    expect(events).to.have.length(1);
  });

  it('with host-given accounts, fires its own event and does not need a session', async () => {
    const picker = await fixture<AccountPicker>(
      html`<account-picker .texts=${{ listLabel: 'Act for' }}></account-picker>`,
    );
    picker.accounts = accounts('One', 'Two');
    await picker.updateComplete;
    expect(part(picker, 'label')?.textContent).to.equal('Act for');
    const chosen = oneEvent(picker, 'account-selected') as Promise<AccountSelectedEvent>;
    parts(picker, 'item')[0].click();
    expect((await chosen).detail.accountName).to.equal('One');
    expect(picker.selectedAccount?.accountId).to.equal('acc-1');
    await expect(picker).to.be.accessible();
  });

  it('explains a member with no account instead of an empty box', async () => {
    MemberSession.for('storefront').signIn({ accountMemberId: 'm1', accounts: [] });
    const picker = await renderPicker();
    const empty = part(picker, 'empty');
    expect(empty?.textContent).to.include('the store has not added you to an account yet');
    expect(empty?.getAttribute('role')).to.equal('status');
    await expect(picker).to.be.accessible();
  });

  it('renders hostile account names as text', async () => {
    const hostile = '<img src=x onerror="window.__pickerPwned=1">';
    MemberSession.for('storefront').signIn({ accountMemberId: 'm1', accounts: accounts(hostile, 'Plain') });
    const picker = await renderPicker();
    expect(names(picker)[0]).to.equal(hostile);
    expect(picker.shadowRoot?.querySelector('img')).to.equal(null);
  });

  it('stops listening once removed', async () => {
    const session = MemberSession.for('storefront');
    session.signIn({ accountMemberId: 'm1', accounts: accounts('Alpha', 'Beta') });
    const picker = await renderPicker();
    const events = record(picker);
    picker.remove();
    session.select('acc-2');
    await picker.updateComplete;
    expect(events).to.have.length(0);
  });

  it('does not switch the session storage unless told (no storage attribute)', async () => {
    const session = MemberSession.for('storefront', 'memory');
    session.signIn({ accountMemberId: 'm1', accounts: accounts('Alpha', 'Beta') });
    const picker = await fixture<AccountPicker>(html`<account-picker client-id="storefront"></account-picker>`);
    expect(names(picker)).to.deep.equal(['Alpha', 'Beta']);
    expect(sessionStorage.getItem('storefront-elements:session:storefront')).to.equal(null);
  });

  it('shows sub-accounts under their parents, as the menu does, and the keyboard follows that order', async () => {
    const [parent, other, child] = accounts('Harvard', 'Analytical', 'Physics Lab');
    const picker = await renderPicker();
    MemberSession.for('storefront').signIn({
      accountMemberId: 'm1',
      accounts: [{ ...child, parentId: parent.accountId }, other, parent],
    });
    await picker.updateComplete;
    expect(names(picker)).to.deep.equal(['Analytical', 'Harvard', 'Physics Lab']);
    const rows = parts(picker, 'item');
    expect(rows[2].getAttribute('part')).to.include('sub-account');
    expect(rows[2].getBoundingClientRect().left).to.be.above(rows[1].getBoundingClientRect().left);
    rows[0].focus();
    await sendKeys({ press: 'End' });
    const selected = oneEvent(picker, 'account-selected') as Promise<AccountSelectedEvent>;
    await sendKeys({ press: 'Enter' });
    expect((await selected).detail.accountName).to.equal('Physics Lab');
  });
});
