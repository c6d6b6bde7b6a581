// Each element's texts, read from the sources for the docs: the sets in `*.texts.ts` modules
// (`export const fooTexts = { /** doc */ key: 'English', ...otherTexts }`) and the `static englishTexts = fooTexts`
// of each element class. Texts are no attributes, so the manifest does not list them; `npm run docs` writes a table
// of each element's text keys from this.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const quote = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The text of `'a' + 'b' + …` when every piece is a string literal (a long text is written in pieces); else undefined. */
function joinedText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.PlusToken) return undefined;
  const left = joinedText(node.left);
  const right = joinedText(node.right);
  return left === undefined || right === undefined ? undefined : left + right;
}

/** One entry of a set: a text, or the name of a set spread into it. */
function entryOf(property) {
  if (ts.isSpreadAssignment(property)) return { spread: property.expression.getText() };
  if (!ts.isPropertyAssignment(property)) return undefined;
  const docs = ts.getJSDocCommentsAndTags(property).filter((d) => ts.isJSDoc(d));
  const description = docs.map((d) => ts.getTextOfJSDocComment(d.comment) ?? '').join('\n') || undefined;
  const name = property.name.getText();
  const text = joinedText(property.initializer);
  if (text !== undefined) return { name, english: quote(text), description };
  // a plural: its forms, one per category
  const forms = ts.isObjectLiteralExpression(property.initializer)
    ? property.initializer.properties.map(
        (form) => `${form.name.getText()}: ${quote(joinedText(form.initializer) ?? '')}`,
      )
    : [];
  return { name, english: `{ ${forms.join(', ')} }`, plural: true, description };
}

/** Class name → its texts (`{name, english, plural?, description}`), in the order of its set, spreads resolved. */
export function elementTexts(dir = 'src') {
  /** Set name → its entries, in order. */
  const sets = new Map();
  /** Class name → the name of its set. */
  const classSets = new Map();
  const files = readdirSync(dir, { recursive: true }).filter((file) => /\.ts$/.test(file) && !/\.d\.ts$/.test(file));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(dir, file), 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node) => {
      const initializer = node.initializer;
      if (ts.isVariableDeclaration(node) && /Texts$/.test(node.name.getText()) && initializer) {
        if (ts.isObjectLiteralExpression(initializer)) {
          sets.set(node.name.getText(), initializer.properties.map(entryOf).filter(Boolean));
        }
      }
      if (
        ts.isPropertyDeclaration(node) &&
        node.name.getText() === 'englishTexts' &&
        node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) &&
        initializer &&
        ts.isIdentifier(initializer) &&
        node.parent?.name
      ) {
        classSets.set(node.parent.name.text, initializer.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  /** The texts of a set, spreads resolved; a later key replaces an earlier one in its place, as in JS. */
  const texts = (name, seen = new Set()) => {
    const result = new Map();
    if (seen.has(name)) return result;
    seen.add(name);
    for (const entry of sets.get(name) ?? []) {
      if (entry.spread) for (const [key, text] of texts(entry.spread, seen)) result.set(key, text);
      else result.set(entry.name, entry);
    }
    return result;
  };
  return new Map([...classSets].map(([className, set]) => [className, [...texts(set).values()]]));
}
