// What `import … from 'storefront-elements'` gives is a promise: this list is it. A name added to or removed
// from src/index.ts fails here until the list (and docs/frameworks.md's "What the package exports") says so too.
// Reads the built declarations (dist/index.d.ts); needs `npm run build` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';

/** Values (classes, functions, constants) and types, each sorted. */
const EXPECTED = {
  values: [
    'AccountMembers',
    'AccountMemberships',
    'AccountMenu',
    'AccountPicker',
    'AccountSelectedEvent',
    'AccountSignIn',
    'ApiError',
    'CatalogList',
    'CatalogSelectedEvent',
    'MAX_PAGE_LIMIT',
    'MAX_PAGE_OFFSET',
    'MemberSelectedEvent',
    'MembershipCreatedEvent',
    'SORT_ATTRIBUTES',
    'SessionExpiringEvent',
    'SignInRedirectEvent',
    'SignedInEvent',
    'SignedOutEvent',
    'StorefrontError',
    'StorefrontErrorEvent',
    'StorefrontEvent',
    'addTranslation',
    'connect',
    'contains',
    'createAccountManagementTokens',
    'createMembership',
    'defineElements',
    'eq',
    'escapeLike',
    'formatFilter',
    'getAccountAuthenticationSettings',
    'getLink',
    'isAbortError',
    'like',
    'listCatalogReleases',
    'listCatalogs',
    'listMembers',
    'listMemberships',
    'listOidcProfiles',
    'listUnassignedMembers',
    'pages',
    'requestImplicitToken',
    'toSearchParams',
  ],
  types: [
    'AccessTokenResponse',
    'Account',
    'AccountAuthenticationSettings',
    'AccountManagementToken',
    'AccountManagementTokenRequest',
    'AccountManagementTokenResponse',
    'AccountMember',
    'AccountMembersTexts',
    'AccountMembership',
    'AccountMembershipsTexts',
    'AccountMenuTexts',
    'AccountPickerTexts',
    'AccountSelectedDetail',
    'AccountSession',
    'AccountSignInTexts',
    'Catalog',
    'CatalogItemRenderer',
    'CatalogListEnvelope',
    'CatalogListTexts',
    'CatalogPageQuery',
    'CatalogRelease',
    'CatalogSelectedDetail',
    'Connection',
    'ConnectionOptions',
    'DefineOptions',
    'ErrorEnvelope',
    'ErrorObject',
    'FetchLike',
    'FilterExpression',
    'FilterInput',
    'FilterOperator',
    'ListEnvelope',
    'ListQuery',
    'MemberFilterAttribute',
    'MemberSelectedDetail',
    'MembershipCreatedDetail',
    'MembershipFilterAttribute',
    'MembershipListEnvelope',
    'OidcProfile',
    'OperatorEventMap',
    'Page',
    'Plural',
    'PricebookRef',
    'RequestOptions',
    'SessionExpiringDetail',
    'SessionStorageMode',
    'SignInRedirectDetail',
    'SignedInDetail',
    'SignedOutDetail',
    'SignedOutReason',
    'Sort',
    'SortAttribute',
    'StorefrontErrorCode',
    'StorefrontErrorDetail',
    'StorefrontEventMap',
    'TextOverrides',
    'Timestamp',
    'Timestamps',
    'TokenSource',
    'Translation',
    'TranslationOf',
    'TranslationTexts',
  ],
};

test('storefront-elements exports exactly the names it promises', () => {
  const program = ts.createProgram(['dist/index.d.ts'], { noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile('dist/index.d.ts'));
  const values = [];
  const types = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    // a type-only re-export names a class or constant as a type only
    const typeOnly = symbol.declarations?.some((d) => ts.isTypeOnlyImportOrExportDeclaration(d));
    (target.flags & ts.SymbolFlags.Value && !typeOnly ? values : types).push(symbol.name);
  }
  assert.deepEqual({ values: values.sort(), types: types.sort() }, EXPECTED);
});
