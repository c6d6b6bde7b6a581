import 'storefront-elements/define-operator';
