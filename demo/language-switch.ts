import '../src/locales/de.js';
import { keepChoice } from './choices.js';

/**
 * The language of the storefront elements (the page around them stays English): each element follows its own
 * `lang`, set here, and re-renders when it changes. Kept for the tab like the theme.
 */
export function startLanguageSwitch(select: HTMLSelectElement, elements: Iterable<Element>): void {
  keepChoice(select, 'language', (value) => {
    for (const element of elements) element.setAttribute('lang', value);
  });
}
