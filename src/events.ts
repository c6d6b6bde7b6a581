import type { StorefrontError } from './api/errors.js';
import type { Catalog } from './api/types.js';

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
export interface StorefrontErrorDetail {
  error: StorefrontError;
}

/**
 * The base of the library's events: bubbling and composed, named by the subclass's `static eventName` (which
 * the custom elements manifest reads), with the detail as the one constructor argument. The operator elements'
 * events live in `operator-events.ts`, so the shopper bundle does not carry them.
 */
export abstract class StorefrontEvent<T> extends CustomEvent<T> {
  static readonly eventName: string;

  constructor(detail: T) {
    const type = (new.target as unknown as typeof StorefrontEvent).eventName;
    super(type, { detail, bubbles: true, composed: true, cancelable: type === 'sign-in-redirect' });
  }
}

/** Fired before the page leaves for the identity provider; `preventDefault()` keeps the page. */
export class SignInRedirectEvent extends StorefrontEvent<SignInRedirectDetail> {
  static override readonly eventName = 'sign-in-redirect';
}

export class SignedInEvent extends StorefrontEvent<SignedInDetail> {
  static override readonly eventName = 'signed-in';
}

export class SignedOutEvent extends StorefrontEvent<SignedOutDetail> {
  static override readonly eventName = 'signed-out';
}

export class AccountSelectedEvent extends StorefrontEvent<AccountSession> {
  static override readonly eventName = 'account-selected';
}

export class CatalogSelectedEvent extends StorefrontEvent<CatalogSelectedDetail> {
  static override readonly eventName = 'catalog-selected';
}

export class StorefrontErrorEvent extends StorefrontEvent<StorefrontErrorDetail> {
  static override readonly eventName = 'storefront-error';
  constructor(error: StorefrontError) {
    super({ error });
  }
}

declare global {
  interface HTMLElementEventMap {
    'sign-in-redirect': SignInRedirectEvent;
    'signed-in': SignedInEvent;
    'signed-out': SignedOutEvent;
    'account-selected': AccountSelectedEvent;
    'catalog-selected': CatalogSelectedEvent;
    'storefront-error': StorefrontErrorEvent;
  }
}
