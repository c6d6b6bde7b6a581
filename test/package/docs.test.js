// The docs and editor data come from custom-elements.json: the element reference (docs/elements.md) and README's
// table of the elements must match it, and the
// manifest must describe every element fully. Needs `npm run build` first (npm test runs it before these tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { elementsOf, normalizeManifest, readManifest } from '../../scripts/manifest-lib.mjs';
import {
  currentSection,
  END,
  renderElements,
  renderElementTable,
  START,
  TABLE,
  withSection,
} from '../../scripts/manifest-docs.mjs';

const ELEMENTS = ['account-sign-in', 'account-picker', 'catalog-list', 'account-members', 'account-memberships'];

function docs(...args) {
  return spawnSync(process.execPath, ['scripts/manifest-docs.mjs', ...args], { encoding: 'utf8' });
}

test('docs/elements.md and README.md match custom-elements.json (npm run docs --check)', () => {
  const result = docs('--check');
  assert.equal(result.status, 0, `${result.stderr}${result.stdout}`);
});

test('custom-elements.json names the five elements with their tags', () => {
  const raw = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const tags = raw.modules
    .flatMap((m) => m.declarations ?? [])
    .map((d) => d.tagName)
    .filter(Boolean);
  for (const tag of ELEMENTS)
    assert.ok(tags.includes(tag), `custom-elements.json has no tagName ${tag} (tags: ${tags.join(', ')})`);
});

test('every element in the manifest has a summary, parts, and lists storefront-error', () => {
  const elements = elementsOf(readManifest('custom-elements.json'));
  assert.ok(elements.length >= ELEMENTS.length, `only ${elements.length} elements in the manifest`);
  const problems = [];
  for (const element of elements) {
    const where = `<${element.tagName}> (${element.module})`;
    if (!element.summary) problems.push(`${where}: no @summary`);
    if (!element.parts.length) problems.push(`${where}: no @csspart`);
    if (!element.events.some((event) => event.name === 'storefront-error'))
      problems.push(`${where}: no @fires storefront-error`);
  }
  assert.deepEqual(problems, []);
});

test('custom-elements.json: attributes are behaviour (at most 12 an element); texts are the typed `texts` property', () => {
  // the menu signs in as <account-sign-in> does
  const signIn = [
    'base-url',
    'client-id',
    'storage',
    'session-endpoint',
    'redirect-uri',
    'display',
    'prompt',
    'ui-locales',
    'mode',
    'sign-out',
    'expiring-before',
  ];
  const attributes = {
    'account-sign-in': signIn,
    'account-picker': ['client-id', 'storage', 'session-endpoint'],
    'account-menu': signIn,
    'catalog-list': [
      'base-url',
      'client-id',
      'storage',
      'session-endpoint',
      'catalog-base-url',
      'page-size',
      'row-height',
    ],
    'account-members': ['base-url', 'sort', 'page-size', 'page', 'columns', 'filter-field', 'filter-value'],
    'account-memberships': ['base-url', 'sort', 'page-size', 'page', 'columns', 'account-id', 'member-id'],
  };
  const elements = elementsOf(readManifest('custom-elements.json'));
  const listed = (element) => element.rows.filter((row) => row.attribute).map((row) => row.attribute);
  assert.deepEqual(Object.fromEntries(elements.map((element) => [element.tagName, listed(element)])), attributes);
  for (const element of elements) {
    assert.ok(listed(element).length <= 12, `<${element.tagName}> has more than 12 attributes`);
    const texts = element.rows.find((row) => row.property === 'texts');
    assert.equal(texts?.attribute, undefined, `<${element.tagName}>: texts is a property only`);
    assert.equal(texts?.type, `TextOverrides<${element.className}Texts>`);
  }
});

test("every element's events are described (the detail shape, from `@fires name - description`)", () => {
  const problems = [];
  for (const element of elementsOf(readManifest('custom-elements.json'))) {
    for (const event of element.events) {
      if (!event.description)
        problems.push(`<${element.tagName}> (${element.module}): add \`@fires ${event.name} - ...\` to its JSDoc`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the editor and framework data generated from the manifest name every element', () => {
  const elements = elementsOf(readManifest('custom-elements.json'));
  const vscode = JSON.parse(readFileSync('dist/vscode.html-custom-data.json', 'utf8'));
  const webTypes = JSON.parse(readFileSync('dist/web-types.json', 'utf8'));
  const typings = ['jsx', 'vue', 'svelte'].map((name) => [name, readFileSync(`dist/${name}.d.ts`, 'utf8')]);
  for (const { tagName } of elements) {
    assert.ok(
      vscode.tags.some((tag) => tag.name === tagName),
      `VS Code data lacks ${tagName}`,
    );
    assert.ok(
      webTypes.contributions.html.elements.some((tag) => tag.name === tagName),
      `web-types lack ${tagName}`,
    );
    for (const [name, text] of typings) assert.ok(text.includes(`"${tagName}"`), `dist/${name}.d.ts lacks ${tagName}`);
  }
});

// The scripts themselves, on a small hand-made manifest.

const handMade = () => ({
  schemaVersion: '1.0.0',
  modules: [
    {
      kind: 'javascript-module',
      path: 'src/events.ts',
      declarations: [
        {
          kind: 'class',
          name: 'ThingPickedEvent',
          members: [{ kind: 'field', name: 'eventName', static: true, readonly: true, default: "'thing-picked'" }],
        },
      ],
    },
    {
      kind: 'javascript-module',
      path: 'src/elements/x-thing/x-thing.ts',
      declarations: [
        {
          kind: 'class',
          name: 'XThing',
          summary: 'A thing | with a pipe.',
          cssParts: [{ name: 'button', description: 'The button.' }],
          cssProperties: [{ name: '--x-color', description: 'Colour.' }],
          slots: [{ name: '', description: 'Content.' }],
          events: [
            { type: { text: 'ThingPickedEvent' } },
            { name: 'thing-picked', description: '`detail.thing` is the thing.' },
            { name: 'storefrontError', type: { text: 'StorefrontErrorEvent' } },
          ],
          members: [
            { kind: 'field', name: 'defaultTag', static: true, default: "'x-thing'" },
            {
              kind: 'field',
              name: 'mode',
              type: { text: "'a' | 'b'" },
              default: "'a'",
              attribute: 'mode',
              description: 'Mode.',
            },
            { kind: 'field', name: 'open', type: { text: 'boolean' }, default: 'false', attribute: 'open' },
            { kind: 'field', name: 'token', type: { text: 'string | undefined' }, description: 'Property only.' },
            { kind: 'field', name: 'secret', privacy: 'private' },
            { kind: 'method', name: 'render' },
            { kind: 'method', name: 'pick', parameters: [{ name: 'index' }], description: 'Picks one.' },
          ],
          attributes: [
            { name: 'mode', fieldName: 'mode', type: { text: "'a' | 'b'" } },
            { name: 'open', fieldName: 'open', type: { text: 'boolean' } },
          ],
        },
      ],
    },
  ],
});

test('normalizeManifest: tag from static defaultTag, events named from Event classes and merged', () => {
  const manifest = normalizeManifest(handMade());
  const [element] = elementsOf(manifest);
  assert.equal(element.tagName, 'x-thing');
  assert.deepEqual(
    element.events.map((e) => e.name),
    ['thing-picked', 'storefrontError'],
  );
  assert.equal(element.events[0].description, '`detail.thing` is the thing.');
  assert.deepEqual(
    element.rows.map((r) => [r.attribute, r.property]),
    [
      ['mode', 'mode'],
      ['open', 'open'],
      [undefined, 'token'],
    ],
  );
  assert.deepEqual(
    element.methods.map((m) => m.signature),
    ['pick(index)'],
  );
  assert.deepEqual(normalizeManifest(structuredClone(manifest)), manifest, 'idempotent');
});

test('renderElements: tables with escaped pipes; withSection adds the markers once, then replaces between them', () => {
  const section = renderElements(normalizeManifest(handMade()));
  assert.match(section, /### `<x-thing>`/);
  assert.match(section, /A thing \\\| with a pipe\./);
  assert.match(section, /\| `mode` \| `mode` \| `'a' \\\| 'b'` \| `'a'` \| Mode\. \|/);
  assert.match(section, /\| `thing-picked` \| `onThingPicked` \| `detail.thing` is the thing\. \|/);
  assert.match(section, /React: `<XThing>` from `storefront-elements\/react`/);
  assert.match(section, /\| \(default\) \| Content\. \|/);
  const readme = '# x\n\nText by hand.\n';
  const once = withSection(readme, section);
  assert.ok(once.startsWith(readme.trimEnd()));
  assert.match(once, new RegExp(`\\n## Elements\\n\\n${START}\\n`));
  assert.equal(currentSection(once), section);
  const twice = withSection(once, 'other');
  assert.equal(currentSection(twice), 'other');
  assert.equal(twice.split(START).length, 2);
  assert.ok(twice.endsWith(`${END}\n`));
});

test("renderElementTable: one row per element, linked to the element's heading of the reference", () => {
  const table = renderElementTable(normalizeManifest(handMade()), 'docs/elements.md');
  assert.match(table, /\| \[`<x-thing>`\]\(docs\/elements\.md#x-thing\) \| A thing \\\| with a pipe\. \|/);
  const readme = withSection('# x\n\n## Elements\n\nText.\n', table, TABLE);
  assert.equal(currentSection(readme, TABLE), table);
  assert.equal(currentSection(readme), undefined, 'the table is not the reference');
});

test('--check fails with a clear message when a page differs, and passes after writing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-docs-'));
  const manifest = join(dir, 'custom-elements.json');
  const reference = join(dir, 'docs', 'elements.md');
  const readme = join(dir, 'README.md');
  const files = ['--manifest', manifest, '--reference', reference, '--readme', readme];
  writeFileSync(manifest, JSON.stringify(handMade()));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(reference, '# x\n');
  writeFileSync(readme, '# x\n');
  let result = docs('--check', ...files);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /elements\.md has no <!-- ELEMENTS:START -->/);
  assert.match(result.stderr, /README\.md has no <!-- ELEMENT-TABLE:START -->/);
  assert.equal(docs(...files).status, 0);
  assert.equal(docs('--check', ...files).status, 0);
  assert.match(readFileSync(readme, 'utf8'), /\]\(docs\/elements\.md#x-thing\)/, 'README links the reference');
  writeFileSync(reference, readFileSync(reference, 'utf8').replace('Mode.', 'Mood.'));
  result = docs('--check', ...files);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /elements\.md differs from the manifest; run `npm run build && npm run docs`/);
  assert.match(result.stderr, /elements\.md: .*Mood\..*\n.*manifest: .*Mode\./);
});
