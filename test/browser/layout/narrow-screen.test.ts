/**
 * On a 390 px wide phone nothing essential is cut with no way to read it: the sign-in element and the picker wrap,
 * the operator tables keep whole words and scroll sideways inside their frame while the page itself does not.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { LitElement } from 'lit';
import {
  forgetSessions,
  members,
  memberships,
  pickerWithAccounts,
  signInButtons,
  signInError,
  signedIn,
} from '../helpers/element-states.js';
import { expectAxeClean } from '../helpers/axe.js';
import { part, parts } from '../helpers/table.js';

const PHONE = { width: 390, height: 844 };
const LONG_NAME = 'Analytical Engines and Difference Machines of Greater London Limited';

/** How many lines some boxes of text stand on (boxes that overlap vertically share a line). */
function lines(boxes: DOMRectList | DOMRect[]): number {
  let count = 0;
  let bottom = -Infinity;
  for (const box of [...boxes].filter((b) => b.width > 0).sort((a, b) => a.top - b.top)) {
    if (box.top >= bottom - 1) count += 1;
    bottom = Math.max(bottom, box.bottom);
  }
  return count;
}

/**
 * The words under `root` that the layout broke across lines ("Crea|ted"): runs of letters and digits, so that a
 * break the line-breaking rules allow (after a hyphen or a slash) is no broken word.
 */
function brokenWords(root: Node): string[] {
  const broken: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  while (walker.nextNode()) {
    const text = walker.currentNode as Text;
    for (const word of text.data.matchAll(/[\p{L}\p{N}]+/gu)) {
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      if (lines(range.getClientRects()) > 1) broken.push(word[0]);
    }
  }
  return broken;
}

/** The lines the text under `el` takes. */
function lineCount(el: Element): number {
  const range = document.createRange();
  range.selectNodeContents(el);
  return lines(range.getClientRects());
}

/**
 * Parts of `el` (outside `skip`) that reach past the screen's edges or cut their own text off, as
 * `part: why` lines, so that a failure says which.
 */
function cutOff(el: LitElement, skip = ''): string[] {
  const problems: string[] = [];
  for (const piece of el.shadowRoot!.querySelectorAll<HTMLElement>('[part]')) {
    if (skip && piece.closest(skip)) continue;
    const box = piece.getBoundingClientRect();
    const name = piece.getAttribute('part');
    if (box.left < -0.5 || box.right > PHONE.width + 0.5) problems.push(`${name}: ${box.left}..${box.right}`);
    if (piece.scrollWidth > piece.clientWidth + 1 && getComputedStyle(piece).overflowX !== 'visible')
      problems.push(`${name}: text cut (${piece.scrollWidth} > ${piece.clientWidth})`);
  }
  return problems;
}

/** The page itself never scrolls sideways. */
function pageScrollsSideways(): boolean {
  return document.documentElement.scrollWidth > document.documentElement.clientWidth;
}

describe('a 390 px wide screen', function () {
  this.timeout(30000);

  before(() => setViewport(PHONE));
  after(() => setViewport({ width: 800, height: 600 }));
  beforeEach(forgetSessions);

  for (const [name, render] of [
    ['<account-members>', members],
    ['<account-memberships>', memberships],
  ] as const) {
    describe(name, () => {
      it('never breaks a word; headers and dates stay on one line', async () => {
        const el = await render();
        expect(brokenWords(part(el, 'table'))).to.deep.equal([]);
        const headers = parts(el, 'header');
        expect(headers.map((h) => h.textContent!.replace(/[↕▲▼]/g, '').trim())).to.include.members(['Name', 'Email']);
        const dates = [...part(el, 'table').querySelectorAll('time')];
        expect(dates.length).to.be.above(0);
        for (const piece of [...headers, ...dates]) expect(lineCount(piece), piece.textContent!.trim()).to.equal(1);
      });

      it('scrolls the table sideways inside its frame, which stays within the screen', async () => {
        const el = await render();
        const frame = part(el, 'table-wrapper');
        const box = frame.getBoundingClientRect();
        expect(box.left).to.be.at.least(0);
        expect(box.right).to.be.at.most(PHONE.width);
        expect(frame.scrollWidth, 'the table is wider than its frame').to.be.above(frame.clientWidth);
        expect(pageScrollsSideways()).to.equal(false);
        expect(cutOff(el, '[part~=table-wrapper]')).to.deep.equal([]);

        // keyboard users reach the far columns: focusing the last header's button scrolls it into the frame
        const headers = parts(el, 'header');
        const last = headers[headers.length - 1];
        expect(last.getBoundingClientRect().right).to.be.above(box.right);
        last.querySelector('button')!.focus();
        await waitUntil(() => frame.scrollLeft > 0, 'the frame scrolls to the focused header');
        expect(last.getBoundingClientRect().right).to.be.at.most(box.right + 1);
        await expectAxeClean(el, 10);
      });
    });
  }

  it('<account-sign-in> wraps its buttons, a long account name and its errors within the screen', async () => {
    const buttons = await signInButtons();
    expect(cutOff(buttons)).to.deep.equal([]);
    const failed = await signInError();
    expect(cutOff(failed)).to.deep.equal([]);
    const member = await signedIn(LONG_NAME);
    expect(part(member, 'status').textContent).to.include(LONG_NAME);
    expect(cutOff(member)).to.deep.equal([]);
    expect(pageScrollsSideways()).to.equal(false);
  });

  it('<account-picker> wraps long account names within the screen', async () => {
    const picker = await pickerWithAccounts([LONG_NAME, 'Harvard Computers', `${LONG_NAME.replace(/ /g, '')}`]);
    expect(cutOff(picker)).to.deep.equal([]);
    for (const item of parts(picker, 'item')) {
      const name = item.querySelector<HTMLElement>('[part~=name]')!;
      expect(name.getBoundingClientRect().right).to.be.at.most(item.getBoundingClientRect().right);
    }
    expect(pageScrollsSideways()).to.equal(false);
  });
});
