// `import 'storefront-elements/account-memberships'`: registers <account-memberships> and gives its class.
import '../../operator-events.js'; // its declarations type the events on elements, document and window
import { AccountMemberships } from './account-memberships.js';

export { AccountMemberships };

AccountMemberships.define();
