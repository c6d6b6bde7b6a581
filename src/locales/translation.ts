// What a language module is made of: the types of every element's catalog, and the function that adds a language.
import type { AccountMembersTexts } from '../elements/account-members/account-members.texts.js';
import type { AccountMembershipsTexts } from '../elements/account-memberships/account-memberships.texts.js';
import type { AccountPickerTexts } from '../elements/account-picker/account-picker.texts.js';
import type { AccountSignInTexts } from '../elements/account-sign-in/account-sign-in.texts.js';
import type { CatalogListTexts } from '../elements/catalog-list/catalog-list.texts.js';
import { addTranslation as add } from '../internal/language.js';
import type { PagedTableTexts } from '../internal/paged-table.texts.js';
import type { errorTexts, setupErrorTexts, signInErrorTexts } from '../internal/status.texts.js';
import type { TranslationOf } from '../internal/texts.js';

export type {
  AccountMembersTexts,
  AccountMembershipsTexts,
  AccountPickerTexts,
  AccountSignInTexts,
  CatalogListTexts,
  TranslationOf,
};
export type { Plural, Text } from '../internal/texts.js';

/**
 * Every text of every element in one language, per element (by its tag name), each a translation of the element's
 * English catalog: a missing or misspelt text fails to compile.
 */
export type Translation = {
  'account-sign-in': TranslationOf<AccountSignInTexts>;
  'account-picker': TranslationOf<AccountPickerTexts>;
  'catalog-list': TranslationOf<CatalogListTexts>;
  'account-members': TranslationOf<AccountMembersTexts>;
  'account-memberships': TranslationOf<AccountMembershipsTexts>;
};

/** The error sentences the elements that call the service share, written once per language. */
export type ErrorTranslation = TranslationOf<typeof errorTexts>;
/** The sentences of a page's setup the store's first answer showed wrong (sign-in and the catalog list). */
export type SetupErrorTranslation = TranslationOf<typeof setupErrorTexts>;
/** The error sentences only a sign-in shows. */
export type SignInErrorTranslation = TranslationOf<typeof signInErrorTexts>;
/** The texts both operator tables share. */
export type PagedTableTranslation = TranslationOf<PagedTableTexts>;

/**
 * Adds (or replaces) the texts of `language` (a language tag such as `fr` or `pt-BR`; `de-AT` falls back to `de`)
 * for the elements it names; the elements under that `lang` on the page update at once. An element it leaves out
 * stays in English.
 */
export const addTranslation: (language: string, translation: Partial<Translation>) => void = add;
