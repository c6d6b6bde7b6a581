// Read by `custom-elements-manifest analyze` (scripts/build.mjs passes the globs and --litelement, with which the
// analyzer reads each property from its @property()/@state() decorator). Our elements register through
// `static defaultTag` + `define()` and fire typed Event classes, which the analyzer cannot read: the plugin gives
// each element its `tagName` from `defaultTag`, and names its events from the Event classes' `static eventName`.
// An element's texts are no attributes: `npm run docs` documents them from the `*.texts.ts` modules.
// Then scripts/editor-data.mjs writes the editor and framework data (VS Code, JetBrains, JSX, Vue, Svelte) from it.
import { normalizeManifest } from './scripts/manifest-lib.mjs';
import { editorDataPlugin } from './scripts/editor-data.mjs';

export default {
  plugins: [
    {
      name: 'storefront-tag-names-and-events',
      packageLinkPhase({ customElementsManifest }) {
        normalizeManifest(customElementsManifest);
      },
    },
    editorDataPlugin(),
  ],
};
