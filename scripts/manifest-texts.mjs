// The analyzer plugin that lists each element's texts (see custom-elements-manifest.config.mjs). It reads the
// catalogs (`export const fooTexts = { /** doc */ key: 'English', ...otherTexts }`) and the `static texts = fooTexts`
// of each class, then gives every custom element one property and one attribute per text of its catalog.

const kebab = (name) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
export const quote = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The text of `'a' + 'b' + …` when every piece is a string literal; else undefined. */
export function joinedText(ts, node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.PlusToken) return undefined;
  const left = joinedText(ts, node.left);
  const right = joinedText(ts, node.right);
  return left === undefined || right === undefined ? undefined : left + right;
}

/** One entry of a catalog: a text, or the name of a catalog spread into it. */
function entryOf(ts, property) {
  if (ts.isSpreadAssignment(property)) return { spread: property.expression.getText() };
  if (!ts.isPropertyAssignment(property)) return undefined;
  const docs = ts.getJSDocCommentsAndTags(property).filter((d) => ts.isJSDoc(d));
  const description = docs.map((d) => ts.getTextOfJSDocComment(d.comment) ?? '').join('\n') || undefined;
  const value = property.initializer;
  const text = joinedText(ts, value);
  if (text !== undefined) return { name: property.name.getText(), type: 'string', default: quote(text), description };
  // a plural: its forms, one per category
  const forms = ts.isObjectLiteralExpression(value)
    ? value.properties.map((form) => `${form.name.getText()}: ${quote(joinedText(ts, form.initializer) ?? '')}`)
    : [];
  return { name: property.name.getText(), type: 'string | Plural', default: `{ ${forms.join(', ')} }`, description };
}

export function catalogsPlugin() {
  /** Catalog name → its entries, in order. */
  const catalogs = new Map();
  /** Class name → the name of its catalog. */
  const classCatalogs = new Map();

  /** The texts of a catalog, spreads resolved; a later key replaces an earlier one in its place, as in JS. */
  function texts(name, seen = new Set()) {
    const result = new Map();
    if (seen.has(name)) return result;
    seen.add(name);
    for (const entry of catalogs.get(name) ?? []) {
      if (entry.spread) for (const [key, text] of texts(entry.spread, seen)) result.set(key, text);
      else result.set(entry.name, entry);
    }
    return result;
  }

  return {
    name: 'storefront-text-catalogs',
    analyzePhase({ ts, node }) {
      if (
        ts.isVariableDeclaration(node) &&
        /Texts$/.test(node.name.getText()) &&
        node.initializer &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        catalogs.set(node.name.getText(), node.initializer.properties.map((p) => entryOf(ts, p)).filter(Boolean));
      }
      if (
        ts.isPropertyDeclaration(node) &&
        node.name.getText() === 'texts' &&
        node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) &&
        node.initializer &&
        ts.isIdentifier(node.initializer) &&
        node.parent?.name
      ) {
        classCatalogs.set(node.parent.name.text, node.initializer.text);
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules ?? []) {
        for (const declaration of module.declarations ?? []) {
          const catalog = classCatalogs.get(declaration.name);
          if (declaration.kind !== 'class' || !declaration.tagName || !catalog) continue;
          declaration.members ??= [];
          declaration.attributes ??= [];
          for (const text of texts(catalog).values()) {
            const type = { text: text.type };
            const { description } = text;
            if (!declaration.members.some((m) => m.name === text.name)) {
              declaration.members.push({ kind: 'field', name: text.name, type, default: text.default, description });
            }
            if (!declaration.attributes.some((a) => a.fieldName === text.name)) {
              declaration.attributes.push({
                name: kebab(text.name),
                fieldName: text.name,
                type,
                default: text.default,
                description,
              });
            }
          }
        }
      }
    },
  };
}
