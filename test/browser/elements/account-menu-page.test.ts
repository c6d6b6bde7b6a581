/**
 * <account-menu> on store pages as shoppers meet them: light and dark (axe), a 390 px phone (a sheet across the
 * bottom), 200 % text, hostile names and trees, and a store whose server keeps the session (`session-endpoint`).
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { MemberSession } from '../../../src/auth/session.js';
import { AccountMenu } from '../../../src/elements/account-menu/account-menu.js';
import type { AccountSelectedEvent, AccountSession, SignedInEvent } from '../../../src/events.js';
import { expectAxeClean } from '../helpers/axe.js';
import { colourSetting, resetColourSetting } from '../helpers/colours.js';
import { resetServerSessions } from '../helpers/page-state.js';
import { cleanUpSignIn, part, parts, waitForPart } from '../helpers/sign-in-flow.js';

AccountMenu.define();

const PHONE = { width: 390, height: 844 };
const later = () => new Date(Date.now() + 3600_000).toISOString();
const UNBROKEN = 'W'.repeat(100_000);

/** Accounts of a member, made here: `[name, parent name?]`. */
function accounts(...tree: Array<[string, string?]>): AccountSession[] {
  const id = (name: string) => `id-${tree.findIndex(([other]) => other === name)}`;
  return tree.map(([name, parent]) => ({
    accountId: id(name),
    accountName: name,
    token: `token-${name.length}`,
    expires: later(),
    ...(parent && { parentId: id(parent) }),
  }));
}

/** A member of a company with three sites and a dozen departments: past seven, so with a search field. */
const COMPANY = accounts(
  ['Acme Holding'],
  ['Acme North', 'Acme Holding'],
  ['Acme South', 'Acme Holding'],
  ['Acme West', 'Acme Holding'],
  ...Array.from({ length: 12 }, (_, i): [string, string] => [`Department ${i + 1}`, 'Acme North']),
);

/** A menu of a member already signed in (the session as a sign-in leaves it), its panel open. */
async function openMenu(memberAccounts: AccountSession[], name = 'Kim Example'): Promise<AccountMenu> {
  MemberSession.for('storefront').signIn({
    accountMemberId: 'member-1',
    member: { id: 'member-1', name, email: 'kim@example.com' },
    accounts: memberAccounts,
  });
  const menu = await fixture<AccountMenu>(html`<account-menu client-id="storefront"></account-menu>`);
  part(menu, 'trigger')!.click();
  await waitForPart(menu, 'panel');
  await menu.updateComplete;
  return menu;
}

/** The parts of the menu that reach past the screen's edges. */
function pastTheEdges(menu: AccountMenu, width: number): string[] {
  return [...menu.shadowRoot!.querySelectorAll<HTMLElement>('[part]')]
    .map((piece) => [piece.getAttribute('part'), piece.getBoundingClientRect()] as const)
    .filter(([, box]) => box.width && (box.left < -0.5 || box.right > width + 0.5))
    .map(([name, box]) => `${name}: ${box.left}..${box.right}`);
}

describe('<account-menu> on a store page', function () {
  this.timeout(30000);
  afterEach(cleanUpSignIn);

  for (const scheme of ['light', 'dark'] as const) {
    it(`is axe clean open, with the search field and the tree, in the ${scheme} scheme`, async () => {
      await colourSetting(scheme, 'light dark');
      document.documentElement.style.backgroundColor = 'Canvas';
      try {
        const menu = await openMenu(COMPANY);
        expect(part(menu, 'search')).to.not.equal(null);
        expect(parts(menu, 'path').length).to.be.above(0);
        await expectAxeClean(menu, 5);
        part(menu, 'trigger')!.click();
        await menu.updateComplete;
        await expectAxeClean(menu, 2);
      } finally {
        document.documentElement.style.backgroundColor = '';
        await resetColourSetting();
      }
    });
  }

  describe('on a 390 px phone', () => {
    before(() => setViewport(PHONE));
    after(() => setViewport({ width: 800, height: 600 }));

    it('opens as a sheet across the bottom of the screen, and nothing reaches past its edges', async () => {
      const menu = await openMenu([...COMPANY, ...accounts([`Lab ${UNBROKEN}`, 'Acme Holding'])], UNBROKEN);
      const sheet = part(menu, 'panel')!.getBoundingClientRect();
      expect(sheet.left).to.equal(0);
      expect(sheet.right).to.equal(PHONE.width);
      expect(sheet.bottom).to.be.closeTo(PHONE.height, 1);
      expect(pastTheEdges(menu, PHONE.width)).to.deep.equal([]);
      expect(document.documentElement.scrollWidth, 'the page does not scroll sideways').to.be.at.most(PHONE.width);
      // the name of 100,000 characters wraps in the panel, and is cut with an ellipsis on the button
      const trigger = part(menu, 'trigger')!;
      expect(trigger.getBoundingClientRect().right).to.be.at.most(PHONE.width);
      expect(getComputedStyle(part(menu, 'member')!).textOverflow).to.equal('ellipsis');
    });
  });

  it('at 200 % text, rows grow and the list still shows only the rows in view', async () => {
    await executeServerCommand('default-font-size', { size: 32 });
    try {
      const many = accounts(...Array.from({ length: 200 }, (_, i): [string] => [`Account ${i + 1}`]));
      const menu = await openMenu(many);
      const rows = parts(menu, 'item');
      expect(rows[0].getBoundingClientRect().height).to.be.above(50);
      expect(rows.length).to.be.within(5, 40);
      expect(pastTheEdges(menu, innerWidth)).to.deep.equal([]);
    } finally {
      await executeServerCommand('default-font-size', { size: 16 });
    }
  });

  it('takes hostile trees and names: parents that loop go to the top, a right-to-left override stays in its name', async () => {
    const looped = accounts(['Alpha', 'Beta'], ['Beta', 'Alpha'], ['Gamma', 'Alpha'], ['\u202Eevil', 'Nobody']);
    const menu = await openMenu(looped);
    const names = parts(menu, 'name').map((name) => name.textContent);
    expect(names).to.have.members(['Alpha', 'Beta', 'Gamma', '\u202Eevil']);
    expect(
      parts(menu, 'item').every((row) => row.classList.contains('level-0')),
      'all at the top',
    ).to.equal(true);
    const evil = parts(menu, 'name').find((name) => name.textContent === '\u202Eevil')!;
    expect(getComputedStyle(evil).unicodeBidi).to.equal('isolate');
  });

  describe('with session-endpoint (the store server keeps the session)', () => {
    beforeEach(async () => {
      await executeServerCommand('clear-cookies');
      await executeServerCommand('reset-service');
      resetServerSessions();
    });

    it('names the member and the account, and chooses through the store server', async () => {
      expect(await executeServerCommand('server-sign-in', { login: 'ada@example.com' })).to.equal(200);
      const menu = document.createElement('account-menu');
      menu.setAttribute('session-endpoint', '/storefront');
      const signedIn = oneEvent(menu, 'signed-in') as Promise<SignedInEvent>;
      await fixture(menu);
      const { detail } = await signedIn;
      expect(detail.member?.name).to.equal('Ada Lovelace');
      expect(detail.accounts.every((account) => account.token === undefined)).to.equal(true);
      await menu.updateComplete;
      expect(part(menu, 'member')!.textContent).to.equal('Ada Lovelace');

      part(menu, 'trigger')!.click();
      await waitForPart(menu, 'list');
      const harvard = parts(menu, 'item').find((row) => row.textContent!.includes('Harvard'))!;
      const selected = oneEvent(menu, 'account-selected') as Promise<AccountSelectedEvent>;
      harvard.click();
      expect((await selected).detail.accountName).to.equal('Harvard Computation Lab');
      const session = await (await fetch('/storefront/session')).json();
      expect(
        session.accounts.find((a: AccountSession) => a.accountId === session.selectedAccountId).accountName,
      ).to.equal('Harvard Computation Lab');
      await waitUntil(() => part(menu, 'account')?.textContent === 'Harvard Computation Lab');
    });
  });
});
