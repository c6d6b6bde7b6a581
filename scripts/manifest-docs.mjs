// `npm run docs`: writes from custom-elements.json (run `npm run build` first), and from each element's texts as its
// `*.texts.ts` module holds them, the element reference into docs/elements.md, between `<!-- ELEMENTS:START -->` and
// `<!-- ELEMENTS:END -->`, and the table of the elements into README.md, between `<!-- ELEMENT-TABLE:START -->` and
// `<!-- ELEMENT-TABLE:END -->`.
// `node scripts/manifest-docs.mjs --check` changes nothing and fails when a section differs from what the
// manifest gives (`npm test` runs it), so the docs cannot drift from the elements' JSDoc.
//
// Options: --check, --manifest FILE (default custom-elements.json), --reference FILE (default docs/elements.md),
// --readme FILE (default README.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dirname, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { elementTexts } from './element-texts.mjs';
import { elementsOf, firstParagraph, readManifest } from './manifest-lib.mjs';

export const START = '<!-- ELEMENTS:START -->';
export const END = '<!-- ELEMENTS:END -->';
export const TABLE_START = '<!-- ELEMENT-TABLE:START -->';
export const TABLE_END = '<!-- ELEMENT-TABLE:END -->';
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

/** The prop of an event on the React component: `on` and the event's name in PascalCase (`onSignedIn`). */
export const reactProp = (eventName) => `on${eventName.replace(/(^|-)(\w)/g, (_, __, letter) => letter.toUpperCase())}`;

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
    lines.push(
      `React: \`<${element.className}>\` from \`storefront-elements/react\`, with each property as a prop and each event ` +
        'as the prop in the React column.',
      '',
    );

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
          ['Event', 'React', 'Description'],
          element.events.map((e) => [code(e.name), code(reactProp(e.name)), cell(e.description)]),
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

/** README's table of the elements: each tag linked to its part of the reference (`reference`, a relative link). */
export function renderElementTable(manifest, reference) {
  const elements = elementsOf(manifest);
  const lines = [NOTE, ''];
  if (!elements.length) return [...lines, '_custom-elements.json lists no elements._'].join('\n');
  lines.push(
    ...table(
      ['Element', 'What it does'],
      elements.map((e) => [`[\`<${e.tagName}>\`](${reference}#${e.tagName})`, cell(e.summary) || '_No summary._']),
    ),
  );
  while (lines.at(-1) === '') lines.pop();
  return lines.join('\n');
}

/** Markers around the reference in docs/elements.md, and around the table in README.md. */
export const REFERENCE = { start: START, end: END };
export const TABLE = { start: TABLE_START, end: TABLE_END };

/** The text with the section between `markers` replaced (added under "## Elements" at the end if absent). */
export function withSection(text, section, markers = REFERENCE) {
  const block = `${markers.start}\n${section}\n${markers.end}`;
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start !== -1 && end > start) return text.slice(0, start) + block + text.slice(end + markers.end.length);
  const heading = /^## Elements[ \t]*$/m.exec(text);
  if (heading) {
    const at = heading.index + heading[0].length;
    return `${text.slice(0, at)}\n\n${block}\n${text.slice(at).replace(/^\n+/, '\n')}`;
  }
  return `${text.replace(/\s*$/, '')}\n\n## Elements\n\n${block}\n`;
}

/** The section currently between the markers, or undefined. */
export function currentSection(text, markers = REFERENCE) {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start === -1 || end <= start) return undefined;
  return text
    .slice(start + markers.start.length, end)
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

/** Checks (or writes) one generated section of one file; returns whether it is as the manifest gives it. */
function update(file, section, markers, check) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (check) {
    const current = currentSection(text, markers);
    if (current === undefined) {
      console.error(
        `manifest-docs: ${file} has no ${markers.start} … ${markers.end} section; run \`npm run docs\` and commit ${file}.`,
      );
      return false;
    }
    const difference = firstDifference(current, section);
    if (difference) {
      console.error(
        `manifest-docs: the generated section of ${file} differs from the manifest; ` +
          `run \`npm run build && npm run docs\` and commit ${file}.\n` +
          `  first difference, line ${difference.line} of the section:\n` +
          `    ${file}: ${difference.actual ?? '(end of section)'}\n` +
          `    manifest: ${difference.expected ?? '(end of section)'}`,
      );
      return false;
    }
    console.log(`manifest-docs: ${file} matches the manifest.`);
    return true;
  }
  const updated = withSection(text, section, markers);
  if (updated === text) {
    console.log(`manifest-docs: ${file} already up to date.`);
  } else {
    writeFileSync(file, updated);
    console.log(`manifest-docs: wrote the generated section of ${file}.`);
  }
  return true;
}

function main() {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      manifest: { type: 'string', default: 'custom-elements.json' },
      reference: { type: 'string', default: 'docs/elements.md' },
      readme: { type: 'string', default: 'README.md' },
    },
  });
  if (!existsSync(values.manifest)) {
    console.error(`manifest-docs: ${values.manifest} not found; run \`npm run build\` first.`);
    return 1;
  }
  const manifest = readManifest(values.manifest);
  const link = relative(dirname(values.readme), values.reference).replace(/\\/g, '/');
  const results = [
    update(values.reference, renderElements(manifest, elementTexts()), REFERENCE, values.check),
    update(values.readme, renderElementTable(manifest, link), TABLE, values.check),
  ];
  return results.every(Boolean) ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
