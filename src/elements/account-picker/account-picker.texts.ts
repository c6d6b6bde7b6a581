/** Every text `<account-picker>` shows, in English. */
export const accountPickerTexts = {
  /** Visible and accessible name of the list of accounts. */
  listLabel: 'Account',
  /** Shown while nobody is signed in. */
  signedOutText: 'Sign in to choose an account.',
  /** Shown when the member signed in but belongs to no account. */
  noAccountsText:
    'Your sign-in worked, but the store has not added you to an account yet. ' +
    'Please ask the store to add you, then sign in again.',
};

export type AccountPickerTexts = typeof accountPickerTexts;
