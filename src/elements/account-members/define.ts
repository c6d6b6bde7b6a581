// `import 'storefront-elements/account-members'`: registers <account-members> and gives its class.
import '../../operator-events.js'; // its declarations type the events on elements, document and window
import { AccountMembers } from './account-members.js';

export { AccountMembers };

AccountMembers.define();
