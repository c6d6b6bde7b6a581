// The library's public surface: classes, types and the client. Importing it registers nothing;
// `storefront-elements/define` (or `defineElements()`) does.
export { AccountSignIn } from './elements/account-sign-in/account-sign-in.js';
export { AccountPicker } from './elements/account-picker/account-picker.js';
export { CatalogList } from './elements/catalog-list/catalog-list.js';
export { AccountMembers } from './elements/account-members/account-members.js';
export { AccountMemberships } from './elements/account-memberships/account-memberships.js';
export { StorefrontElement } from './internal/storefront-element.js';
export { defineElements, type DefineOptions } from './define-elements.js';

export * from './api/index.js';
export * from './events.js';
export * from './operator-events.js';
export { MemberSession, type SessionStorageMode, type SessionChange } from './auth/session.js';
