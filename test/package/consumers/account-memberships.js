import 'storefront-elements/account-memberships';
