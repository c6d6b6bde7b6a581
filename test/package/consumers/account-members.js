import 'storefront-elements/account-members';
