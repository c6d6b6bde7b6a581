// Registers <account-sign-in>, <account-picker> and <catalog-list> in the browser only (`.client`): the server
// sends the tags with their attributes, and they start here, as the page's script loads.
import 'storefront-elements/define';

export default defineNuxtPlugin(() => {});
