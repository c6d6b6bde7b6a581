import type { StorefrontError } from './api/errors.js';
import type { AccountMember, AccountMembership, Catalog } from './api/types.js';

/** One account the signed-in member may act for, with its account management token. */
export interface AccountSession {
  accountId: string;
  accountName: string;
  token: string;
  /** ISO 8601 instant after which the token is no longer sent. */
  expires: string;
}

export interface SignInRedirectDetail {
  profileId: string;
  url: string;
}
export interface SignedInDetail {
  accountMemberId: string;
  accounts: AccountSession[];
}
export interface SignedOutDetail {
  reason: 'user' | 'expired';
}
export interface CatalogSelectedDetail {
  catalog: Catalog;
}
export interface MemberSelectedDetail {
  member: AccountMember;
}
export interface MembershipCreatedDetail {
  membership: AccountMembership;
  member: AccountMember;
}
export interface StorefrontErrorDetail {
  error: StorefrontError;
}

abstract class StorefrontEvent<T> extends CustomEvent<T> {
  constructor(type: string, detail: T, cancelable = false) {
    super(type, { detail, bubbles: true, composed: true, cancelable });
  }
}

/** Fired before the page leaves for the identity provider; `preventDefault()` keeps the page. */
export class SignInRedirectEvent extends StorefrontEvent<SignInRedirectDetail> {
  static readonly eventName = 'sign-in-redirect';
  constructor(detail: SignInRedirectDetail) {
    super(SignInRedirectEvent.eventName, detail, true);
  }
}

export class SignedInEvent extends StorefrontEvent<SignedInDetail> {
  static readonly eventName = 'signed-in';
  constructor(detail: SignedInDetail) {
    super(SignedInEvent.eventName, detail);
  }
}

export class SignedOutEvent extends StorefrontEvent<SignedOutDetail> {
  static readonly eventName = 'signed-out';
  constructor(detail: SignedOutDetail) {
    super(SignedOutEvent.eventName, detail);
  }
}

export class AccountSelectedEvent extends StorefrontEvent<AccountSession> {
  static readonly eventName = 'account-selected';
  constructor(detail: AccountSession) {
    super(AccountSelectedEvent.eventName, detail);
  }
}

export class CatalogSelectedEvent extends StorefrontEvent<CatalogSelectedDetail> {
  static readonly eventName = 'catalog-selected';
  constructor(detail: CatalogSelectedDetail) {
    super(CatalogSelectedEvent.eventName, detail);
  }
}

export class MemberSelectedEvent extends StorefrontEvent<MemberSelectedDetail> {
  static readonly eventName = 'member-selected';
  constructor(detail: MemberSelectedDetail) {
    super(MemberSelectedEvent.eventName, detail);
  }
}

export class MembershipCreatedEvent extends StorefrontEvent<MembershipCreatedDetail> {
  static readonly eventName = 'membership-created';
  constructor(detail: MembershipCreatedDetail) {
    super(MembershipCreatedEvent.eventName, detail);
  }
}

export class StorefrontErrorEvent extends StorefrontEvent<StorefrontErrorDetail> {
  static readonly eventName = 'storefront-error';
  constructor(error: StorefrontError) {
    super(StorefrontErrorEvent.eventName, { error });
  }
}

declare global {
  interface HTMLElementEventMap {
    'sign-in-redirect': SignInRedirectEvent;
    'signed-in': SignedInEvent;
    'signed-out': SignedOutEvent;
    'account-selected': AccountSelectedEvent;
    'catalog-selected': CatalogSelectedEvent;
    'member-selected': MemberSelectedEvent;
    'membership-created': MembershipCreatedEvent;
    'storefront-error': StorefrontErrorEvent;
  }
}
