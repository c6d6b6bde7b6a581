// `import { AccountSignIn, … } from 'storefront-elements/react'`: one React component per element, made with
// @lit/react's createComponent. Props the element reads from an attribute are written as attributes, so the
// server-rendered tag is configured as the page asked; the other properties (`renderItem`, `texts`) and event
// handlers reach the element through a ref, after React has the element in hand, so they work on a server-rendered
// page too (React 19 attaches no `on<event>` listeners to custom elements while hydrating). A handler attached once
// the component mounts still hears a sign-in or choice told before (the elements tell late listeners what they
// missed). A component registers its element when the module loads in a browser, and nothing on a server; a bundler
// leaves out the components (and elements) a store does not use.
import { type EventName, type ReactWebComponent, createComponent } from '@lit/react';
import * as React from 'react';
import { AccountMembers as AccountMembersElement } from './elements/account-members/account-members.js';
import { AccountMemberships as AccountMembershipsElement } from './elements/account-memberships/account-memberships.js';
import { AccountPicker as AccountPickerElement } from './elements/account-picker/account-picker.js';
import { AccountMenu as AccountMenuElement } from './elements/account-menu/account-menu.js';
import { AccountSignIn as AccountSignInElement } from './elements/account-sign-in/account-sign-in.js';
import { CatalogList as CatalogListElement } from './elements/catalog-list/catalog-list.js';
import {
  AccountSelectedEvent,
  CatalogSelectedEvent,
  SignInRedirectEvent,
  SignedInEvent,
  SignedOutEvent,
  SessionExpiringEvent,
  StorefrontErrorEvent,
} from './events.js';
import type { StorefrontElement } from './internal/storefront-element.js';
import { MemberSelectedEvent, MembershipCreatedEvent } from './operator-events.js';

type ElementClass<E extends StorefrontElement> = (new () => E) &
  Pick<typeof StorefrontElement, 'defaultTag' | 'elementProperties' | 'observedAttributes'> & { define(): void };

/** The prop of each event: `on` and the event's name in PascalCase, typed with its Event class. */
const onStorefrontError = 'storefront-error' as EventName<StorefrontErrorEvent>;
const signInEvents = {
  onSignInRedirect: 'sign-in-redirect' as EventName<SignInRedirectEvent>,
  onSignedIn: 'signed-in' as EventName<SignedInEvent>,
  onSignedOut: 'signed-out' as EventName<SignedOutEvent>,
  onSessionExpiring: 'session-expiring' as EventName<SessionExpiringEvent>,
  onStorefrontError,
};
const pickerEvents = { onAccountSelected: 'account-selected' as EventName<AccountSelectedEvent>, onStorefrontError };
const menuEvents = { ...signInEvents, onAccountSelected: pickerEvents.onAccountSelected };
const catalogEvents = { onCatalogSelected: 'catalog-selected' as EventName<CatalogSelectedEvent>, onStorefrontError };
const membersEvents = { onMemberSelected: 'member-selected' as EventName<MemberSelectedEvent>, onStorefrontError };
const membershipsEvents = {
  onMembershipCreated: 'membership-created' as EventName<MembershipCreatedEvent>,
  onStorefrontError,
};

/**
 * The properties each element reads from an attribute, by property name, with that attribute (`baseUrl` →
 * `base-url`, `storage` → `storage`).
 */
function attributesOf(elementClass: ElementClass<StorefrontElement>): Map<string, string> {
  const names = new Map<string, string>();
  // lit finishes the class (its properties and their attributes) as it is asked for the attributes it observes
  void elementClass.observedAttributes;
  for (const [property, { attribute }] of elementClass.elementProperties) {
    if (attribute === false) continue;
    names.set(String(property), typeof attribute === 'string' ? attribute : String(property).toLowerCase());
  }
  return names;
}

function component<E extends StorefrontElement, Events extends Record<string, EventName>>(
  elementClass: ElementClass<E>,
  events: Events,
): ReactWebComponent<E, Events> {
  // registers nothing on a server (StorefrontElement.define)
  elementClass.define();
  // lit makes the properties when it finishes the class, which the first element does in a browser; finished here,
  // on a server too
  const attributes = attributesOf(elementClass);
  // createComponent sets a prop as a property, after React has the element, when the element has it; a prop the
  // element reads from an attribute is written as that attribute instead, so the server-rendered tag carries it
  // (`storage="memory"`) and the element is configured from the moment it upgrades, before React hydrates
  const prototype = new Proxy(elementClass.prototype, {
    has: (target, key) => !attributes.has(String(key)) && key in target,
  });
  const Element = createComponent({
    react: React,
    tagName: elementClass.defaultTag,
    elementClass: { prototype } as ElementClass<E>,
    events,
    displayName: elementClass.name,
  });
  const Component = React.forwardRef<E, React.ComponentProps<typeof Element>>((props, ref) => {
    const passed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(props)) passed[attributes.get(key) ?? key] = value;
    // the generic props of createComponent are more than TypeScript follows here
    return React.createElement(Element, { ...passed, ref } as React.ComponentProps<typeof Element>);
  });
  Component.displayName = elementClass.name;
  return Component as ReactWebComponent<E, Events>;
}

/** `<account-sign-in>`. */
export const AccountSignIn = /* @__PURE__ */ component(AccountSignInElement, signInEvents);

/** `<account-picker>`. */
export const AccountPicker = /* @__PURE__ */ component(AccountPickerElement, pickerEvents);

/** `<account-menu>`. */
export const AccountMenu = /* @__PURE__ */ component(AccountMenuElement, menuEvents);

/** `<catalog-list>`. */
export const CatalogList = /* @__PURE__ */ component(CatalogListElement, catalogEvents);

/** `<account-members>`. */
export const AccountMembers = /* @__PURE__ */ component(AccountMembersElement, membersEvents);

/** `<account-memberships>`. */
export const AccountMemberships = /* @__PURE__ */ component(AccountMembershipsElement, membershipsEvents);
