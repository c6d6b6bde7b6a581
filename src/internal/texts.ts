/**
 * What a text of an element is, and how one is written out. Each element has one catalog of every text it shows
 * (`static texts`, in English); a language module translates the catalogs, and an attribute or property of the
 * same name overrides a text in any language (see StorefrontElement).
 */

/** A text whose words depend on a number, one form per `Intl.PluralRules` category (`one`, `few`, ...). */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** A text as a catalog holds it: one string, or the forms of a plural. `{name}` marks a value put in. */
export type Text = string | Plural;

export type Catalog = Record<string, Text>;

/** A catalog in another language: every key of the English one, a plural where English has one. */
export type TranslationOf<C extends Catalog> = { [K in keyof C]: C[K] extends string ? string : Plural };

/**
 * The texts as properties of the element: reading one gives the text shown (the override, else the language's).
 * A plural's override may be one string for every number (an attribute always is).
 */
export type TextProperties<C extends Catalog> = { [K in keyof C]: C[K] extends string ? string : Text };

/** One Intl object per locale: building one costs far more than using it, and every element and row shares it. */
export function perLocale<T>(make: (locale?: string) => T): (locale?: string) => T {
  const made: Record<string, T> = {};
  return (locale) => (made[locale ?? ''] ??= make(locale));
}

const pluralRules = perLocale((locale) => new Intl.PluralRules(locale));
const lists = perLocale((locale) => new Intl.ListFormat(locale));

/** A value as a text shows it in `locale`: a number in its digits, a list joined with its "and". */
function written(value: unknown, locale?: string): string {
  if (typeof value == 'number') return value.toLocaleString(locale);
  return Array.isArray(value) ? lists(locale).format(value as string[]) : String(value);
}

/**
 * `text` with its `{name}` placeholders replaced from `values`, numbers and lists written for `locale`. A plural
 * takes the form of `values.count` in that language, or its `other` form when it has none for that category.
 */
export function fill(text: Text, values: Record<string, unknown>, locale?: string): string {
  const words =
    typeof text == 'string' ? text : (text[pluralRules(locale).select(values.count as number)] ?? text.other);
  return words.replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] == null ? whole : written(values[key], locale),
  );
}

/** The attribute of a catalog key: `emptyText` is `empty-text`. */
export const attributeOf = (name: string): string => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
