import type { AccountMember, AccountMembership, MembershipListEnvelope } from '../../api/types.js';

/** A membership with its member, when the list's `included.account_members` holds it. */
export interface MembershipRow {
  membership: AccountMembership;
  member?: AccountMember;
}

/** Joins each membership to its member through `relationships.account_member.data.id`. */
export function joinMembers(envelope: MembershipListEnvelope): MembershipRow[] {
  const members = new Map<string, AccountMember>();
  for (const member of envelope.included?.account_members ?? []) {
    if (member && typeof member.id === 'string') members.set(member.id, member);
  }
  return envelope.data.map((membership) => ({
    membership,
    member: members.get(membership.relationships?.account_member?.data?.id),
  }));
}

/** The member id of a membership ('' when the API left it out). */
export function memberIdOf(membership: AccountMembership): string {
  return membership.relationships?.account_member?.data?.id ?? '';
}
