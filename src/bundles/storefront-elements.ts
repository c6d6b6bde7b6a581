// The self-contained shopper bundle: <account-sign-in> and <account-picker>, lit included, and <catalog-list> and
// <account-menu>, whose code is each a chunk of its own that loads when the page first shows one.
import { AccountPicker } from '../elements/account-picker/account-picker.js';
import { AccountSignIn } from '../elements/account-sign-in/account-sign-in.js';
import { defineOnFirstUse } from '../internal/define-on-first-use.js';
import { registerAll, tagName, type DefineOptions } from '../internal/register.js';

export { AccountPicker, AccountSignIn };
export { discover } from '../internal/define-on-first-use.js';
export { StorefrontError, ApiError } from '../api/errors.js';
export { addTranslation } from '../locales/translation.js';

/** Most store pages show no catalog list (a product, the cart): they never load or run its code. */
const importCatalogList = async () => (await import('../elements/catalog-list/catalog-list.js')).CatalogList;
/** A store shows the menu in its header, or the sign-in and the picker: a page pays only for the one it shows. */
const importAccountMenu = async () => (await import('../elements/account-menu/account-menu.js')).AccountMenu;

/**
 * Registers the shopper elements, optionally under a prefix: the sign-in and the picker at once, the catalog list
 * and the account menu when one is first on the page (see `discover` for one in a shadow root of the page's own).
 */
export function defineElements(options: DefineOptions = {}): void {
  registerAll([AccountSignIn, AccountPicker], options);
  defineOnFirstUse(tagName('catalog-list', options), importCatalogList);
  defineOnFirstUse(tagName('account-menu', options), importAccountMenu);
}

defineElements();
