import 'storefront-elements/account-sign-in';
