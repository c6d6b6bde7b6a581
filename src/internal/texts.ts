/**
 * What a text of an element is, and how one is written out. Each element has one set of every text it shows, in
 * English (`static englishTexts`, from its `<tag>.texts.ts`); a language module translates those sets, a store
 * rewords texts for a whole page with `addTranslation`, and one element with its `texts` property.
 */
import { html, type TemplateResult } from 'lit';

/** A text whose words depend on a number, one form per `Intl.PluralRules` category (`one`, `few`, ...). */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** A text as a set holds it: one string, or the forms of a plural. `{name}` marks a value put in. */
export type Text = string | Plural;

/** An element's texts by key. */
export type Texts = Record<string, Text>;

/** An element's texts in another language: every key of the English ones, a plural where English has one. */
export type TranslationOf<T extends Texts> = { [K in keyof T]: T[K] extends string ? string : Plural };

/**
 * Some of an element's texts, reworded: any keys of the English set, each a string (also for a plural: one text for
 * every number) or, where English has a plural, its forms.
 */
export type TextOverrides<T extends Texts> = { [K in keyof T]?: T[K] extends string ? string : Text };

/** The Intl objects made so far, by kind and locale. */
const made: Record<string, unknown> = {};

/**
 * One Intl object of a kind per locale: building one costs far more than using it, and every element and row shares
 * it. Made on first use: nothing here runs as the page imports the elements.
 */
export function perLocale<T>(kind: string, locale: string | undefined, make: () => T): T {
  return (made[`${kind} ${locale ?? ''}`] ??= make()) as T;
}

const pluralRules = (locale?: string) => perLocale('plural', locale, () => new Intl.PluralRules(locale));
const lists = (locale?: string) => perLocale('list', locale, () => new Intl.ListFormat(locale));
const numbers = (locale?: string) => perLocale('number', locale, () => new Intl.NumberFormat(locale));

const times = (locale?: string) =>
  perLocale('time', locale, () => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }));

/** The time of day of an ISO 8601 instant, written for `locale`. */
export const formatTime = (value: string, locale?: string): string => times(locale).format(new Date(value));

/** A number in the digits and separators of `locale`. */
export const formatNumber = (value: number, locale?: string): string => numbers(locale).format(value);

/** A value as a text shows it in `locale`: a number in its digits, a list joined with its "and". */
function written(value: unknown, locale?: string): string {
  if (typeof value === 'number') return formatNumber(value, locale);
  return Array.isArray(value) ? lists(locale).format(value as string[]) : String(value);
}

/**
 * `text` with its `{name}` placeholders replaced from `values`, numbers and lists written for `locale`. A plural
 * takes the form of `values.count` in that language, or its `other` form when it has none for that category.
 */
export function fill(text: Text, values: Record<string, unknown>, locale?: string): string {
  return wordsOf(text, values, locale).replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] == null ? whole : written(values[key], locale),
  );
}

/**
 * `fill` for a sentence that names something of the store's or a person's (`Signed in for {account}`): each name in
 * a `<bdi>` of its own, so that one written right to left, or with a stray direction mark (U+202E), keeps to itself
 * and leaves the words around it as they are. A reader, and a screen reader, get the text `fill` writes.
 */
export function fillNaming(text: Text, names: Record<string, string>, locale?: string): TemplateResult {
  // the words and the keys in turn: "Signed in for ", "account", ""
  const parts = wordsOf(text, names, locale).split(/\{(\w+)\}/);
  const named = (key: string) => (names[key] == null ? `{${key}}` : html`<bdi>${names[key]}</bdi>`);
  return html`${parts.map((part, i) => (i % 2 === 0 ? part : named(part)))}`;
}

/** The words of a text: its one string, or the plural form `values.count` takes. */
function wordsOf(text: Text, values: Record<string, unknown>, locale?: string): string {
  return typeof text === 'string' ? text : (text[pluralRules(locale).select(values.count as number)] ?? text.other);
}

/** The texts of `layers`, each laid over those before it; a key a layer leaves unset (or undefined) keeps its text. */
export function layered(...layers: (Partial<Texts> | undefined)[]): Texts {
  const texts: Texts = {};
  for (const layer of layers) {
    for (const key in layer) if (layer[key] != null) texts[key] = layer[key];
  }
  return texts;
}
