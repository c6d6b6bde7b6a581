// Read by `custom-elements-manifest analyze` (scripts/build.mjs passes the globs and --litelement).
// Our elements register through `static defaultTag` + `define()` and fire typed Event classes, which the
// analyzer cannot see: this plugin adds each element's `tagName` and names its events from the Event
// classes' `static eventName`, so the shipped custom-elements.json is complete for editors and tools.
import { normalizeManifest } from './scripts/manifest-lib.mjs';

export default {
  plugins: [
    {
      name: 'storefront-tag-names-and-events',
      packageLinkPhase({ customElementsManifest }) {
        normalizeManifest(customElementsManifest);
      },
    },
  ],
};
