import { pagedTableTexts } from '../../internal/paged-table.texts.js';

/** Every text `<account-members>` shows, in English. */
export const accountMembersTexts = {
  ...pagedTableTexts,
  /** Accessible name of the table and of the search form. */
  tableLabel: 'Store members',
  /** Label of the search button, and accessible name of the field choice and the search text box. */
  searchLabel: 'Search',
  /** Label of the clear button. */
  clearLabel: 'Clear search',
  /** Empty result of a search; `{value}` is replaced by the search text. */
  noMatchText: 'No members match “{value}”.',
  /** Empty store. */
  emptyText: 'The store has no members yet.',
};

export type AccountMembersTexts = typeof accountMembersTexts;
