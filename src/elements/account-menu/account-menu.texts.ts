import { signInTexts } from '../../internal/sign-in.texts.js';

/** Every text `<account-menu>` shows, in English: those of `<account-sign-in>`, and the menu's own. */
export const accountMenuTexts = {
  ...signInTexts,
  /** The button that opens the menu of sign-in options, when the store has several. */
  signInMenuLabel: 'Sign in',
  /** Accessible name of the panel of a signed-in member. */
  panelLabel: 'Your account',
  /** On the menu's button and in the panel, when no account is chosen yet. */
  chooseAccountText: 'Choose an account',
  /** Visible and accessible name of the list of accounts. */
  accountsLabel: 'Accounts',
  /** Label of the search field (shown past seven accounts). */
  searchLabel: 'Find an account',
  /** How many accounts the list shows (said to screen readers as it changes). */
  accountsCountText: { one: '{count} account', other: '{count} accounts' },
  /** No account's name holds what was typed; `{query}` is the text. */
  noMatchText: 'No account matches “{query}”.',
  /** Said before the accounts above a sub-account (the breadcrumb). */
  inAccountText: 'in {path}',
  /** Signed in, but the store has not added the member to any account. */
  noAccountsText: 'The store has not added you to an account yet.',
};

export type AccountMenuTexts = typeof accountMenuTexts;
