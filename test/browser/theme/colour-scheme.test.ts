/**
 * The default palette follows the page's `color-scheme`: a page that declares `light dark` gets the dark palette
 * under a dark system setting, a page that declares nothing stays light. Every colour stays the page's to set.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  PALETTES,
  type Scheme,
  colourOf,
  colourSetting,
  contrast,
  parseColour,
  resetColourSetting,
} from '../helpers/colours.js';
import { part, parts } from '../helpers/table.js';
import {
  catalogList,
  catalogListError,
  forgetSessions,
  members,
  memberships,
  pickerWithAccounts,
  signInButtons,
} from '../helpers/element-states.js';

/** Every part whose colour a palette decides, read from each element as rendered. */
async function paintedColours() {
  const signIn = await signInButtons();
  const picker = await pickerWithAccounts(['Analytical Engines Ltd', 'Harvard Computers']);
  const list = await catalogList();
  const failed = await catalogListError();
  const people = await members();
  const harvard = await memberships();
  const [first, chosen] = parts(picker, 'item');
  return {
    'sign-in text': colourOf(signIn),
    'sign-in button': colourOf(part(signIn, 'button'), 'backgroundColor'),
    'sign-in button text': colourOf(part(signIn, 'button')),
    'picker item': colourOf(first, 'backgroundColor'),
    'picker item border': colourOf(first, 'borderTopColor'),
    'picker chosen border': colourOf(chosen, 'borderTopColor'),
    'picker check': colourOf(part(picker, 'check')),
    'catalog viewport': colourOf(part(list, 'viewport'), 'backgroundColor'),
    'catalog name': colourOf(part(list, 'select')),
    'catalog meta': colourOf(part(list, 'meta')),
    'catalog error': colourOf(part(failed, 'error')),
    'members header': colourOf(part(people, 'header'), 'backgroundColor'),
    'members row button': colourOf(part(people, 'row-button')),
    'members frame': colourOf(part(people, 'table-wrapper'), 'borderTopColor'),
    'memberships text': colourOf(harvard),
    'memberships page status': colourOf(part(harvard, 'page-status')),
  };
}

/** What `paintedColours` should read under a palette. */
function expected(scheme: Scheme) {
  const p = PALETTES[scheme];
  return {
    'sign-in text': p.text,
    'sign-in button': p.accent,
    'sign-in button text': p.surface,
    'picker item': p.surface,
    'picker item border': p.border,
    'picker chosen border': p.accent,
    'picker check': p.accent,
    'catalog viewport': p.surface,
    'catalog name': p.accent,
    'catalog meta': p.muted,
    'catalog error': p.danger,
    'members header': p.surfaceAlt,
    'members row button': p.accent,
    'members frame': p.border,
    'memberships text': p.text,
    'memberships page status': p.muted,
  };
}

describe('colour schemes', function () {
  this.timeout(30000);

  beforeEach(forgetSessions);
  afterEach(resetColourSetting);

  const settings: [Scheme, string | null, Scheme][] = [
    ['light', null, 'light'],
    ['dark', null, 'light'],
    ['light', 'light dark', 'light'],
    ['dark', 'light dark', 'dark'],
    ['light', 'dark', 'dark'],
  ];
  for (const [system, page, palette] of settings) {
    it(`a ${system} system and a page declaring ${page ?? 'no color-scheme'}: the ${palette} palette`, async () => {
      await colourSetting(system, page);
      expect(await paintedColours()).to.deep.equal(expected(palette));
    });
  }

  it('follows a change of the system setting while shown', async () => {
    await colourSetting('light', 'light dark');
    const el = await signInButtons();
    expect(colourOf(part(el, 'button'), 'backgroundColor')).to.equal(PALETTES.light.accent);
    await colourSetting('dark', 'light dark');
    expect(colourOf(part(el, 'button'), 'backgroundColor')).to.equal(PALETTES.dark.accent);
    expect(colourOf(el)).to.equal(PALETTES.dark.text);
  });

  it('both default palettes meet WCAG AA for every pair of text and background they paint', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const p = PALETTES[scheme];
      const selectedRow = `color-mix(in srgb, ${p.accent} 12%, ${p.surface})`;
      const probe = document.createElement('div');
      document.body.append(probe);
      probe.style.backgroundColor = selectedRow;
      const selected = parseColour(getComputedStyle(probe).backgroundColor);
      probe.remove();
      const backgrounds = { surface: parseColour(p.surface), alt: parseColour(p.surfaceAlt), selected };
      const texts = { text: p.text, muted: p.muted, accent: p.accent, danger: p.danger };
      for (const [textName, text] of Object.entries(texts)) {
        for (const [backgroundName, background] of Object.entries(backgrounds)) {
          const ratio = contrast(parseColour(text), background);
          expect(ratio, `${scheme}: ${textName} on ${backgroundName} is ${ratio.toFixed(2)}:1`).to.be.at.least(4.5);
        }
      }
      // the text of primary buttons is the surface colour, on the accent
      expect(contrast(parseColour(p.surface), parseColour(p.accent))).to.be.at.least(4.5);
    }
  });
});

describe('theming through custom properties', function () {
  this.timeout(30000);

  beforeEach(forgetSessions);
  afterEach(async () => {
    document.documentElement.removeAttribute('style');
    await resetColourSetting();
  });

  /** Sets custom properties on the page's root, as a store's style sheet would. */
  function theme(properties: Record<string, string>): void {
    for (const [name, value] of Object.entries(properties)) document.documentElement.style.setProperty(name, value);
  }

  it('lets the page set every documented colour, font, radius and spacing, in either scheme', async () => {
    theme({
      '--storefront-color-text': '#102030',
      '--storefront-color-muted': '#405060',
      '--storefront-color-surface': '#fafaf0',
      '--storefront-color-surface-alt': '#f0e0d0',
      '--storefront-color-border': '#a0b0c0',
      '--storefront-color-accent': '#7a3e00',
      '--storefront-color-accent-text': '#fffff0',
      '--storefront-color-danger': '#900000',
      '--storefront-color-focus': '#00f000',
      '--storefront-font-family': 'Georgia',
      '--storefront-font-size': '20px',
      '--storefront-radius': '3px',
      '--storefront-space': '10px',
    });
    for (const system of ['light', 'dark'] as const) {
      await colourSetting(system, 'light dark');
      const signIn = await signInButtons();
      const list = await catalogList();
      const failed = await catalogListError();
      const people = await members();
      const button = part(signIn, 'button');
      expect(colourOf(signIn)).to.equal('#102030');
      expect(colourOf(part(list, 'meta'))).to.equal('#405060');
      expect(colourOf(part(list, 'viewport'), 'backgroundColor')).to.equal('#fafaf0');
      expect(colourOf(part(people, 'header'), 'backgroundColor')).to.equal('#f0e0d0');
      expect(colourOf(part(people, 'table-wrapper'), 'borderTopColor')).to.equal('#a0b0c0');
      expect(colourOf(button, 'backgroundColor')).to.equal('#7a3e00');
      expect(colourOf(button)).to.equal('#fffff0');
      expect(colourOf(part(failed, 'error'))).to.equal('#900000');
      button.focus();
      await sendKeys({ press: 'Shift' });
      expect(colourOf(button, 'outlineColor')).to.equal('#00f000');
      const style = getComputedStyle(button);
      expect(getComputedStyle(signIn).fontFamily).to.equal('Georgia');
      expect(getComputedStyle(signIn).fontSize).to.equal('20px');
      expect(style.borderTopLeftRadius).to.equal('3px');
      expect(style.paddingLeft).to.equal('15px');
    }
  });

  it('mixes muted text, hover and borders from the page’s own text and surface when only those are set', async () => {
    theme({ '--storefront-color-text': '#fff3e6', '--storefront-color-surface': '#4a2816' });
    const picker = await pickerWithAccounts(['Analytical Engines Ltd', 'Harvard Computers']);
    const list = await catalogList();
    const surface = parseColour('#4a2816');
    const muted = parseColour(getComputedStyle(part(list, 'meta')).color);
    const border = getComputedStyle(parts(picker, 'item')[0]).borderTopColor;
    expect(colourOf(part(picker, 'name'))).to.equal('#fff3e6');
    expect(contrast(muted, surface)).to.be.at.least(4.5);
    expect(contrast(parseColour(border), surface)).to.be.within(1.3, 3);
  });

  it('takes light-dark() values, so a store writes its palette for both schemes once', async () => {
    theme({ '--storefront-color-accent': 'light-dark(#7a3e00, #ffb86b)' });
    await colourSetting('light', 'light dark');
    const el = await signInButtons();
    expect(colourOf(part(el, 'button'), 'backgroundColor')).to.equal('#7a3e00');
    expect(colourOf(part(el, 'button'))).to.equal(PALETTES.light.surface);
    await colourSetting('dark', 'light dark');
    expect(colourOf(part(el, 'button'), 'backgroundColor')).to.equal('#ffb86b');
    expect(colourOf(part(el, 'button'))).to.equal(PALETTES.dark.surface);
  });
});
