// The elements' attributes and events in the markup (`base-url`, `onsigned-in`, …), checked by svelte-check and
// shown by the Svelte extension of an editor.
/// <reference types="storefront-elements/svelte" />
