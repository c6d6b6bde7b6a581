// The self-contained shopper bundle: <account-sign-in>, <account-picker> and <catalog-list>, lit included.
import { AccountPicker } from '../elements/account-picker/account-picker.js';
import { AccountSignIn } from '../elements/account-sign-in/account-sign-in.js';
import { CatalogList } from '../elements/catalog-list/catalog-list.js';
import { registerAll, type DefineOptions } from '../internal/register.js';

export { AccountPicker, AccountSignIn, CatalogList };
export { StorefrontError, ApiError } from '../api/errors.js';
export { addTranslation } from '../locales/translation.js';

const shopperElements = [AccountSignIn, AccountPicker, CatalogList];

/** Registers the shopper elements, optionally under a prefix. */
export function defineElements(options: DefineOptions = {}): void {
  registerAll(shopperElements, options);
}

defineElements();
