import { signInTexts } from '../../internal/sign-in.texts.js';

/** Every text `<account-sign-in>` shows, in English. */
export const accountSignInTexts = { ...signInTexts };

export type AccountSignInTexts = typeof accountSignInTexts;
