import 'storefront-elements/account-picker';
