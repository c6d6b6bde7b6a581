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

declare global {
  interface HTMLElementEventMap {
    'member-selected': MemberSelectedEvent;
    'membership-created': MembershipCreatedEvent;
  }
}
