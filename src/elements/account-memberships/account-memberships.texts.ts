import { pagedTableTexts } from '../../internal/paged-table.texts.js';

/** Every text `<account-memberships>` shows, in English. */
export const accountMembershipsTexts = {
  ...pagedTableTexts,
  /** Accessible name of the table. */
  tableLabel: 'Members of this account',
  /** Header of the created column: when the member was added. */
  createdLabel: 'Added',
  /** Shown until everything a request needs is set; also the error `not_configured`. */
  notConfiguredText: 'Waiting for the store address, an account id and an operator access token.',
  /** The account has no memberships. */
  emptyText: 'This account has no members yet.',
  /** Empty list of a `member-id` that has no membership here; `{id}` is replaced by the member id. */
  notMemberText: 'The member {id} does not belong to this account.',
  /** The service does not know the account (404, listing or adding); `{id}` is replaced by the account id. */
  unknownAccountText: 'This account does not exist ({id}).',
  /** Label of the button that opens the add panel. */
  addLabel: 'Add member',
  /** Heading of the add panel. */
  addHeadingLabel: 'Add a member to this account',
  /** Placeholder and accessible name of the box narrowing the candidates. */
  findLabel: 'Find a member',
  /** Shown in the panel when no member of the store is left to add. */
  noCandidatesText: 'Every member of the store already belongs to this account.',
  /** Label of the button that adds the chosen member. */
  addConfirmLabel: 'Add',
  /** Label of the button that closes the panel. */
  cancelLabel: 'Cancel',
  /** Announced after adding; `{name}` is replaced. */
  addedText: '{name} is now a member of this account.',
  /** An add refused because the membership exists (409); `{name}` is replaced. */
  alreadyMemberText: '{name} is already a member of this account.',
};

export type AccountMembershipsTexts = typeof accountMembershipsTexts;
