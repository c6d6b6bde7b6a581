import 'storefront-elements/catalog-list';
