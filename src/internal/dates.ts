import { html, type TemplateResult } from 'lit';

/** Building a formatter costs far more than formatting: one per locale, shared by every element and row. */
const formats: Record<string, Intl.DateTimeFormat> = {};

/** `{label} <time>`, formatted for `locale` (the `lang` in force; empty for the browser's). */
export function renderDate(label: string, value: string, locale: string): TemplateResult {
  // the API's timestamps carry no zone: they are UTC
  const utc = /(Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : value + 'Z';
  const date = new Date(utc);
  const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
  if (!formats[locale]) {
    try {
      formats[locale] = new Intl.DateTimeFormat(locale, options);
    } catch {
      // no lang, or one that is no language tag: the browser's
      formats[locale] = new Intl.DateTimeFormat(undefined, options);
    }
  }
  return html`${label} <time datetime=${utc}>${isNaN(+date) ? value : formats[locale].format(date)}</time>`;
}
