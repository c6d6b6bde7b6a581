/**
 * Handlers a framework attaches as it hydrates (SvelteKit's `onsigned-in`, Nuxt's `@account-selected`, React's
 * components once mounted), after the elements restored the session on load: each hears what it missed, once, while
 * it still holds, against the reference service and its identity provider.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { MemberSession } from '../../../src/auth/session.js';
import { AccountMenu } from '../../../src/elements/account-menu/account-menu.js';
import type { AccountPicker } from '../../../src/elements/account-picker/account-picker.js';
import type { AccountSignIn } from '../../../src/elements/account-sign-in/account-sign-in.js';
import type { AccountSelectedEvent, SignedInEvent } from '../../../src/events.js';
import { resetSessions } from '../helpers/page-state.js';
import { SERVICE_URL, resetService } from '../helpers/service.js';
import { cleanUpSignIn, part, signInAs, waitForPart } from '../helpers/sign-in-flow.js';

interface Heard {
  type: string;
  restored?: boolean;
  name?: string;
  target: EventTarget | null;
}

/** A listener that writes down what it hears. */
function listener(heard: Heard[]): (event: Event) => void {
  return (event) => {
    const detail = (event as SignedInEvent | AccountSelectedEvent).detail;
    heard.push({
      type: event.type,
      restored: detail.restored,
      name: 'accountName' in detail ? detail.accountName : undefined,
      target: event.target,
    });
  };
}

/** Lets every microtask queued so far run (the replays come in one). */
const microtasksDone = () => new Promise((resolve) => setTimeout(resolve));

const signInAndPicker = html`<div>
  <account-sign-in base-url=${SERVICE_URL} client-id="storefront"></account-sign-in>
  <account-picker client-id="storefront"></account-picker>
</div>`;

/** Ada signs in and chooses Harvard; then the page's elements and sessions are gone, as in a reload. */
async function keptForReload(): Promise<void> {
  const { el } = await signInAs('ada@example.com');
  await waitForPart(el, 'sign-out');
  const ada = MemberSession.for('storefront');
  ada.select(ada.accounts.find((account) => account.accountName === 'Harvard Computation Lab')!.accountId);
  el.remove();
  resetSessions({ keepStorage: true });
}

/**
 * Ada, signed in with Harvard chosen, then a reload: new elements restore the session before anyone listens to them.
 * Returns the page once both events were told.
 */
async function reloaded(markup = signInAndPicker): Promise<{ page: Element; earlyHeard: Heard[] }> {
  await keptForReload();
  const earlyHeard: Heard[] = [];
  const early = listener(earlyHeard);
  document.addEventListener('signed-in', early);
  document.addEventListener('account-selected', early);
  const page = await fixture(markup);
  await waitUntil(() => earlyHeard.length === 2, 'the restored session was not told');
  document.removeEventListener('signed-in', early);
  document.removeEventListener('account-selected', early);
  return { page, earlyHeard };
}

async function reloadedPage(): Promise<{ signIn: AccountSignIn; picker: AccountPicker; earlyHeard: Heard[] }> {
  const { page, earlyHeard } = await reloaded();
  const signIn = page.querySelector<AccountSignIn>('account-sign-in')!;
  const picker = page.querySelector<AccountPicker>('account-picker')!;
  return { signIn, picker, earlyHeard };
}

describe('handlers attached after the session was restored', function () {
  this.timeout(30000);

  before(resetService);
  afterEach(cleanUpSignIn);

  it('hear it once, signed-in before account-selected, restored, from the element, and then what comes next', async () => {
    const { signIn, picker, earlyHeard } = await reloadedPage();
    expect(earlyHeard.map(({ type, restored }) => [type, restored])).to.deep.equal([
      ['signed-in', true],
      ['account-selected', true],
    ]);
    const heard: Heard[] = [];
    // as a framework hydrates, in the order of its own (here the picker's handler first)
    picker.addEventListener('account-selected', listener(heard));
    signIn.addEventListener('signed-in', listener(heard));
    await waitUntil(() => heard.length === 2, 'the late handlers heard nothing');
    expect(heard).to.deep.equal([
      { type: 'signed-in', restored: true, name: undefined, target: signIn },
      { type: 'account-selected', restored: true, name: 'Harvard Computation Lab', target: picker },
    ]);
    // the shopper's next choice comes once, by the element itself: no replay again
    picker.select(picker.shownAccounts.find((account) => account.accountName !== 'Harvard Computation Lab')!.accountId);
    await waitUntil(() => heard.length === 3, 'the next choice was not heard');
    await microtasksDone();
    expect(heard.slice(2).map(({ type, restored, target }) => [type, restored, target])).to.deep.equal([
      ['account-selected', undefined, picker],
    ]);
  });

  it('an element that comes after the session was told tells what no element there could, once', async () => {
    // the picker alone restores the session, and tells account-selected; a sign-in element that comes later (the
    // account menu, whose code loads on first use) tells the signed-in nobody could
    await keptForReload();
    const heard: Heard[] = [];
    const everything = listener(heard);
    document.addEventListener('signed-in', everything);
    document.addEventListener('account-selected', everything);
    try {
      const page = await fixture(html`<div><account-picker client-id="storefront"></account-picker></div>`);
      await waitUntil(() => heard.length === 1, 'the picker told nothing');
      const signIn = document.createElement('account-sign-in') as AccountSignIn;
      signIn.setAttribute('base-url', SERVICE_URL);
      signIn.setAttribute('client-id', 'storefront');
      page.append(signIn);
      await waitUntil(() => heard.length === 2, 'the late sign-in element told nothing');
      await microtasksDone();
      expect(heard.map(({ type, restored, target }) => [type, restored, target])).to.deep.equal([
        ['account-selected', true, page.querySelector('account-picker')],
        ['signed-in', true, signIn],
      ]);
    } finally {
      document.removeEventListener('signed-in', everything);
      document.removeEventListener('account-selected', everything);
    }
  });

  it('a listener that was there when it was told, added again, hears it once', async () => {
    const { el } = await signInAs('ada@example.com');
    await waitForPart(el, 'sign-out');
    el.remove();
    resetSessions({ keepStorage: true });
    const heard: Heard[] = [];
    const early = listener(heard);
    const signIn = document.createElement('account-sign-in') as AccountSignIn;
    signIn.setAttribute('base-url', SERVICE_URL);
    signIn.setAttribute('client-id', 'storefront');
    signIn.addEventListener('signed-in', early);
    await fixture(signIn);
    await waitUntil(() => heard.length === 1, 'the restored session was not told');
    // added again (the DOM keeps one listener): not told again
    signIn.addEventListener('signed-in', early);
    await microtasksDone();
    expect(heard.length).to.equal(1);
  });

  it('a listener that was there when they were told hears them once, not again', async () => {
    const heard: Heard[] = [];
    const { signIn } = await reloadedPage();
    const late: Heard[] = [];
    signIn.addEventListener('signed-in', listener(late));
    await waitUntil(() => late.length === 1, 'the late handler heard nothing');
    // the same listener added again is the same listener: no second replay
    const once = listener(heard);
    signIn.addEventListener('signed-in', once);
    signIn.addEventListener('signed-in', once);
    await waitUntil(() => heard.length >= 1, 'not heard');
    await microtasksDone();
    expect(heard.length).to.equal(1);
  });

  it('hear nothing once it no longer holds: after Sign out', async () => {
    const { signIn, picker } = await reloadedPage();
    part(signIn, 'sign-out')!.click();
    await waitForPart(signIn, 'button');
    const heard: Heard[] = [];
    signIn.addEventListener('signed-in', listener(heard));
    picker.addEventListener('account-selected', listener(heard));
    await microtasksDone();
    expect(heard).to.deep.equal([]);
  });

  it('a listener removed before its turn hears nothing; one added with `once` is removed after it', async () => {
    const { signIn, picker } = await reloadedPage();
    const removedHeard: Heard[] = [];
    const removed = listener(removedHeard);
    signIn.addEventListener('signed-in', removed);
    signIn.removeEventListener('signed-in', removed);
    const onceHeard: Heard[] = [];
    picker.addEventListener('account-selected', listener(onceHeard), { once: true });
    const aborted = new AbortController();
    const abortedHeard: Heard[] = [];
    picker.addEventListener('account-selected', listener(abortedHeard), { signal: aborted.signal });
    aborted.abort();
    await waitUntil(() => onceHeard.length === 1, 'the `once` listener heard nothing');
    const next = picker.shownAccounts.find((account) => account.accountName !== 'Harvard Computation Lab')!;
    const afterwards: Heard[] = [];
    picker.addEventListener('account-selected', listener(afterwards));
    await waitUntil(() => afterwards.length === 1, 'the replay of the current choice');
    picker.select(next.accountId);
    await waitUntil(() => afterwards.length === 2, 'the next choice was not heard');
    expect(onceHeard.length).to.equal(1);
    expect(removedHeard).to.deep.equal([]);
    expect(abortedHeard).to.deep.equal([]);
  });

  it('the account menu tells both to its late handlers', async () => {
    AccountMenu.define();
    const { page } = await reloaded(html`<account-menu base-url=${SERVICE_URL} client-id="storefront"></account-menu>`);
    const heard: Heard[] = [];
    page.addEventListener('account-selected', listener(heard));
    page.addEventListener('signed-in', listener(heard));
    await waitUntil(() => heard.length === 2, 'the late handlers heard nothing');
    expect(heard.map(({ type, restored, target }) => [type, restored, target])).to.deep.equal([
      ['signed-in', true, page],
      ['account-selected', true, page],
    ]);
  });
});
