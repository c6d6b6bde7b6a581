/**
 * <account-menu> against the reference service and its identity provider: signed out, signing in through it,
 * who signed in and the account they act for, choosing by mouse and keyboard, signing out; and a buyer of 300
 * accounts in a three-level tree (a second service, test/support/account-tree.js): search, windowing, the tree.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { MemberSession } from '../../../src/auth/session.js';
import { AccountMenu } from '../../../src/elements/account-menu/account-menu.js';
import type { AccountSelectedEvent, SignedInEvent, SignedOutEvent } from '../../../src/events.js';
import { resetService, SERVICE_URL } from '../helpers/service.js';
import {
  REDIRECT_URI,
  cleanUpSignIn,
  idpSignIn,
  landOn,
  part,
  parts,
  shadow,
  waitForPart,
} from '../helpers/sign-in-flow.js';

AccountMenu.define();

/** A connected menu of the `storefront` client at `baseUrl`. */
function renderMenu(baseUrl = SERVICE_URL): Promise<AccountMenu> {
  return fixture<AccountMenu>(
    html`<account-menu base-url=${baseUrl} client-id="storefront" redirect-uri=${REDIRECT_URI}></account-menu>`,
  );
}

/** Signs in through a menu's first profile: lands the callback of `login`'s sign-in and connects a menu to finish it; resolves with the menu once signed in. */
async function signInWithMenu(login: string, baseUrl = SERVICE_URL, password?: string): Promise<AccountMenu> {
  const starter = await renderMenu(baseUrl);
  const button = await waitForPart(starter, 'button');
  const redirect = oneEvent(starter, 'sign-in-redirect');
  starter.addEventListener('sign-in-redirect', (event) => event.preventDefault(), { once: true });
  button.click();
  // a store of several profiles: the button opens the menu of them
  if (button.getAttribute('aria-haspopup') === 'menu') (await waitForPart(starter, 'menu-item')).click();
  const { detail } = await redirect;
  starter.remove();
  landOn(await idpSignIn(detail.url, login, password));
  const menu = document.createElement('account-menu');
  menu.setAttribute('base-url', baseUrl);
  menu.setAttribute('client-id', 'storefront');
  const signedIn = oneEvent(menu, 'signed-in') as Promise<SignedInEvent>;
  await fixture(menu);
  await signedIn;
  return menu;
}

const trigger = (menu: AccountMenu) => part(menu, 'trigger')!;
const names = (menu: AccountMenu) => parts(menu, 'name').map((name) => name.textContent!.trim());
const focused = (menu: AccountMenu) => shadow(menu).activeElement;

async function open(menu: AccountMenu): Promise<HTMLElement> {
  trigger(menu).click();
  return waitForPart(menu, 'panel');
}

describe('<account-menu>', function () {
  this.timeout(30000);

  before(resetService);
  afterEach(cleanUpSignIn);

  it('signed out, is one sign-in button that starts the sign-in', async () => {
    const menu = await renderMenu();
    const button = await waitForPart(menu, 'button');
    expect(button.textContent!.trim()).to.equal('Sign in with Example ID');
    expect(part(menu, 'trigger'), 'one profile: no menu').to.equal(null);
    await expect(menu).to.be.accessible();
  });

  it('signed in, names the member and, once chosen, the account; the panel chooses and signs out', async () => {
    const menu = await signInWithMenu('ada@example.com');
    await menu.updateComplete;
    expect(part(menu, 'member')!.textContent).to.equal('Ada Lovelace');
    // back from the identity provider, focus is on the menu's button
    await waitUntil(() => focused(menu) === trigger(menu), 'focus on the menu');
    expect(part(menu, 'account')!.textContent).to.equal('Choose an account');
    expect(trigger(menu).getAttribute('aria-expanded')).to.equal('false');

    const panel = await open(menu);
    expect(trigger(menu).getAttribute('aria-expanded')).to.equal('true');
    expect(panel.getAttribute('role')).to.equal('dialog');
    expect(part(menu, 'search'), 'two accounts: no search field').to.equal(null);
    expect(names(menu)).to.deep.equal(['Analytical Engines Ltd', 'Harvard Computation Lab']);
    expect(part(menu, 'email')!.textContent).to.equal('ada@example.com');
    await expect(menu).to.be.accessible();

    const selected = oneEvent(menu, 'account-selected') as Promise<AccountSelectedEvent>;
    parts(menu, 'item')[1].click();
    expect((await selected).detail.accountName).to.equal('Harvard Computation Lab');
    await menu.updateComplete;
    expect(part(menu, 'panel'), 'choosing closes the panel').to.equal(null);
    expect(part(menu, 'account')!.textContent).to.equal('Harvard Computation Lab');
    expect(focused(menu), 'focus back on the trigger').to.equal(trigger(menu));

    await open(menu);
    expect(names(menu)[0], 'the account used last comes first').to.equal('Harvard Computation Lab');
    const signedOut = oneEvent(menu, 'signed-out') as Promise<SignedOutEvent>;
    part(menu, 'sign-out')!.click();
    expect((await signedOut).detail.reason).to.equal('user');
    const button = await waitForPart(menu, 'button');
    await waitUntil(() => focused(menu) === button, 'focus on the sign-in button after sign-out');
  });

  it('works from the keyboard alone: arrows open and move, Enter chooses, Escape returns focus', async () => {
    const menu = await signInWithMenu('ada@example.com');
    trigger(menu).focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitForPart(menu, 'panel');
    const list = part(menu, 'list')!;
    await waitUntil(() => focused(menu) === list, 'focus in the list');
    expect(list.getAttribute('aria-activedescendant')).to.equal('option-0');
    await sendKeys({ press: 'End' });
    await menu.updateComplete;
    expect(list.getAttribute('aria-activedescendant')).to.equal('option-1');
    await sendKeys({ press: 'Home' });
    await sendKeys({ type: 'h' });
    await menu.updateComplete;
    expect(list.getAttribute('aria-activedescendant'), 'type-ahead').to.equal('option-1');
    await sendKeys({ press: 'Escape' });
    await menu.updateComplete;
    expect(part(menu, 'panel')).to.equal(null);
    expect(focused(menu)).to.equal(trigger(menu));

    await sendKeys({ press: 'Enter' });
    await waitForPart(menu, 'panel');
    await sendKeys({ press: 'ArrowDown' });
    const selected = oneEvent(menu, 'account-selected') as Promise<AccountSelectedEvent>;
    await sendKeys({ press: 'Enter' });
    expect((await selected).detail.accountName).to.equal('Harvard Computation Lab');
    await menu.updateComplete;
    expect(focused(menu)).to.equal(trigger(menu));
  });

  it('closes when focus leaves it by Tab, past Sign out', async () => {
    await signInWithMenu('ada@example.com');
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <account-menu base-url=${SERVICE_URL} client-id="storefront"></account-menu>
        <a href="#after">after the menu</a>
      </div>`,
    );
    const menu = page.querySelector('account-menu')!;
    await menu.updateComplete;
    trigger(menu).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => focused(menu) === part(menu, 'list'), 'focus in the list');
    await sendKeys({ press: 'Tab' });
    expect(focused(menu), 'Sign out next').to.equal(part(menu, 'sign-out'));
    await sendKeys({ press: 'Tab' });
    await waitUntil(() => !part(menu, 'panel'), 'the panel closed');
    expect(document.activeElement?.textContent).to.equal('after the menu');
  });

  it('closes when the shopper clicks elsewhere on the page', async () => {
    const menu = await signInWithMenu('grace@example.com');
    expect(part(menu, 'account')!.textContent, 'her one account, chosen by itself').to.equal('Harvard Computation Lab');
    await open(menu);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await menu.updateComplete;
    expect(part(menu, 'panel')).to.equal(null);
  });

  describe('a buyer of 300 accounts in a tree of three levels', () => {
    let treeUrl: string;
    before(async () => {
      treeUrl = (await executeServerCommand('other-service', { name: 'account-tree' })) as string;
    });

    it('offers the sign-in profiles as a menu, by keyboard', async () => {
      const menu = await renderMenu(treeUrl);
      const menuTrigger = await waitForPart(menu, 'trigger');
      expect(menuTrigger.getAttribute('aria-haspopup')).to.equal('menu');
      menuTrigger.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => parts(menu, 'menu-item').length === 2, 'the menu of profiles');
      await waitUntil(() => focused(menu) === parts(menu, 'menu-item')[0], 'focus on the first option');
      expect(parts(menu, 'menu-item').map((item) => item.textContent!.trim())).to.deep.equal([
        'Shop Login',
        'Partner Login',
      ]);
      await sendKeys({ press: 'ArrowDown' });
      expect(focused(menu)).to.equal(parts(menu, 'menu-item')[1]);
      await sendKeys({ press: 'ArrowDown' });
      expect(focused(menu), 'arrows wrap').to.equal(parts(menu, 'menu-item')[0]);
      await sendKeys({ type: 'P' });
      expect(focused(menu), 'first letter').to.equal(parts(menu, 'menu-item')[1]);
      await expect(menu).to.be.accessible();
      const redirect = oneEvent(menu, 'sign-in-redirect');
      menu.addEventListener('sign-in-redirect', (event) => event.preventDefault(), { once: true });
      await sendKeys({ press: 'Enter' });
      expect((await redirect).detail.profileId).to.match(/-000000000002$/);
      await sendKeys({ press: 'Escape' });
    });

    it('shows the tree, windowed, with a search that finds an account and its sub-accounts', async () => {
      const menu = await signInWithMenu('tess@shop.test', treeUrl, 'tess-secret');
      // a store's own fixtures user, named the vendor's way too
      expect(menu.session?.member).to.include({ name: 'Tess Tree', email: 'tess@shop.test' });
      expect(part(menu, 'member')!.textContent).to.equal('Tess Tree');
      const session = MemberSession.for('storefront');
      expect(session.accounts).to.have.length(300);
      expect(
        session.accounts.filter((account) => account.parentId),
        'every sub-account knows its parent',
      ).to.have.length(288);

      await open(menu);
      const search = part(menu, 'search')!;
      await waitUntil(() => focused(menu) === search, 'focus in the search field');
      const items = parts(menu, 'item');
      expect(items.length, 'windowed: far fewer rows than accounts').to.be.within(10, 60);
      expect(items[0].getAttribute('aria-setsize')).to.equal('300');
      expect(names(menu).slice(0, 3)).to.deep.equal(['Harvard', 'Research division', 'North site']);
      expect(parts(menu, 'path')[1].textContent, 'a site names its organisation and division').to.equal(
        'in Harvard › Research division',
      );
      expect(part(menu, 'count')!.textContent).to.equal('300 accounts');

      await sendKeys({ type: 'Harv' });
      await menu.updateComplete;
      expect(part(menu, 'count')!.textContent, 'Harvard, its 3 divisions and 21 sites').to.equal('25 accounts');
      expect(names(menu)[0]).to.equal('Harvard');
      expect(parts(menu, 'item')[0].getAttribute('aria-setsize')).to.equal('25');
      for (const path of parts(menu, 'path')) expect(path.textContent).to.match(/^in Harvard/);

      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      expect(search.getAttribute('aria-activedescendant')).to.equal('option-2');
      const selected = oneEvent(menu, 'account-selected') as Promise<AccountSelectedEvent>;
      await sendKeys({ press: 'Enter' });
      const { detail } = await selected;
      expect(detail.accountName).to.equal('North site');
      const harvard = session.accounts.find((account) => account.accountName === 'Harvard')!;
      const research = session.accounts.find(
        (a) => a.accountName === 'Research division' && a.parentId === harvard.accountId,
      );
      expect(detail.parentId).to.equal(research!.accountId);
      await menu.updateComplete;
      expect(part(menu, 'account')!.textContent).to.equal('North site');

      await open(menu);
      await sendKeys({ type: 'zzz' });
      await menu.updateComplete;
      expect(part(menu, 'count')!.textContent).to.equal('No account matches “zzz”.');
      expect(part(menu, 'list')).to.equal(null);
    });

    it('reaches the last of 300 accounts by keyboard and scroll, rendering only what is in view', async () => {
      await signInWithMenu('tess@shop.test', treeUrl, 'tess-secret');
      const menu = await renderMenu(treeUrl);
      await open(menu);
      const list = part(menu, 'list')!;
      const search = part(menu, 'search')!;
      await waitUntil(() => focused(menu) === search, 'focus in the search field');
      await sendKeys({ press: 'ArrowUp' });
      await waitUntil(() => shadow(menu).getElementById('option-299'), 'the last row rendered');
      const inView = (row: HTMLElement) => {
        const [box, frame] = [row.getBoundingClientRect(), list.getBoundingClientRect()];
        return box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1;
      };
      await waitUntil(() => inView(shadow(menu).getElementById('option-299')!), 'the last row in view');
      expect(search.getAttribute('aria-activedescendant'), 'the arrows go round').to.equal('option-299');
      expect(names(menu).at(-1)).to.equal('Valley site');
      expect(shadow(menu).getElementById('option-0'), 'the first rows left the window').to.equal(null);
      expect(list.scrollTop).to.be.greaterThan(0);
      list.scrollTop = 0;
      await waitUntil(() => shadow(menu).getElementById('option-0'), 'scrolled back to the top');
    });
  });

  it('speaks German under lang="de"', async () => {
    await import('../../../src/locales/de.js');
    const wrapper = await fixture<HTMLDivElement>(html`<div lang="de"></div>`);
    const session = MemberSession.for('storefront');
    const expires = new Date(Date.now() + 3600_000).toISOString();
    session.signIn({
      accountMemberId: 'm1',
      member: { id: 'm1', email: 'kim@example.com' },
      accounts: ['Eins', 'Zwei'].map((name, i) => ({ accountId: `a${i}`, accountName: name, token: `t${i}`, expires })),
    });
    const menu = document.createElement('account-menu');
    menu.setAttribute('client-id', 'storefront');
    wrapper.append(menu);
    await menu.updateComplete;
    expect(part(menu, 'member')!.textContent).to.equal('kim@example.com');
    expect(part(menu, 'account')!.textContent).to.equal('Konto wählen');
    await open(menu);
    expect(part(menu, 'count')!.textContent).to.equal('2 Konten');
    expect(part(menu, 'sign-out')!.textContent!.trim()).to.equal('Abmelden');
  });
});
