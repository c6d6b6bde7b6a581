/**
 * Names the store or a person wrote (accounts, members, emails) keep to themselves wherever an element shows them:
 * each in an element of its own that the browser isolates from the words around it (`dir="auto"`, `<bdi>`), so
 * a right-to-left override (U+202E) or a name in Arabic turns neither the sentence it sits in nor the next name
 * around. And a name of 100,000 characters with no break stays inside a 390 px phone screen.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { MemberSession } from '../../../src/auth/session.js';
import { AccountMenu } from '../../../src/elements/account-menu/account-menu.js';
import type { AccountSession } from '../../../src/events.js';
import { SERVICE_URL } from '../helpers/service.js';
import { cleanUpSignIn, part, waitForPart } from '../helpers/sign-in-flow.js';

AccountMenu.define();

const OVERRIDE = '\u202Eevil account';
const ARABIC = 'شركة التجارة';
const PERSON = '\u202Edlrow olleh';
const later = () => new Date(Date.now() + 3600_000).toISOString();
const account = (accountId: string, accountName: string): AccountSession => ({
  accountId,
  accountName,
  token: `token-${accountId}`,
  expires: later(),
});

/** Signs a member in with these accounts (the first chosen), as a sign-in leaves the session. */
function signInWith(accounts: AccountSession[], name = PERSON): void {
  const session = MemberSession.for('storefront');
  session.signIn({ accountMemberId: 'm1', member: { id: 'm1', name, email: 'kim@example.com' }, accounts });
  session.select(accounts[0].accountId);
}

/** The sign-in status, the picker and the account menu of the signed-in member, the menu's panel open. */
async function signedInPage(): Promise<HTMLElement> {
  const page = await fixture<HTMLElement>(
    html`<div>
      <account-sign-in base-url=${SERVICE_URL} client-id="storefront"></account-sign-in>
      <account-picker client-id="storefront"></account-picker>
      <account-menu base-url=${SERVICE_URL} client-id="storefront"></account-menu>
    </div>`,
  );
  await waitForPart(page.querySelector('account-sign-in')!, 'signed-in-as');
  await waitForPart(page.querySelector('account-picker')!, 'name');
  const menu = page.querySelector<AccountMenu>('account-menu')!;
  part(menu, 'trigger')!.click();
  await waitForPart(menu, 'panel');
  await menu.updateComplete;
  return page;
}

/** Every text node of `root` (shadow roots included) that holds `name`. */
function textNodesWith(root: Node, name: string): Text[] {
  const found: Text[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE && node.textContent!.includes(name)) found.push(node as Text);
    for (const child of node.childNodes) walk(child);
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
  };
  walk(root);
  return found;
}

/** Where `name` is shown in `root` without an isolating element of its own around it alone. */
function notIsolated(root: Node, name: string): string[] {
  const nodes = textNodesWith(root, name);
  expect(nodes.length, `${JSON.stringify(name)} is shown`).to.be.above(0);
  return nodes
    .filter((node) => {
      const holder = node.parentElement!;
      const isolated = ['isolate', 'isolate-override', 'plaintext'].includes(getComputedStyle(holder).unicodeBidi);
      return !isolated || holder.textContent!.trim() !== name;
    })
    .map((node) => `${node.parentElement!.localName} "${node.parentElement!.textContent!.trim().slice(0, 40)}"`);
}

describe('names shown by the elements', function () {
  this.timeout(20000);
  afterEach(async () => {
    cleanUpSignIn();
    await setViewport({ width: 800, height: 600 });
  });

  it('keep to themselves in the sign-in status, the picker and the account menu (trigger, panel, paths)', async () => {
    signInWith([account('a1', OVERRIDE), account('a2', ARABIC), { ...account('a3', 'Plain Ltd'), parentId: 'a1' }]);
    const page = await signedInPage();
    // "Signed in for ‮evil account", the picker's and the panel's rows, the trigger, "in ‮evil account"
    expect(notIsolated(page, OVERRIDE)).to.deep.equal([]);
    expect(notIsolated(page, ARABIC)).to.deep.equal([]);
    expect(notIsolated(page, PERSON)).to.deep.equal([]);
    expect(textNodesWith(page, OVERRIDE).length, 'status, picker, trigger, panel row, path').to.be.at.least(5);
  });

  it('of 100,000 characters with no break stay within a 390 px phone screen', async () => {
    await setViewport({ width: 390, height: 844 });
    const unbroken = 'W'.repeat(100_000);
    signInWith([account('a1', unbroken), account('a2', 'Other')], unbroken);
    const page = await signedInPage();
    const past = [...page.querySelectorAll('*')].flatMap((element) =>
      [element, ...(element.shadowRoot?.querySelectorAll('[part]') ?? [])]
        .filter((piece) => piece.getBoundingClientRect().right > 390.5)
        .map((piece) => piece.getAttribute('part') ?? piece.localName),
    );
    expect(past, 'pieces past the right edge').to.deep.equal([]);
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
  });
});
