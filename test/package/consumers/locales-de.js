import 'storefront-elements/define';
import 'storefront-elements/locales/de.js';
