// `import 'storefront-elements/define'`: registers the three shopper elements under their default names,
// <account-sign-in>, <account-picker> and <catalog-list>, and gives their classes. The operator elements have
// `storefront-elements/define-operator`; each element also has its own entry (`storefront-elements/catalog-list`).
import './events.js'; // its declarations type the events on elements, document and window
import { AccountPicker } from './elements/account-picker/account-picker.js';
import { AccountSignIn } from './elements/account-sign-in/account-sign-in.js';
import { CatalogList } from './elements/catalog-list/catalog-list.js';
import { registerAll } from './internal/register.js';

export { AccountSignIn, AccountPicker, CatalogList };

registerAll([AccountSignIn, AccountPicker, CatalogList]);
