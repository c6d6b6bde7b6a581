// The elements' attributes and events in templates, checked by vue-tsc (`nuxt typecheck`) and shown by Volar.
/// <reference types="storefront-elements/vue" />
