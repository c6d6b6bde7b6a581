// Read by `custom-elements-manifest analyze` (scripts/build.mjs passes the globs and --litelement, with which the
// analyzer reads each property from its @property()/@state() decorator). Two plugins fill in what it cannot see:
// - a default text written in pieces (`'…' +\n '…'`, to keep lines short) is given its value and type;
// - our elements register through `static defaultTag` + `define()` and fire typed Event classes: each element's
//   `tagName` comes from `defaultTag`, and its events are named from the Event classes' `static eventName`.
import { normalizeManifest } from './scripts/manifest-lib.mjs';

/** The text of `'a' + 'b' + …` when every piece is a string literal; else undefined. */
function joinedText(ts, node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.PlusToken) return undefined;
  const left = joinedText(ts, node.left);
  const right = joinedText(ts, node.right);
  return left === undefined || right === undefined ? undefined : left + right;
}

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
        member.default = `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
      },
    },
    {
      name: 'storefront-tag-names-and-events',
      packageLinkPhase({ customElementsManifest }) {
        normalizeManifest(customElementsManifest);
      },
    },
  ],
};
