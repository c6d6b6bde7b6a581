import 'storefront-elements/define';
