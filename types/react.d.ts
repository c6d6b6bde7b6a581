// React 19 JSX typings for the storefront elements. Opt in once, in any .ts/.tsx file of the app:
//
//   import type {} from 'storefront-elements/react';
//
// (or add "storefront-elements/react" to compilerOptions.types). Needs @types/react 19.
//
// How React 19 passes props to a custom element, and so what these types accept:
// - a prop whose name is a property of the (already defined) element is set as that property:
//   `baseUrl`, `clientId`, `accessToken` (a token or an async function), `renderItem`, `texts` (the element's
//   own wording, typed by its text keys), ... — every writable
//   property of the element class; register the elements (`import 'storefront-elements/define'`, and
//   `storefront-elements/define-operator` for the operator elements) before React renders them, or React sets
//   these as attributes;
// - any other prop is set as an attribute: the kebab-case names below (`base-url`, `client-id`, ...), and `class`;
// - `on<event-name>` adds a listener for exactly that event name: `onsigned-in`, `onaccount-selected`,
//   `onstorefront-error` (not `onSignedIn`, which would listen for an event named "SignedIn").
// Elements registered under a prefix (`defineElements({ prefix: 'acme' })`) are not covered.
import type { LitElement } from 'lit';
import type { ClassAttributes, HTMLAttributes, ReactNode } from 'react';
import type {
  AccountMembers,
  AccountMemberships,
  AccountPicker,
  AccountSelectedEvent,
  AccountSignIn,
  CatalogList,
  CatalogSelectedEvent,
  MemberSelectedEvent,
  MembershipCreatedEvent,
  SignedInEvent,
  SignedOutEvent,
  SignInRedirectEvent,
  StorefrontErrorEvent,
} from '../dist/index.js';

type IfEquals<X, Y, A, B> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? A : B;
type WritableKeys<T> = {
  [K in keyof T]-?: IfEquals<{ [Q in K]: T[K] }, { -readonly [Q in K]: T[K] }, K, never>;
}[keyof T];
type MethodKeys<T> = { [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T];

/** The writable properties an element class adds to LitElement (not its methods, not read-only getters). */
export type ElementProperties<E> = Partial<Pick<E, Exclude<WritableKeys<E>, keyof LitElement | MethodKeys<E>>>>;

/** Props of one element: its properties, attributes and event handlers, plus what every element takes. */
export type StorefrontElementProps<E extends HTMLElement, Attributes, Events> = ElementProperties<E> &
  Attributes &
  Events &
  Omit<HTMLAttributes<E>, keyof ElementProperties<E> | keyof Attributes | keyof Events> &
  ClassAttributes<E> & {
    /** Set as the `class` attribute (React 19 also accepts `className` on custom elements). */
    class?: string;
    children?: ReactNode;
  };

/** Every element fires `storefront-error`. */
export interface StorefrontErrorEvents {
  'onstorefront-error'?: (event: StorefrontErrorEvent) => void;
}
/** Attributes of `<account-sign-in>` (kebab-case, set with setAttribute). */
export interface AccountSignInAttributes {
  'base-url'?: string;
  'client-id'?: string;
  'redirect-uri'?: string;
  'display'?: string;
  'prompt'?: string;
  'ui-locales'?: string;
  'mode'?: 'redirect' | 'popup';
  'sign-out'?: 'local' | 'everywhere';
  'storage'?: 'session' | 'memory';
}
/** Event handlers of `<account-sign-in>`: React 19 adds a listener for the event named after `on`. */
export interface AccountSignInEvents extends StorefrontErrorEvents {
  'onsigned-out'?: (event: SignedOutEvent) => void;
  'onsign-in-redirect'?: (event: SignInRedirectEvent) => void;
  'onsigned-in'?: (event: SignedInEvent) => void;
}
/** Attributes of `<account-picker>` (kebab-case, set with setAttribute). */
export interface AccountPickerAttributes {
  'client-id'?: string;
  'storage'?: 'session' | 'memory';
}
/** Event handlers of `<account-picker>`: React 19 adds a listener for the event named after `on`. */
export interface AccountPickerEvents extends StorefrontErrorEvents {
  'onaccount-selected'?: (event: AccountSelectedEvent) => void;
}
/** Attributes of `<catalog-list>` (kebab-case, set with setAttribute). */
export interface CatalogListAttributes {
  'base-url'?: string;
  'catalog-base-url'?: string;
  'client-id'?: string;
  'storage'?: 'session' | 'memory';
  'page-size'?: number | string;
  'row-height'?: number | string;
}
/** Event handlers of `<catalog-list>`: React 19 adds a listener for the event named after `on`. */
export interface CatalogListEvents extends StorefrontErrorEvents {
  'oncatalog-selected'?: (event: CatalogSelectedEvent) => void;
}
/** Attributes both operator tables share (the paged table: sort, pages, columns). */
export interface PagedTableAttributes {
  'base-url'?: string;
  'sort'?: string;
  'page-size'?: number | string;
  'page'?: number | string;
  'columns'?: string;
}
/** Attributes of `<account-members>` (kebab-case, set with setAttribute). */
export interface AccountMembersAttributes extends PagedTableAttributes {
  'filter-field'?: 'email' | 'name';
  'filter-value'?: string;
}
/** Event handlers of `<account-members>`: React 19 adds a listener for the event named after `on`. */
export interface AccountMembersEvents extends StorefrontErrorEvents {
  'onmember-selected'?: (event: MemberSelectedEvent) => void;
}
/** Attributes of `<account-memberships>` (kebab-case, set with setAttribute). */
export interface AccountMembershipsAttributes extends PagedTableAttributes {
  'account-id'?: string;
  'member-id'?: string;
}
/** Event handlers of `<account-memberships>`: React 19 adds a listener for the event named after `on`. */
export interface AccountMembershipsEvents extends StorefrontErrorEvents {
  'onmembership-created'?: (event: MembershipCreatedEvent) => void;
}

export type AccountSignInProps = StorefrontElementProps<AccountSignIn, AccountSignInAttributes, AccountSignInEvents>;
export type AccountPickerProps = StorefrontElementProps<AccountPicker, AccountPickerAttributes, AccountPickerEvents>;
export type CatalogListProps = StorefrontElementProps<CatalogList, CatalogListAttributes, CatalogListEvents>;
export type AccountMembersProps = StorefrontElementProps<
  AccountMembers,
  AccountMembersAttributes,
  AccountMembersEvents
>;
export type AccountMembershipsProps = StorefrontElementProps<
  AccountMemberships,
  AccountMembershipsAttributes,
  AccountMembershipsEvents
>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'account-sign-in': AccountSignInProps;
      'account-picker': AccountPickerProps;
      'catalog-list': CatalogListProps;
      'account-members': AccountMembersProps;
      'account-memberships': AccountMembershipsProps;
    }
  }
}
