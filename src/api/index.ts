/** The API client and its pieces: endpoints, query building, errors and resource types. */
export { StorefrontClient } from './client.js';
export { OperatorClient } from './operator-client.js';
export type { AccountManagementTokenRequest, CatalogPageQuery, Page, StorefrontClientOptions } from './client.js';
export type { FetchLike, RequestOptions, TokenSource } from './http.js';
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
} from './query.js';
export type {
  FilterExpression,
  FilterInput,
  FilterOperator,
  ListQuery,
  MemberFilterAttribute,
  MembershipFilterAttribute,
} from './query.js';
export { ApiError, StorefrontError, isAbortError } from './errors.js';
export type { StorefrontErrorCode } from './errors.js';
export type * from './types.js';
