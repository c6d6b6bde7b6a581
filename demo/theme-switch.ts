/**
 * Keeps a choice of the page's look (`theme`: store default or brand; `scheme`: colours as the system, light or
 * dark) on the root element as `data-theme` / `data-scheme`; demo.css does the rest. Every element restyles
 * through CSS custom properties and ::part() alone.
 */
export function startThemeSwitch(select: HTMLSelectElement, name: 'theme' | 'scheme'): void {
  const key = `storefront-demo-${name}`;
  const apply = (value: string) => {
    document.documentElement.dataset[name] = value;
    select.value = value;
  };
  // A display preference, kept for the tab like the session; a value the select no longer offers is dropped.
  const kept = sessionStorage.getItem(key);
  apply([...select.options].some((option) => option.value === kept) ? kept! : select.options[0].value);
  select.addEventListener('change', () => {
    sessionStorage.setItem(key, select.value);
    apply(select.value);
  });
}
