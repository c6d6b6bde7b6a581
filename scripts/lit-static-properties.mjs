// A build step for the self-contained bundles: Lit's `@property()` and `@state()` decorators become one
// `static properties = {…}` per class, the form Lit reads without decorators. The source keeps each property
// declared once with its decorator beside the field; the bundle does without the decorator helpers and one call
// per property. Lit's own `state()` is `property({...options, state: true, attribute: false})`; Lit makes a state's
// attribute false itself, so `state: true` is written out here.
//
// Each declaration is a plain object in the class (rather than made by a helper from a list of names as the page
// loads): the declarations then cost nothing to run at import, where a helper turning names into attribute names
// ran for every class, and their bytes differ little once compressed.
import MagicString from 'magic-string';
import ts from 'typescript';

const DECORATORS = 'lit/decorators.js';

/** The local names of `property` and `state` imported from lit/decorators.js, and that import's statement. */
function decoratorImport(source) {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.moduleSpecifier.text !== DECORATORS) continue;
    const names = new Map();
    for (const element of statement.importClause?.namedBindings?.elements ?? []) {
      names.set(element.name.text, (element.propertyName ?? element.name).text);
    }
    return { statement, names };
  }
}

/** Rewrites one module; undefined when it uses no Lit decorator. */
export function toStaticProperties(code, fileName) {
  if (!code.includes(DECORATORS)) return undefined;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.ES2022, true);
  const imported = decoratorImport(source);
  if (!imported) return undefined;
  const out = new MagicString(code);
  let found = false;
  const visit = (node) => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const entries = [];
      for (const member of node.members) {
        for (const decorator of ts.canHaveDecorators(member) ? (ts.getDecorators(member) ?? []) : []) {
          const call = decorator.expression;
          const kind =
            ts.isCallExpression(call) && ts.isIdentifier(call.expression) && imported.names.get(call.expression.text);
          if (kind !== 'property' && kind !== 'state') {
            throw new Error(`${fileName}: only @property() and @state() are turned into static properties`);
          }
          const name = member.name.getText(source);
          const options = call.arguments[0]?.getText(source);
          if (kind === 'state') entries.push(`${name}: { ${options ? `...${options}, ` : ''}state: true }`);
          else entries.push(`${name}: ${options ?? '{}'}`);
          let end = decorator.getEnd();
          while (/\s/.test(code[end])) end += 1;
          out.remove(decorator.getStart(source), end);
        }
      }
      if (entries.length) {
        found = true;
        // written over the class body's opening brace, so the source map gives these bytes to this module
        const brace = node.members.pos - 1;
        if (code[brace] !== '{') throw new Error(`${fileName}: expected the class body's "{" at ${brace}`);
        out.overwrite(brace, brace + 1, `{\n  static properties = { ${entries.join(', ')} };`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) return undefined;
  out.remove(imported.statement.getStart(source), imported.statement.getEnd());
  return { code: out.toString(), map: out.generateMap({ hires: true, source: fileName }) };
}

/** The plugin, for our own TypeScript sources; it runs before the TypeScript is compiled. */
export function litStaticProperties() {
  return {
    name: 'lit-static-properties',
    enforce: 'pre',
    transform(code, id) {
      return /\/src\/.*\.ts$/.test(id) ? toStaticProperties(code, id) : null;
    },
  };
}
