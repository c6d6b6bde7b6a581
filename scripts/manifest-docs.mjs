// `npm run docs`: writes the element reference into README.md, between
// `<!-- ELEMENTS:START -->` and `<!-- ELEMENTS:END -->`, from custom-elements.json (run `npm run build` first) and
// each element's texts as its `*.texts.ts` module holds them.
// `node scripts/manifest-docs.mjs --check` changes nothing and fails when README's section differs from
// what the manifest gives (`npm test` runs it), so the reference cannot drift from the elements' JSDoc.
//
// Options: --check, --manifest FILE (default custom-elements.json), --readme FILE (default README.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { elementTexts } from './element-texts.mjs';
import { elementsOf, firstParagraph, readManifest } from './manifest-lib.mjs';

export const START = '<!-- ELEMENTS:START -->';
export const END = '<!-- ELEMENTS:END -->';
const NOTE =
  '<!-- Generated from custom-elements.json by `npm run docs`; `npm test` checks it. Edit the JSDoc, not this. -->';

/** Text for one table cell: one line, pipes escaped. */
function cell(text) {
  if (text === undefined || text === null || text === '') return '';
  return String(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

function code(text) {
  if (text === undefined || text === null || text === '') return '';
  const value = cell(text);
  const fence = value.includes('`') ? '`` ' : '`';
  return fence === '`' ? `\`${value}\`` : `\`\` ${value} \`\``;
}

function table(headers, rows) {
  if (!rows.length) return [];
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
}

/**
 * The Markdown between the markers (without them). `texts` gives each element's texts by class name (see
 * element-texts.mjs).
 */
export function renderElements(manifest, texts = new Map()) {
  const elements = elementsOf(manifest);
  const lines = [NOTE, ''];
  if (!elements.length) {
    lines.push('_custom-elements.json lists no elements._', '');
    return lines.join('\n');
  }
  lines.push(
    `${elements.length} elements: ${elements.map((e) => `[\`<${e.tagName}>\`](#${e.tagName})`).join(', ')}.`,
    'Attributes take strings; properties also take the values the Type column names. Every event bubbles and is composed.',
    '',
  );
  for (const element of elements) {
    lines.push(`### \`<${element.tagName}>\``, '');
    const summary = element.summary ?? firstParagraph(element.description);
    lines.push(`${cell(summary) || '_No summary._'} Class \`${element.className}\`.`, '');

    const rows = element.rows.map((row) => [
      code(row.attribute),
      code(row.property),
      code(row.type),
      code(row.default),
      cell(
        [
          row.description,
          row.readonly && !/read-only/i.test(row.description ?? '') ? '(read-only)' : '',
          row.reflects ? '(reflected)' : '',
        ]
          .filter(Boolean)
          .join(' '),
      ),
    ]);
    if (rows.length)
      lines.push(
        '**Attributes and properties**',
        '',
        ...table(['Attribute', 'Property', 'Type', 'Default', 'Description'], rows),
      );

    const ownTexts = texts.get(element.className) ?? [];
    if (ownTexts.length) {
      lines.push(
        '**Texts** (reworded with the `texts` property, or for the page with `addTranslation`)',
        '',
        ...table(
          ['Key', 'English', 'Description'],
          ownTexts.map((text) => [code(text.name), code(text.english), cell(text.description)]),
        ),
      );
    }
    if (element.methods.length) {
      lines.push(
        '**Methods**',
        '',
        ...table(
          ['Method', 'Description'],
          element.methods.map((m) => [code(m.signature), cell(m.description)]),
        ),
      );
    }
    if (element.events.length) {
      lines.push(
        '**Events**',
        '',
        ...table(
          ['Event', 'Description'],
          element.events.map((e) => [code(e.name), cell(e.description)]),
        ),
      );
    }
    if (element.parts.length) {
      lines.push(
        '**Parts** (style with `::part(name)`)',
        '',
        ...table(
          ['Part', 'Description'],
          element.parts.map((p) => [code(p.name), cell(p.description)]),
        ),
      );
    }
    if (element.cssProperties.length) {
      const withDefaults = element.cssProperties.some((p) => p.default);
      const cssRows = element.cssProperties.map((p) => [
        code(p.name),
        ...(withDefaults ? [code(p.default)] : []),
        cell(p.description),
      ]);
      lines.push(
        '**CSS custom properties**',
        '',
        ...table(['Property', ...(withDefaults ? ['Default'] : []), 'Description'], cssRows),
      );
    }
    if (element.slots.length) {
      lines.push(
        '**Slots**',
        '',
        ...table(
          ['Slot', 'Description'],
          element.slots.map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)]),
        ),
      );
    }
  }
  while (lines.at(-1) === '') lines.pop();
  return lines.join('\n');
}

/** README text with the section replaced (markers added under "## Elements" at the end if absent). */
export function withSection(readme, section) {
  const block = `${START}\n${section}\n${END}`;
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start !== -1 && end > start) return readme.slice(0, start) + block + readme.slice(end + END.length);
  const heading = /^## Elements[ \t]*$/m.exec(readme);
  if (heading) {
    const at = heading.index + heading[0].length;
    return `${readme.slice(0, at)}\n\n${block}\n${readme.slice(at).replace(/^\n+/, '\n')}`;
  }
  return `${readme.replace(/\s*$/, '')}\n\n## Elements\n\n${block}\n`;
}

/** The section currently between the markers, or undefined. */
export function currentSection(readme) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end <= start) return undefined;
  return readme
    .slice(start + START.length, end)
    .replace(/^\n/, '')
    .replace(/\n$/, '');
}

function firstDifference(actual, expected) {
  const a = actual.split('\n');
  const b = expected.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return { line: i + 1, actual: a[i], expected: b[i] };
  }
  return undefined;
}

function main() {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      manifest: { type: 'string', default: 'custom-elements.json' },
      readme: { type: 'string', default: 'README.md' },
    },
  });
  if (!existsSync(values.manifest)) {
    console.error(`manifest-docs: ${values.manifest} not found; run \`npm run build\` first.`);
    return 1;
  }
  const section = renderElements(readManifest(values.manifest), elementTexts());
  const readme = existsSync(values.readme) ? readFileSync(values.readme, 'utf8') : '';

  if (values.check) {
    const current = currentSection(readme);
    if (current === undefined) {
      console.error(
        `manifest-docs: ${values.readme} has no ${START} … ${END} section; run \`npm run docs\` and commit README.md.`,
      );
      return 1;
    }
    const difference = firstDifference(current, section);
    if (difference) {
      console.error(
        `manifest-docs: the element reference in ${values.readme} differs from ${values.manifest}; ` +
          'run `npm run build && npm run docs` and commit README.md.\n' +
          `  first difference, line ${difference.line} of the section:\n` +
          `    README:   ${difference.actual ?? '(end of section)'}\n` +
          `    manifest: ${difference.expected ?? '(end of section)'}`,
      );
      return 1;
    }
    console.log(`manifest-docs: ${values.readme} matches ${values.manifest}.`);
    return 0;
  }

  const updated = withSection(readme, section);
  if (updated === readme) {
    console.log(`manifest-docs: ${values.readme} already up to date.`);
  } else {
    writeFileSync(values.readme, updated);
    console.log(`manifest-docs: wrote the element reference into ${values.readme}.`);
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
