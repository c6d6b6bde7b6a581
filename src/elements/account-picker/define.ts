// `import 'storefront-elements/account-picker'`: registers <account-picker> and gives its class.
import '../../events.js'; // its declarations type the events on elements, document and window
import { AccountPicker } from './account-picker.js';

export { AccountPicker };

AccountPicker.define();
