/**
 * Lets a visitor try how `<account-sign-in>` signs in and out: a select sets one of its attributes (`mode`:
 * redirect or popup; `sign-out`: local or everywhere), kept for the tab so it survives the trip to the identity
 * provider and back.
 */
export function startSignInOption(select: HTMLSelectElement, element: Element, attribute: 'mode' | 'sign-out'): void {
  const key = `storefront-demo-${attribute}`;
  const apply = (value: string) => {
    element.setAttribute(attribute, value);
    select.value = value;
  };
  const kept = sessionStorage.getItem(key);
  apply([...select.options].some((option) => option.value === kept) ? kept! : select.options[0].value);
  select.addEventListener('change', () => {
    sessionStorage.setItem(key, select.value);
    apply(select.value);
  });
}
