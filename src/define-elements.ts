import { AccountMenu } from './elements/account-menu/account-menu.js';
import { AccountMembers } from './elements/account-members/account-members.js';
import { AccountMemberships } from './elements/account-memberships/account-memberships.js';
import { AccountPicker } from './elements/account-picker/account-picker.js';
import { AccountSignIn } from './elements/account-sign-in/account-sign-in.js';
import { CatalogList } from './elements/catalog-list/catalog-list.js';
import { registerAll, type DefineOptions } from './internal/register.js';

export type { DefineOptions };

/**
 * Registers all six elements. With `{ prefix: 'acme' }` they are `<acme-account-sign-in>` and so on,
 * for a page that already uses our names. Names already registered are left alone.
 */
export function defineElements(options: DefineOptions = {}): void {
  registerAll([AccountSignIn, AccountPicker, AccountMenu, CatalogList, AccountMembers, AccountMemberships], options);
}
