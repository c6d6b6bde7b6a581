/**
 * Resource shapes of the Account Single Sign-On, Account Membership and Catalog Listing interface.
 * Written once from the spec's tables; every other module imports them from here.
 */

/** ISO 8601 UTC timestamp with milliseconds, e.g. `2026-11-22T05:34:26.000Z`. */
export type Timestamp = string;

export interface Timestamps {
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** `GET /v2/settings/account-authentication` */
export interface AccountAuthenticationSettings {
  id: string;
  type?: string;
  relationships: {
    authentication_realm: { data: { id: string; type?: string } };
  };
  meta: { client_id: string };
}

/** Element of `data[]` of `GET /v2/authentication-realms/:realm-id/oidc-profiles/` */
export interface OidcProfile {
  id: string;
  type?: string;
  name?: string;
  /** The store's client at the profile's identity provider (the vendor's attribute, beyond the spec). */
  client_id?: string;
  links: {
    'authorization-endpoint': string;
    /** The identity provider's OpenID Connect discovery document (the vendor's link, beyond the spec). */
    'client-discovery-url'?: string;
  };
}

export interface AccountMember {
  id: string;
  type: 'account_member';
  name: string;
  email: string;
  meta: { timestamps: Timestamps };
  links: { self: string };
}

/**
 * An account, as far as the shopper elements read it: a member reads their own with that account's token. Its
 * parent (`parent_id`, and `relationships.parent`) places it in the store's tree of accounts and sub-accounts.
 */
export interface Account {
  id: string;
  type: 'account';
  name: string;
  parent_id?: string | null;
}

export interface AccountMembership {
  id: string;
  type: 'account_membership';
  meta: { timestamps: Timestamps };
  relationships: {
    account_member: { data: { id: string; type: 'account_member' } };
  };
  links: { self: string };
}

/** One element of `data[]` of `POST /v2/account-members/tokens` */
export interface AccountManagementToken {
  type: 'account_management_authentication_token';
  account_id: string;
  account_name: string;
  token: string;
  expires: Timestamp;
}

export interface AccountManagementTokenResponse {
  meta: { account_member_id: string };
  data: AccountManagementToken[];
}

export interface PricebookRef {
  id: string;
  priority: number;
}

export interface Catalog {
  id: string;
  type: 'catalog';
  attributes: {
    name: string;
    description: string;
    hierarchy_ids: string[];
    pricebook_id?: string;
    pricebook_ids?: PricebookRef[];
    locales?: Record<string, unknown>;
    /** Timestamp shown without zone suffix; read as UTC. */
    created_at: string;
    updated_at: string;
    owner: string;
  };
  relationships: {
    rules?: { links: { related: string } };
    releases: { links: { related: string }; meta: { count: number } };
  };
}

/**
 * A published release of a catalog. The spec names only the two booleans; the reference service adds
 * when it was published and the delta link that the publish response carries, and the vendor's fields
 * (the type as the vendor spells it, the flags again under `meta`, the delta under `relationships`).
 */
export interface CatalogRelease {
  id: string;
  type: 'catalog-release';
  attributes: {
    is_full_publish: boolean;
    is_full_delta: boolean;
    published_at?: string;
  };
  links?: { self?: string; delta?: string | null };
}

/** List envelope of account members and account memberships. */
export interface ListEnvelope<T> {
  data: T[];
  meta: {
    page: { limit: number; current: number; offset: number; total: number };
    results: { total: number };
  };
  links: {
    current: string;
    first: string;
    last: string;
    next: string | null;
    prev: string | null;
  };
}

export interface MembershipListEnvelope extends ListEnvelope<AccountMembership> {
  included?: { account_members: AccountMember[] };
}

/** `GET /catalogs` and a catalog's releases. */
export interface CatalogListEnvelope<T = Catalog> {
  data: T[];
  links: { self?: string; first?: string; last?: string; prev?: string | null; next?: string | null };
}

export interface ErrorObject {
  title: string;
  /** the HTTP status code as text */
  status: string;
  detail?: string;
}

export interface ErrorEnvelope {
  errors: ErrorObject[];
}

/** `POST /oauth/access_token` answer */
export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  expires: number;
  identifier: string;
}

/** Attributes the list endpoints sort on. */
export type SortAttribute = 'created_at' | 'email' | 'id' | 'name' | 'updated_at';
export type Sort = SortAttribute | `-${SortAttribute}`;
