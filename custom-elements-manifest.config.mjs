// Read by `custom-elements-manifest analyze` (scripts/build.mjs passes the globs and --litelement, with which the
// analyzer reads each property from its @property()/@state() decorator). Two plugins fill in what it cannot see:
// - a default text written in pieces (`'…' +\n '…'`, to keep lines short) is given its value and type;
// - our elements register through `static defaultTag` + `define()` and fire typed Event classes: each element's
//   `tagName` comes from `defaultTag`, and its events are named from the Event classes' `static eventName`;
// - an element's texts are the keys of its catalog (`static texts = …Texts`, an object in a `*.texts.ts` module,
//   built from other catalogs with `...spread`): each becomes a property and an attribute at run time, so each is
//   listed as both, with its English default and the catalog's JSDoc.
// Then scripts/editor-data.mjs writes the editor and framework data (VS Code, JetBrains, JSX, Vue, Svelte) from it.
import { normalizeManifest } from './scripts/manifest-lib.mjs';
import { catalogsPlugin, joinedText, quote } from './scripts/manifest-texts.mjs';
import { editorDataPlugin } from './scripts/editor-data.mjs';

export default {
  plugins: [
    {
      name: 'storefront-joined-text-defaults',
      analyzePhase({ ts, node, moduleDoc }) {
        if (!ts.isPropertyDeclaration(node) || !node.initializer || !ts.isBinaryExpression(node.initializer)) return;
        const text = joinedText(ts, node.initializer);
        const owner = node.parent?.name?.text;
        const declaration = moduleDoc.declarations?.find((d) => d.name === owner);
        const member = declaration?.members?.find((m) => m.name === node.name.getText());
        if (text === undefined || !member) return;
        member.type ??= { text: 'string' };
        member.default = quote(text);
      },
    },
    {
      name: 'storefront-tag-names-and-events',
      packageLinkPhase({ customElementsManifest }) {
        normalizeManifest(customElementsManifest);
      },
    },
    catalogsPlugin(),
    editorDataPlugin(),
  ],
};
