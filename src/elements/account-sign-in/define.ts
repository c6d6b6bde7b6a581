// `import 'storefront-elements/account-sign-in'`: registers <account-sign-in> and gives its class.
import '../../events.js'; // its declarations type the events on elements, document and window
import { AccountSignIn } from './account-sign-in.js';

export { AccountSignIn };

AccountSignIn.define();
