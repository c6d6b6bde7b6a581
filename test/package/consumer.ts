// Type-checked (never run) by test/package/entries.test.js: a bundler user's code against the built package,
// through each entry point. Each @ts-expect-error is a mistake the typings must catch.
import 'storefront-elements/define';
import 'storefront-elements/define-operator';
import { AccountSignIn } from 'storefront-elements/account-sign-in';
import { AccountPicker } from 'storefront-elements/account-picker';
import { CatalogList } from 'storefront-elements/catalog-list';
import { AccountMembers } from 'storefront-elements/account-members';
import { AccountMemberships } from 'storefront-elements/account-memberships';
import { CatalogList as CatalogListOfDefine } from 'storefront-elements/define';

import { AccountMembers as MembersOfDefineOperator } from 'storefront-elements/define-operator';
import { de } from 'storefront-elements/locales/de.js';
import {
  addTranslation,
  SignInRedirectEvent,
  type Translation,
  type TextOverrides,
  type CatalogListTexts,
  type AccountSession,
  type SignedOutReason,
  type StorefrontError,
} from 'storefront-elements';

// the tags are typed: querySelector and createElement give the element classes
const signIn: AccountSignIn | null = document.querySelector('account-sign-in');
signIn?.signOut();
const picker: AccountPicker = document.createElement('account-picker');
const list: CatalogList = document.createElement('catalog-list');
const members: AccountMembers | null = document.querySelector('account-members');
const memberships: AccountMemberships = document.createElement('account-memberships');

const sameClass: typeof CatalogList = CatalogListOfDefine;
const sameMembers: typeof AccountMembers = MembersOfDefineOperator;
list.pageSize = 50;
memberships.accountId = 'a1';
export const shown: readonly AccountSession[] = picker.shownAccounts;

// the events are typed on document, window, any element and any SVG element
document.addEventListener('account-selected', (e) => e.detail.accountId);
window.addEventListener('signed-out', (e) => {
  const reason: SignedOutReason = e.detail.reason;
  return reason === 'rejected' || reason === 'elsewhere';
});
document.body.addEventListener('catalog-selected', (e) => e.detail.catalog.attributes.name);
document.querySelector('svg')?.addEventListener('signed-in', (e) => e.detail.accounts[0]?.token);
document.addEventListener('storefront-error', (e) => {
  const error: StorefrontError = e.detail.error;
  return error.code;
});
members?.addEventListener('member-selected', (e) => e.detail.member.email);
window.addEventListener('membership-created', (e) => e.detail.membership.id);
document.addEventListener('sign-in-redirect', (e: SignInRedirectEvent) => e.cancelable && e.preventDefault());

// @ts-expect-error an account-selected detail has no `catalog`
document.addEventListener('account-selected', (e) => e.detail.catalog);
// @ts-expect-error the reason is one of four words
window.addEventListener('signed-out', (e) => e.detail.reason === 'logout');
// @ts-expect-error the tag gives that element's class
export const wrong: AccountMembers = document.createElement('catalog-list');

// the texts: an element's own wording by its text keys, and typed languages
list.texts = {
  emptyText: 'Noch nichts da.',
  releasesCountText: { one: '{count} Version', other: '{count} Versionen' },
};
picker.texts = { listLabel: 'Act for' };
export const own: TextOverrides<CatalogListTexts> = list.texts;
// @ts-expect-error a misspelt text key does not compile
list.texts = { emptyTxt: 'Noch nichts da.' };
// @ts-expect-error nor another element's key
picker.texts = { emptyText: 'Noch nichts da.' };
// @ts-expect-error a text is a string (or a plural where English has one)
list.texts = { emptyText: 3 };
// a store's wording for the page, in English too: any texts of the elements it names
addTranslation('en', { 'catalog-list': { emptyText: 'Nothing here yet.' }, 'account-picker': { listLabel: 'Ship' } });
// @ts-expect-error a misspelt key does not compile there either
addTranslation('en', { 'account-picker': { listLabell: 'Ship' } });
// a language of the page's own: every text of each element it covers, checked by the compiler
const pirate: Partial<Translation> = { 'account-picker': { ...de['account-picker'], listLabel: 'Ship' } };
addTranslation('x-pirate', pirate);
// @ts-expect-error a language that leaves out a text of an element does not compile
const short: Partial<Translation> = { 'account-picker': { listLabel: 'Ship', signedOutText: 'Ahoy.' } };

export { sameClass, sameMembers, short };
