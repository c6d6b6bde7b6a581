/** Small readers for the operator tables (`<account-members>`, `<account-memberships>`) in tests. */
import { waitUntil } from '@open-wc/testing';
import type { LitElement } from 'lit';
import { SERVICE_URL } from './service.js';

export function part<T extends HTMLElement = HTMLElement>(el: LitElement, name: string): T {
  const found = el.shadowRoot?.querySelector<T>(`[part~="${name}"]`);
  if (!found) throw new Error(`no part "${name}" in <${el.localName}>`);
  return found;
}

export function maybePart<T extends HTMLElement = HTMLElement>(el: LitElement, name: string): T | null {
  return el.shadowRoot?.querySelector<T>(`[part~="${name}"]`) ?? null;
}

export function parts<T extends HTMLElement = HTMLElement>(el: LitElement, name: string): T[] {
  return [...(el.shadowRoot?.querySelectorAll<T>(`[part~="${name}"]`) ?? [])];
}

/** Waits for the element to render and for every load it started to end. */
export async function settled(el: LitElement): Promise<void> {
  await el.updateComplete;
  await waitUntil(() => !maybePart(el, 'loading'), `<${el.localName}> kept loading`, { timeout: 8000 });
  await el.updateComplete;
}

/** Picks `value` in a select as a person does (which a `selected` attribute no longer overrides), and waits. */
export async function choose(el: LitElement, select: HTMLSelectElement, value: string): Promise<void> {
  select.value = value;
  select.dispatchEvent(new Event('change'));
  await settled(el);
}

/** The `part` of what has focus inside the element (a string, so that a failing check reports it readably). */
export function focusedPart(el: LitElement): string | null {
  return el.shadowRoot?.activeElement?.getAttribute('part') ?? null;
}

/** The texts of one column (`name`, `email`, ...), top to bottom. */
export function column(el: LitElement, name: string): string[] {
  return parts(el, `cell-${name}`).map((cell) => cell.textContent?.trim() ?? '');
}

export function pageStatus(el: LitElement): string {
  return part(el, 'page-status').textContent?.trim() ?? '';
}

export function pageButton(el: LitElement, which: 'first' | 'previous' | 'next' | 'last'): HTMLButtonElement {
  return part<HTMLButtonElement>(el, `page-${which}`);
}

export function sortButton(el: LitElement, attribute: string): HTMLButtonElement {
  return part<HTMLButtonElement>(el, `header-${attribute}`).querySelector('button') as HTMLButtonElement;
}

export function header(el: LitElement, attribute: string): HTMLElement {
  return part(el, `header-${attribute}`);
}

/** Events of one type fired by (or through) `el`. */
export function record<T extends Event>(el: EventTarget, type: string): T[] {
  const seen: T[] = [];
  el.addEventListener(type, (event) => seen.push(event as T));
  return seen;
}

/** A GET straight to the service, to compare what the element shows with what the service says. */
export async function serviceGet<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${SERVICE_URL}${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}
