import type { AccountMember, AccountMembership } from './api/types.js';
import { StorefrontEvent } from './events.js';

export interface MemberSelectedDetail {
  member: AccountMember;
}
export interface MembershipCreatedDetail {
  membership: AccountMembership;
  member: AccountMember;
}

export class MemberSelectedEvent extends StorefrontEvent<MemberSelectedDetail> {
  static override readonly eventName = 'member-selected';
}

export class MembershipCreatedEvent extends StorefrontEvent<MembershipCreatedDetail> {
  static override readonly eventName = 'membership-created';
}

/** The operator elements' events by name; like the shopper elements' ones, they bubble and are composed. */
export interface OperatorEventMap {
  'member-selected': MemberSelectedEvent;
  'membership-created': MembershipCreatedEvent;
}

declare global {
  interface GlobalEventHandlersEventMap extends OperatorEventMap {}
  interface HTMLElementEventMap extends OperatorEventMap {}
  interface DocumentEventMap extends OperatorEventMap {}
  interface WindowEventMap extends OperatorEventMap {}
}
