/**
 * axe in both colour schemes for every element in its main states, and WCAG AA contrast of hovered, chosen and
 * active items, with the default palette and with the demo store's brand theme (demo/demo.css).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import type { LitElement } from 'lit';
import type { AccountPicker, CatalogList } from '../../../src/index.js';
import { expectAxeClean } from '../helpers/axe.js';
import { type Scheme, colourSetting, resetColourSetting, textContrast } from '../helpers/colours.js';
import {
  catalogList,
  catalogListError,
  forgetSessions,
  members,
  memberships,
  menuOpen,
  openReleases,
  pickerSignedOut,
  pickerWithAccounts,
  signInButtons,
  signInError,
  signedIn,
} from '../helpers/element-states.js';
import { SERVICE_URL } from '../helpers/service.js';
import { part, parts, settled } from '../helpers/table.js';

/** Moves the mouse over `el` (a real hover: the browser applies :hover) and waits until the browser has. */
async function hover(el: Element): Promise<void> {
  const box = el.getBoundingClientRect();
  await sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
  await waitUntil(() => el.matches(':hover'), 'the mouse over it');
}

/** The picker's first item, not the chosen one, under the mouse. */
async function hoveredItem(picker: AccountPicker): Promise<HTMLElement> {
  const [item] = parts(picker, 'item');
  expect(item.getAttribute('aria-selected')).to.equal('false');
  await hover(item);
  expect(item.matches(':hover')).to.equal(true);
  return item;
}

/** The row keyboard focus is on (`item-active`): the first catalog's. */
async function activeRow(list: CatalogList): Promise<HTMLElement> {
  part(list, 'select').focus();
  await list.updateComplete;
  return part(list, 'item-active');
}

/** A fetch that holds every request until `release()`, so a loading state stays on screen. */
function heldFetch(): { fetch: typeof fetch; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    fetch: (async (...args: Parameters<typeof fetch>) => (await gate, fetch(...args))) as typeof fetch,
    release,
  };
}

for (const scheme of ['light', 'dark'] as const) {
  describe(`axe and contrast, ${scheme} scheme (page declares light dark)`, function () {
    this.timeout(30000);

    beforeEach(async () => {
      forgetSessions();
      await colourSetting(scheme, 'light dark');
      // The browser paints an unstyled page in the scheme's canvas colour, but axe takes an unpainted page for
      // white: say it, as a store page with a dark scheme sets its background.
      document.documentElement.style.backgroundColor = 'Canvas';
    });
    afterEach(async () => {
      await resetMouse();
      document.documentElement.style.backgroundColor = '';
      await resetColourSetting();
    });

    it('<account-sign-in>: loading, buttons, error, signed in', async () => {
      const held = heldFetch();
      const loading = document.createElement('account-sign-in');
      Object.assign(loading, { baseUrl: SERVICE_URL, clientId: 'storefront', fetch: held.fetch });
      document.body.append(loading);
      await waitUntil(() => loading.shadowRoot?.querySelector('[part~=loading]'), 'no loading state');
      await expectAxeClean(loading);
      held.release();
      loading.remove();

      await expectAxeClean(await signInButtons());
      await expectAxeClean(await signInError());
      await expectAxeClean(await signedIn());
    });

    it('<account-picker>: signed out, chosen account, hovered and focused items', async () => {
      await expectAxeClean(await pickerSignedOut());
      const picker = await pickerWithAccounts(['Analytical Engines Ltd', 'Harvard Computers']);
      await expectAxeClean(picker, 2);
      const item = await hoveredItem(picker);
      expect(textContrast(item.querySelector('[part~=name]')!)).to.be.at.least(4.5);
      await expectAxeClean(picker, 2);
      item.focus();
      await expectAxeClean(picker, 2);
    });

    it('<catalog-list>: list, active row, open release panel, error', async () => {
      const list = await catalogList();
      await expectAxeClean(list, 6);
      const row = await activeRow(list);
      expect(textContrast(row.querySelector('[part~=name]')!)).to.be.at.least(4.5);
      expect(textContrast(row.querySelector('[part~=meta]')!)).to.be.at.least(4.5);
      await expectAxeClean(list, 6);
      const panel = await openReleases(list);
      for (const text of panel.querySelectorAll('[part~=release] > *')) expect(textContrast(text)).to.be.at.least(4.5);
      await expectAxeClean(list, 6);
      await expectAxeClean(await catalogListError());
    });

    it('<account-members>: table with a chosen row, and a search without results', async () => {
      const el = await members();
      const chosen = part(el, 'selected');
      expect(textContrast(chosen.querySelector('[part~=row-button]')!)).to.be.at.least(4.5);
      await expectAxeClean(el, 10);
      part<HTMLInputElement>(el, 'search-input').value = 'nobody-here';
      part(el, 'search-button').click();
      await settled(el);
      await expectAxeClean(el);
    });

    it('<account-memberships>: table and the add panel', async () => {
      const el = await memberships();
      await expectAxeClean(el, 10);
      part(el, 'add-button').click();
      await settled(el);
      await expectAxeClean(el, 10);
    });
  });
}

/** The demo store's page around the elements: its style sheet, header and theme. */
async function demoPage(theme: 'default' | 'brand'): Promise<{ header: HTMLElement; main: HTMLElement }> {
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = '/demo/demo.css';
  sheet.id = 'demo-css';
  const loaded = new Promise((resolve, reject) => {
    sheet.onload = resolve;
    sheet.onerror = reject;
  });
  document.head.append(sheet);
  await loaded;
  document.documentElement.dataset.theme = theme;
  const header = document.createElement('header');
  const account = document.createElement('div');
  const main = document.createElement('main');
  header.className = 'store-header';
  account.className = 'store-account';
  main.className = 'store-main';
  header.append(account);
  document.body.append(header, main);
  return { header: account, main };
}

function leaveDemoPage(): void {
  document.querySelector('#demo-css')?.remove();
  document.querySelectorAll('.store-header, .store-main').forEach((el) => el.remove());
  delete document.documentElement.dataset.theme;
}

/** Moves an element rendered by a test into the demo page's `container`, and waits for it to settle there. */
async function moveInto<T extends LitElement>(container: HTMLElement, el: T): Promise<T> {
  container.append(el);
  await el.updateComplete;
  return el;
}

for (const scheme of ['light', 'dark'] as const satisfies Scheme[]) {
  describe(`the demo store's themes, ${scheme} system`, function () {
    this.timeout(30000);

    beforeEach(async () => {
      forgetSessions();
      await colourSetting(scheme, null);
    });
    afterEach(async () => {
      await resetMouse();
      leaveDemoPage();
      await resetColourSetting();
    });

    it('brand: the header menu and the picker keep their hovered items readable, and every element passes axe', async () => {
      const { header, main } = await demoPage('brand');
      const picker = await moveInto(main, await pickerWithAccounts(['Analytical Engines Ltd', 'Harvard Computers']));
      const menu = await moveInto(header, await menuOpen(['Analytical Engines Ltd', 'Harvard Computers']));
      const list = await moveInto(main, await catalogList());
      const item = await hoveredItem(picker);
      // was 1.03:1 in the header: its light text on the brand's light hover background
      expect(textContrast(item.querySelector('[part~=name]')!)).to.be.at.least(4.5);
      await expectAxeClean(picker, 2);
      // moved into the header, the menu closed its panel: open again
      part(menu, 'trigger').click();
      await waitUntil(() => parts(menu, 'item').length, 'the panel');
      const [account] = parts(menu, 'item');
      await hover(account);
      expect(textContrast(account.querySelector('[part~=name]')!)).to.be.at.least(4.5);
      await expectAxeClean(menu, 3);
      const row = await activeRow(list);
      expect(textContrast(row.querySelector('[part~=name]')!)).to.be.at.least(4.5);
      await expectAxeClean(list, 6);
    });

    it('store default: the active catalog keeps AA contrast (was 4.06:1 in the dark theme)', async () => {
      const { main } = await demoPage('default');
      const list = await moveInto(main, await catalogList());
      const row = await activeRow(list);
      expect(textContrast(row.querySelector('[part~=name]')!)).to.be.at.least(4.5);
      await expectAxeClean(list, 6);
    });
  });
}
