import { html, type TemplateResult } from 'lit';
import { perLocale } from './texts.js';

const dateFormat = (locale?: string) =>
  perLocale('date', locale, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));

/** Makes the date format of `locale` ahead of its first date, and uses it once (the first use is the slow one). */
export const prepareDates = (locale?: string): string => dateFormat(locale).format(0);

/** `{label} <time>`, written for `locale` (the element's language; undefined for the browser's). */
export function renderDate(label: string, value: string, locale?: string): TemplateResult {
  // the API's timestamps carry no zone: they are UTC
  const utc = /(Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : value + 'Z';
  const date = new Date(utc);
  return html`${label} <time datetime=${utc}>${isNaN(+date) ? value : dateFormat(locale).format(date)}</time>`;
}
