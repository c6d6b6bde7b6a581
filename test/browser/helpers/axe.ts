/**
 * axe-core run on an element, for tests that need more than pass or fail: which rules it checked and on how
 * many nodes (a colour-contrast check that found no text to check proves nothing).
 */
import 'axe-core/axe.min.js';
import type { AxeResults, NodeResult, Result } from 'axe-core';
import { textContrast } from './colours.js';

declare global {
  interface Window {
    /** Set by axe-core's browser build. */
    axe: typeof import('axe-core');
  }
}

/** Why axe left a node's contrast undecided. */
const reason = (node: NodeResult): string => node.any[0]?.data?.messageKey ?? '';

/** Nothing to read: a sort arrow or check mark (no text), an empty text box (no value yet). */
const NOTHING_TO_MEASURE = ['nonBmp', 'emptyValue'];

/** Text axe cannot see the background of because a scrolling box or the viewport hides part of it. */
const SCROLLED_AWAY = ['elmPartiallyObscured', 'outsideViewport'];

/** Violations as readable lines: rule, then each node with axe's own summary (the ratio, for contrast). */
function describe(rule: Result, nodes = rule.nodes): string[] {
  return nodes.map((node) => `${rule.id}: ${node.target.join(' ')}: ${node.any[0]?.message ?? node.failureSummary}`);
}

/**
 * Runs every axe rule on `el` and checks that none is violated and that colour contrast was really measured, on
 * at least `contrastNodes` text nodes. Text axe leaves undecided because it is scrolled out of view is measured
 * here instead (the painted backgrounds behind it, composed); anything else undecided fails.
 */
export async function expectAxeClean(el: Element, contrastNodes = 1): Promise<AxeResults> {
  const results = await window.axe.run(el, { elementRef: true });
  const problems = results.violations.flatMap((rule) => describe(rule));
  for (const rule of results.incomplete.filter((r) => r.id === 'color-contrast')) {
    const undecided = rule.nodes.filter((node) => !NOTHING_TO_MEASURE.includes(reason(node)));
    const unmeasured = undecided.filter(
      (node) => !SCROLLED_AWAY.includes(reason(node)) || textContrast(node.element as Element) < 4.5,
    );
    problems.push(...describe(rule, unmeasured));
  }
  if (problems.length) throw new Error(`axe found:\n${problems.join('\n')}`);
  const measured = results.passes.find((rule) => rule.id === 'color-contrast')?.nodes.length ?? 0;
  if (measured < contrastNodes) throw new Error(`axe measured the contrast of ${measured} nodes only`);
  return results;
}
