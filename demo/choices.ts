/**
 * The demo's choices, each a select whose value is kept for the tab (so it survives a trip to the identity
 * provider and back) and applied at once: the page's look (`theme`: store default or brand; `scheme`: colours as
 * the system, light or dark) on the root element as `data-theme` / `data-scheme`, where demo.css does the rest
 * (every element restyles through CSS custom properties and ::part() alone); how `<account-menu>` signs in
 * and out (its `mode` and `sign-out` attributes); and the elements' language (language-switch.ts).
 */
export function keepChoice(select: HTMLSelectElement, name: string, apply: (value: string) => void): void {
  const key = `storefront-demo-${name}`;
  const choose = (value: string) => {
    apply(value);
    select.value = value;
  };
  // a value the select no longer offers is dropped
  const kept = sessionStorage.getItem(key);
  choose([...select.options].some((option) => option.value === kept) ? kept! : select.options[0].value);
  select.addEventListener('change', () => {
    sessionStorage.setItem(key, select.value);
    choose(select.value);
  });
}

export function startThemeSwitch(select: HTMLSelectElement, name: 'theme' | 'scheme'): void {
  keepChoice(select, name, (value) => (document.documentElement.dataset[name] = value));
}

export function startSignInOption(select: HTMLSelectElement, element: Element, attribute: 'mode' | 'sign-out'): void {
  keepChoice(select, attribute, (value) => element.setAttribute(attribute, value));
}
