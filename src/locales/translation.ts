// What a language module is made of: the types of every element's texts, and the function that adds a language.
import type { AccountMenuTexts } from '../elements/account-menu/account-menu.texts.js';
import type { AccountMembersTexts } from '../elements/account-members/account-members.texts.js';
import type { AccountMembershipsTexts } from '../elements/account-memberships/account-memberships.texts.js';
import type { AccountPickerTexts } from '../elements/account-picker/account-picker.texts.js';
import type { AccountSignInTexts } from '../elements/account-sign-in/account-sign-in.texts.js';
import type { CatalogListTexts } from '../elements/catalog-list/catalog-list.texts.js';
import { addTranslation as add } from '../internal/language.js';
import type { PagedTableTexts } from '../internal/paged-table.texts.js';
import type { errorTexts, setupErrorTexts, signInErrorTexts } from '../internal/status.texts.js';
import type { TextOverrides, TranslationOf } from '../internal/texts.js';

export type {
  AccountMenuTexts,
  AccountMembersTexts,
  AccountMembershipsTexts,
  AccountPickerTexts,
  AccountSignInTexts,
  CatalogListTexts,
  TextOverrides,
  TranslationOf,
};
export type { Plural, Text } from '../internal/texts.js';

/** Each element's English texts, by its tag name. */
interface ElementTexts {
  'account-sign-in': AccountSignInTexts;
  'account-picker': AccountPickerTexts;
  'account-menu': AccountMenuTexts;
  'catalog-list': CatalogListTexts;
  'account-members': AccountMembersTexts;
  'account-memberships': AccountMembershipsTexts;
}

/**
 * Every text of every element in one language, per element (by its tag name), each a translation of the element's
 * English texts: a language module written against it names any text left out or misspelt.
 */
export type Translation = { [Tag in keyof ElementTexts]: TranslationOf<ElementTexts[Tag]> };

/**
 * Texts of some elements in one language, any keys of each: a language module's whole `Translation`, or a store's
 * own wording of a few texts (in English too). A misspelt element or key does not compile.
 */
export type TranslationTexts = { [Tag in keyof ElementTexts]?: TextOverrides<ElementTexts[Tag]> };

/** The error sentences the elements that call the service share, written once per language. */
export type ErrorTranslation = TranslationOf<typeof errorTexts>;
/** The sentences of a page's setup the store's first answer showed wrong (sign-in and the catalog list). */
export type SetupErrorTranslation = TranslationOf<typeof setupErrorTexts>;
/** The error sentences only a sign-in shows. */
export type SignInErrorTranslation = TranslationOf<typeof signInErrorTexts>;
/** The texts both operator tables share. */
export type PagedTableTranslation = TranslationOf<PagedTableTexts>;

/**
 * Adds texts of `language` (a language tag such as `fr` or `pt-BR`; `de-AT` falls back to `de`, and `en` rewords
 * the built-in English) for the elements it names, text by text over what was added before: a language module's
 * whole `Translation`, or a store's own wording of a few texts. The elements under that `lang` on the page update
 * at once; a text no added language has stays English.
 */
export const addTranslation: (language: string, texts: TranslationTexts) => void = add;
