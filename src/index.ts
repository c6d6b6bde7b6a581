/**
 * What the package promises (`import … from 'storefront-elements'`): the element classes, the function that
 * registers them, their events, the API's endpoint functions with their connection, query builders, errors and
 * resource types. Importing it
 * registers nothing; `storefront-elements/define` (shopper elements), `storefront-elements/define-operator` and
 * one entry per element (`storefront-elements/catalog-list`, …) do. Everything under src/internal/ and any
 * module not named here may change in any release. test/package/exports.test.js holds this list.
 */

// The elements
export { AccountSignIn } from './elements/account-sign-in/account-sign-in.js';
export { AccountPicker } from './elements/account-picker/account-picker.js';
export { AccountMenu } from './elements/account-menu/account-menu.js';
export { CatalogList, type CatalogItemRenderer } from './elements/catalog-list/catalog-list.js';
export { AccountMembers } from './elements/account-members/account-members.js';
export { AccountMemberships } from './elements/account-memberships/account-memberships.js';
export { defineElements, type DefineOptions } from './define-elements.js';
export type { SessionStorageMode } from './auth/session.js';

// Their languages
export {
  addTranslation,
  type AccountMenuTexts,
  type AccountMembersTexts,
  type AccountMembershipsTexts,
  type AccountPickerTexts,
  type AccountSignInTexts,
  type CatalogListTexts,
  type Plural,
  type TextOverrides,
  type Translation,
  type TranslationOf,
  type TranslationTexts,
} from './locales/translation.js';

// Their events
export {
  StorefrontEvent,
  SignInRedirectEvent,
  SignedInEvent,
  SignedOutEvent,
  SessionExpiringEvent,
  AccountSelectedEvent,
  CatalogSelectedEvent,
  StorefrontErrorEvent,
  type AccountSession,
  type AccountSelectedDetail,
  type SignInRedirectDetail,
  type SignedInDetail,
  type SignedOutDetail,
  type SessionExpiringDetail,
  type SignedOutReason,
  type CatalogSelectedDetail,
  type StorefrontErrorDetail,
  type StorefrontEventMap,
} from './events.js';
export {
  MemberSelectedEvent,
  MembershipCreatedEvent,
  type MemberSelectedDetail,
  type MembershipCreatedDetail,
  type OperatorEventMap,
} from './operator-events.js';

// The API: one function per endpoint, over a connection
export { connect, type Connection, type ConnectionOptions } from './api/connection.js';
export { getLink, pages, type Page } from './api/pages.js';
export { getAccountAuthenticationSettings, listOidcProfiles, requestImplicitToken } from './api/client.js';
export { listCatalogReleases, listCatalogs, type CatalogPageQuery } from './api/catalogs.js';
export { createAccountManagementTokens, type AccountManagementTokenRequest } from './api/account-tokens.js';
export { createMembership, listMembers, listMemberships, listUnassignedMembers } from './api/operator-endpoints.js';
export type { FetchLike, RequestOptions, TokenSource } from './api/http.js';
export { ApiError, StorefrontError, isAbortError, type StorefrontErrorCode } from './api/errors.js';
export {
  MAX_PAGE_LIMIT,
  MAX_PAGE_OFFSET,
  SORT_ATTRIBUTES,
  contains,
  eq,
  escapeLike,
  formatFilter,
  like,
  toSearchParams,
  type FilterExpression,
  type FilterInput,
  type FilterOperator,
  type ListQuery,
  type MemberFilterAttribute,
  type MembershipFilterAttribute,
} from './api/query.js';
export type * from './api/types.js';
