// `import 'storefront-elements/account-menu'`: registers <account-menu> and gives its class.
import '../../events.js'; // its declarations type the events on elements, document and window
import { AccountMenu } from './account-menu.js';

export { AccountMenu };

AccountMenu.define();
