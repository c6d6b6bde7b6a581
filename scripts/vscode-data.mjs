// Writes dist/vscode.html-custom-data.json (VS Code HTML custom data, version 1.1) from custom-elements.json,
// so editors complete our tags and attributes. scripts/build.mjs runs it after the manifest step.
// Users point VS Code at it in .vscode/settings.json:
//   "html.customData": ["./node_modules/storefront-elements/dist/vscode.html-custom-data.json"]
//
// Options: --manifest FILE (default custom-elements.json), --out FILE (default dist/vscode.html-custom-data.json),
// --src DIR (default src: where string-literal type aliases such as `type Storage = 'session' | 'memory'` are
// looked up, to offer an attribute's values).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { elementsOf, readManifest } from './manifest-lib.mjs';

/** `type Name = 'a' | 'b' | Other` aliases found in the sources: name → list of members' text. */
export async function typeAliases(dir) {
  const aliases = new Map();
  if (!dir || !existsSync(dir)) return aliases;
  let ts;
  try {
    ts = (await import('typescript')).default;
  } catch {
    return aliases; // no TypeScript: enums only when the manifest spells the literals out
  }
  const files = readdirSync(dir, { recursive: true }).filter((file) => /\.ts$/.test(file) && !/\.d\.ts$/.test(file));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(dir, file), 'utf8'), ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) {
      if (!ts.isTypeAliasDeclaration(statement) || statement.typeParameters) continue;
      const type = statement.type;
      const members = ts.isUnionTypeNode(type) ? type.types : [type];
      aliases.set(
        statement.name.text,
        members.map((member) => member.getText(source)),
      );
    }
  }
  return aliases;
}

/** The string values a type allows, when it is a union of string literals (through aliases); else undefined. */
export function literalValues(typeText, aliases, seen = new Set()) {
  if (!typeText) return undefined;
  const values = [];
  for (const raw of splitUnion(typeText)) {
    const part = raw.trim();
    if (part === 'undefined' || part === 'null' || part === '') continue;
    const literal = /^(['"])(.*)\1$/.exec(part);
    if (literal) {
      values.push(literal[2]);
      continue;
    }
    if (aliases.has(part) && !seen.has(part)) {
      const inner = literalValues(aliases.get(part).join(' | '), aliases, new Set([...seen, part]));
      if (!inner) return undefined;
      values.push(...inner);
      continue;
    }
    return undefined;
  }
  return values.length ? [...new Set(values)] : undefined;
}

/** Splits `A | B` at top-level bars only (not inside quotes, brackets or generics). */
function splitUnion(text) {
  const parts = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === "'" || char === '"' || char === '`') {
      quote = char;
    } else if ('(<[{'.includes(char)) {
      depth += 1;
    } else if (')>]}'.includes(char)) {
      depth -= 1;
    } else if (char === '|' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

function list(title, items, describe) {
  if (!items.length) return [];
  return [`**${title}:**`, '', ...items.map((item) => `- ${describe(item)}`), ''];
}

function oneLine(text) {
  return (text ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

export function customData(manifest, aliases = new Map()) {
  const tags = elementsOf(manifest).map((element) => {
    const description = [
      oneLine(element.summary),
      '',
      ...list('Events', element.events, (e) => `\`${e.name}\`${e.description ? `: ${oneLine(e.description)}` : ''}`),
      ...list(
        'Slots',
        element.slots,
        (s) => `${s.name ? `\`${s.name}\`` : '(default)'}${s.description ? `: ${oneLine(s.description)}` : ''}`,
      ),
      ...list('Parts', element.parts, (p) => `\`${p.name}\``),
      ...list('CSS custom properties', element.cssProperties, (p) => `\`${p.name}\``),
    ]
      .join('\n')
      .trim();
    const attributes = element.rows
      .filter((row) => row.attribute)
      .map((row) => {
        const attribute = { name: row.attribute };
        const details = [
          oneLine(row.description),
          row.type ? `Type: \`${row.type}\`` : '',
          row.default ? `Default: \`${row.default}\`` : '',
        ]
          .filter(Boolean)
          .join('\n\n');
        if (details) attribute.description = { kind: 'markdown', value: details };
        const type = row.type?.replace(/\s*\|\s*undefined\b/g, '').trim();
        if (type === 'boolean') {
          attribute.valueSet = 'v';
        } else {
          const values = literalValues(row.type, aliases);
          if (values) attribute.values = values.map((name) => ({ name }));
        }
        return attribute;
      });
    return { name: element.tagName, description: { kind: 'markdown', value: description }, attributes };
  });
  return {
    $schema: 'https://raw.githubusercontent.com/microsoft/vscode-html-languageservice/main/docs/customData.schema.json',
    version: 1.1,
    tags,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      manifest: { type: 'string', default: 'custom-elements.json' },
      out: { type: 'string', default: 'dist/vscode.html-custom-data.json' },
      src: { type: 'string', default: 'src' },
    },
  });
  if (!existsSync(values.manifest)) {
    console.error(`vscode-data: ${values.manifest} not found; run the manifest step of \`npm run build\` first.`);
    return 1;
  }
  const data = customData(readManifest(values.manifest), await typeAliases(values.src));
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`vscode-data: wrote ${values.out} (${data.tags.length} tags)`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
