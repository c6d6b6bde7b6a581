// The self-contained operator bundle: <account-members> and <account-memberships>, lit included.
import { AccountMembers } from '../elements/account-members/account-members.js';
import { AccountMemberships } from '../elements/account-memberships/account-memberships.js';
import { registerAll, type DefineOptions } from '../internal/register.js';

export { AccountMembers, AccountMemberships };
export { StorefrontError, ApiError } from '../api/errors.js';
export { addTranslation } from '../locales/translation.js';

const operatorElements = [AccountMembers, AccountMemberships];

/** Registers the operator elements, optionally under a prefix. */
export function defineElements(options: DefineOptions = {}): void {
  registerAll(operatorElements, options);
}

defineElements();
