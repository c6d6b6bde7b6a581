const STORAGE_KEY = 'storefront-demo-theme';

/** Switches the page's theme; every element restyles through CSS custom properties and ::part() alone. */
export function startThemeSwitch(select: HTMLSelectElement): void {
  const apply = (theme: string) => {
    document.documentElement.dataset.theme = theme;
    select.value = theme;
  };
  // A display preference, kept for the tab like the session.
  apply(sessionStorage.getItem(STORAGE_KEY) ?? 'light');
  select.addEventListener('change', () => {
    sessionStorage.setItem(STORAGE_KEY, select.value);
    apply(select.value);
  });
}
