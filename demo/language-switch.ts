import '../src/locales/de.js';

/**
 * The language of the storefront elements (the page around them stays English): each element follows its own
 * `lang`, set here, and re-renders when it changes. Kept for the tab like the theme.
 */
export function startLanguageSwitch(select: HTMLSelectElement, elements: Iterable<Element>): void {
  const key = 'storefront-demo-language';
  const apply = (value: string) => {
    for (const element of elements) element.setAttribute('lang', value);
    select.value = value;
  };
  const kept = sessionStorage.getItem(key);
  apply([...select.options].some((option) => option.value === kept) ? kept! : select.options[0].value);
  select.addEventListener('change', () => {
    sessionStorage.setItem(key, select.value);
    apply(select.value);
  });
}
