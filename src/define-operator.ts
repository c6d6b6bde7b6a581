// `import 'storefront-elements/define-operator'`: registers the two operator elements under their default names,
// <account-members> and <account-memberships>, and gives their classes.
import './operator-events.js'; // its declarations type the events on elements, document and window
import { AccountMembers } from './elements/account-members/account-members.js';
import { AccountMemberships } from './elements/account-memberships/account-memberships.js';
import { registerAll } from './internal/register.js';

export { AccountMembers, AccountMemberships };

registerAll([AccountMembers, AccountMemberships]);
