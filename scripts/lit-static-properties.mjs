// A build step for the self-contained bundles: Lit's `@property()` and `@state()` decorators become one
// `static properties = {…}` per class, the form Lit reads without decorators. The source keeps each property
// declared once with its decorator beside the field; the bundle does without the decorator helpers and one call
// per property. Lit's own `state()` is `property({...options, state: true, attribute: false})`, written out here.
// The common cases are written short: properties whose attribute is their name in kebab case, and internal
// state, are listed by name and declared by one shared helper (a module of this plugin) when the page loads.
import MagicString from 'magic-string';
import ts from 'typescript';

const DECORATORS = 'lit/decorators.js';
const HELPERS = '\0lit-static-properties';

/** The helper module: Lit declarations for space-separated property names. */
const HELPER_SOURCE = `
const kebab = (name) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
export const attributes = (names) => Object.fromEntries(names.split(' ').map((n) => [n, { attribute: kebab(n) }]));
export const states = (names) => Object.fromEntries(names.split(' ').map((n) => [n, { state: true, attribute: false }]));
`;

const kebab = (name) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/**
 * Whether `options` is `{ attribute: '<the name in kebab case>' }` and nothing else, or absent for a name in lower
 * case (Lit's default attribute is the name in lower case).
 */
function isKebabAttribute(options, name) {
  if (!options) return name === name.toLowerCase();
  if (!ts.isObjectLiteralExpression(options) || options.properties.length !== 1) return false;
  const [only] = options.properties;
  return (
    ts.isPropertyAssignment(only) &&
    only.name.getText() === 'attribute' &&
    ts.isStringLiteral(only.initializer) &&
    only.initializer.text === kebab(name)
  );
}

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
      const kebabNamed = [];
      const states = [];
      for (const member of node.members) {
        for (const decorator of ts.canHaveDecorators(member) ? (ts.getDecorators(member) ?? []) : []) {
          const call = decorator.expression;
          const kind =
            ts.isCallExpression(call) && ts.isIdentifier(call.expression) && imported.names.get(call.expression.text);
          if (kind !== 'property' && kind !== 'state') {
            throw new Error(`${fileName}: only @property() and @state() are turned into static properties`);
          }
          const name = member.name.getText(source);
          const argument = call.arguments[0];
          const options = argument?.getText(source);
          if (kind === 'state' && !options) states.push(name);
          else if (kind === 'property' && isKebabAttribute(argument, name)) kebabNamed.push(name);
          else if (kind === 'state') entries.push(`${name}: { ...${options}, state: true, attribute: false }`);
          else entries.push(`${name}: ${options ?? '{}'}`);
          let end = decorator.getEnd();
          while (/\s/.test(code[end])) end += 1;
          out.remove(decorator.getStart(source), end);
        }
      }
      if (kebabNamed.length) entries.unshift(`...attributes('${kebabNamed.join(' ')}')`);
      if (states.length) entries.push(`...states('${states.join(' ')}')`);
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
  out.overwrite(
    imported.statement.getStart(source),
    imported.statement.getEnd(),
    `import { attributes, states } from '${HELPERS}';`,
  );
  return { code: out.toString(), map: out.generateMap({ hires: true, source: fileName }) };
}

/** The plugin, for our own TypeScript sources; it runs before the TypeScript is compiled. */
export function litStaticProperties() {
  return {
    name: 'lit-static-properties',
    enforce: 'pre',
    resolveId(id) {
      return id === HELPERS ? id : null;
    },
    load(id) {
      return id === HELPERS ? HELPER_SOURCE : null;
    },
    transform(code, id) {
      return /\/src\/.*\.ts$/.test(id) ? toStaticProperties(code, id) : null;
    },
  };
}
