import type { StorefrontError } from './api/errors.js';
import type { Catalog } from './api/types.js';

/**
 * One account the signed-in member may act for, with its account management token; without one where the
 * elements use the store's server (`session-endpoint`), which keeps the tokens.
 */
export interface AccountSession {
  accountId: string;
  accountName: string;
  token?: string;
  /** ISO 8601 instant after which the token is no longer sent. */
  expires: string;
  /** The id of the account's parent account (the vendor's `parent_id`), where it is a sub-account. */
  parentId?: string;
}

export interface SignInRedirectDetail {
  profileId: string;
  url: string;
}
/** Who signed in: the member's id, and their name and email where the store lets a member read them. */
export interface SignedInMember {
  id: string;
  name?: string;
  email?: string;
}
export interface SignedInDetail {
  accountMemberId: string;
  accounts: AccountSession[];
  /** Who signed in (in `signed-in` always, with at least the id). */
  member?: SignedInMember;
  /** `true` when a kept session came back (on load, or from another tab of the store) rather than a sign-in. */
  restored?: boolean;
}
/** The chosen account; `restored: true` when the choice came back with a kept session. */
export interface AccountSelectedDetail extends AccountSession {
  restored?: boolean;
}
/**
 * Why a session ended: `user` (Sign out pressed, or `signOut()`), `expired` (a token's `expires` passed),
 * `rejected` (the service answered 401 to an account token), `elsewhere` (signed out in another tab).
 */
export type SignedOutReason = 'user' | 'expired' | 'rejected' | 'elsewhere';
export interface SignedOutDetail {
  reason: SignedOutReason;
}
/** The session's chosen account (else its first to end) ends soon: at `expires`, an ISO 8601 instant. */
export interface SessionExpiringDetail {
  accountId: string;
  expires: string;
}
export interface CatalogSelectedDetail {
  catalog: Catalog;
}
export interface StorefrontErrorDetail {
  error: StorefrontError;
}

/**
 * The base of the library's events: bubbling and composed, named by the subclass's `static eventName` (which
 * the custom elements manifest reads), cancelable when the subclass says so, with the detail as the one
 * constructor argument. The operator elements' events live in `operator-events.ts`, so the shopper bundle does
 * not carry them.
 */
export abstract class StorefrontEvent<T> extends CustomEvent<T> {
  static readonly eventName: string;
  /** Whether `preventDefault()` means something for this event. */
  static readonly cancelable: boolean = false;

  constructor(detail: T) {
    const { eventName, cancelable } = new.target as unknown as typeof StorefrontEvent;
    super(eventName, { detail, bubbles: true, composed: true, cancelable });
  }
}

/** Fired before the page leaves for the identity provider; `preventDefault()` keeps the page. */
export class SignInRedirectEvent extends StorefrontEvent<SignInRedirectDetail> {
  static override readonly eventName = 'sign-in-redirect';
  static override readonly cancelable = true;
}

export class SignedInEvent extends StorefrontEvent<SignedInDetail> {
  static override readonly eventName = 'signed-in';
}

export class SignedOutEvent extends StorefrontEvent<SignedOutDetail> {
  static override readonly eventName = 'signed-out';
}

/** Fired `expiring-before` seconds before the session ends; `renew()` keeps the shopper signed in. */
export class SessionExpiringEvent extends StorefrontEvent<SessionExpiringDetail> {
  static override readonly eventName = 'session-expiring';
}

export class AccountSelectedEvent extends StorefrontEvent<AccountSelectedDetail> {
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

/** The shopper elements' events by name. They bubble and are composed, so a page hears them on any ancestor. */
export interface StorefrontEventMap {
  'sign-in-redirect': SignInRedirectEvent;
  'signed-in': SignedInEvent;
  'signed-out': SignedOutEvent;
  'session-expiring': SessionExpiringEvent;
  'account-selected': AccountSelectedEvent;
  'catalog-selected': CatalogSelectedEvent;
  'storefront-error': StorefrontErrorEvent;
}

declare global {
  interface GlobalEventHandlersEventMap extends StorefrontEventMap {}
  interface HTMLElementEventMap extends StorefrontEventMap {}
  interface DocumentEventMap extends StorefrontEventMap {}
  interface WindowEventMap extends StorefrontEventMap {}
}
