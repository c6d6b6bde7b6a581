// The editor and framework data the package ships, written from the manifest by the integration generators of
// the custom-elements-manifest tools (custom-elements-manifest.config.mjs runs this after our own plugins have
// named every tag and event):
//   dist/vscode.html-custom-data.json, vscode.css-custom-data.json  VS Code ("html.customData", "css.customData")
//   dist/web-types.json                                             JetBrains IDEs (package.json "web-types")
//   dist/jsx.d.ts                                                   JSX of React 19 (IntrinsicElements)
//   dist/vue.d.ts                                                   Vue (GlobalComponents), for vue-tsc and Volar
//   dist/svelte.d.ts                                                Svelte 5 (SvelteHTMLElements of svelte/elements)
//
// Each generator gets the manifest as its framework spells things (below); none is told about one element or
// attribute by name, so what the manifest says is what they write. The Svelte typings are written here (svelteTypes
// below): custom-element-svelte-integration 1.2 declares its types inside a module, where svelte-check never sees
// them, and types events only as Svelte 4's `on:name` with the event class as the detail.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import { generateJetBrainsWebTypes } from 'custom-element-jet-brains-integration';
import { generateVsCodeCustomElementData } from 'custom-element-vs-code-integration';
import { generateVuejsTypes } from 'custom-element-vuejs-integration';

const outdir = './dist';
/** The typings beside the modules in dist/ take the element classes from the package's main entry. */
const entry = './index.js';

/** An event's class as a type that needs no import (the generators list imports of their own, or none). */
const eventClass = (event) => event.type?.text && `import('${entry}').${event.type.text}`;

/** Every event with its class written out in place, for the generators that type handlers with it. */
function withEventClasses(manifest) {
  return mapElements(manifest, (element) => ({
    ...element,
    events: element.events?.map((event) => ({ ...event, type: event.type && { text: eventClass(event) } })),
  }));
}

const camel = (name) => name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());

/**
 * The manifest as Vue's templates name things: vue-tsc camel-cases `:page-size` to `pageSize` and `@signed-in` to
 * the prop `onSignedIn`, and the generator writes `on${name}` with `CustomEvent<type>` around the event's type,
 * so attributes go by their property's name and each event by its name in PascalCase with its detail's type.
 */
function asVueSees(manifest) {
  return mapElements(manifest, (element) => ({
    ...element,
    // one prop per name: the generator lists the fields without `attribute` as properties of their own
    attributes: element.attributes
      ?.map((attribute) => ({ ...attribute, name: attribute.fieldName ?? camel(attribute.name) }))
      .filter(({ name }) => !element.members?.some((member) => member.name === name && !member.attribute)),
    events: element.events?.map((event) => ({
      ...event,
      name: camel(`-${event.name}`),
      type: event.type && { text: `${eventClass(event)}['detail']` },
    })),
  }));
}

/**
 * dist/svelte.d.ts: each tag in `SvelteHTMLElements` of `svelte/elements`, which svelte-check's `svelteHTML` and
 * the editors' Svelte extension read, as a Svelte 5 template writes it. Svelte sets a name the element has as a
 * property and anything else as an attribute, and listens to `on<event name>`: so each attribute by its name
 * (`base-url`; a number also as text, `page-size="50"`), each settable property by its own (`renderItem`,
 * `baseUrl`), and each event as `onsigned-in` and as Svelte 4's `on:signed-in`, both with the event's class.
 */
export function svelteTypes(manifest) {
  const elements = (manifest.modules ?? [])
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
  const events = elements.flatMap((element) => (element.events ?? []).map(exportedClass)).filter(Boolean);
  const imports = [...new Set([...elements.map((element) => element.name), ...events])].sort();
  return [
    '// The elements in Svelte 5 markup, for svelte-check and editors; written from custom-elements.json by',
    '// scripts/editor-data.mjs. `/// <reference types="storefront-elements/svelte" />` in a .d.ts of the app',
    '// (src/app.d.ts) turns them on.',
    'import type { HTMLAttributes } from "svelte/elements";',
    `import type {\n${imports.map((name) => `  ${name},\n`).join('')}} from "${entry}";`,
    '',
    "/** An attribute's value: its property's type, a number also as text. */",
    'type Attribute<T> = (T extends number ? T | `${T}` : T) | null;',
    "/** A listener of one of the element's events. */",
    'type Listener<E extends Event, Target> = ((event: E & { currentTarget: EventTarget & Target }) => unknown) | null;',
    '',
    'declare module "svelte/elements" {',
    '  interface SvelteHTMLElements {',
    ...elements.map((element) => `    ${quote(element.tagName)}: ${element.name}Attributes;`),
    '  }',
    '}',
    ...elements.flatMap((element) => ['', ...svelteAttributes(element)]),
    '',
  ].join('\n');
}

/** An event's class, when the manifest names one the package exports. */
const exportedClass = (event) => /^\w+$/.test(event.type?.text ?? '') && event.type.text;
const quote = (text) => JSON.stringify(text);

function svelteAttributes(element) {
  const { name } = element;
  const property = (field) => `${name}[${quote(field)}]`;
  const entry = (description, key, type) => [...comment(description), `  ${quote(key)}?: ${type};`];
  const settable = (element.members ?? []).filter(
    (member) =>
      member.kind === 'field' &&
      !member.static &&
      !member.readonly &&
      !['private', 'protected'].includes(member.privacy) &&
      !member.name.startsWith('#') &&
      member.name !== member.attribute, // `mode` is the attribute's entry already
  );
  return [
    ...comment(element.summary ?? element.description, ''),
    `interface ${name}Attributes extends HTMLAttributes<${name}> {`,
    ...(element.attributes ?? []).flatMap((attribute) =>
      entry(
        attribute.description,
        attribute.name,
        attribute.fieldName ? `Attribute<${property(attribute.fieldName)}>` : 'string | null',
      ),
    ),
    ...settable.flatMap((member) => entry(member.description, member.name, property(member.name))),
    ...(element.events ?? []).flatMap((event) => {
      const listener = `Listener<${exportedClass(event) || 'CustomEvent'}, ${name}>`;
      return [
        ...entry(event.description, `on${event.name}`, listener),
        ...entry(event.description, `on:${event.name}`, listener),
      ];
    }),
    '}',
  ];
}

/** A JSDoc comment holding the manifest's description, at the given indentation. */
function comment(text, indent = '  ') {
  if (!text) return [];
  const lines = text.replaceAll('*/', '*\\/').split('\n');
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`.trimEnd()), `${indent} */`];
}

function mapElements(manifest, map) {
  const copy = structuredClone(manifest);
  for (const module of copy.modules ?? []) {
    module.declarations = module.declarations?.map((declaration) =>
      declaration.tagName ? map(declaration) : declaration,
    );
  }
  return copy;
}

/** The analyzer plugin: writes every file above once the manifest is complete. */
export function editorDataPlugin() {
  return {
    name: 'storefront-editor-data',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const quiet = { outdir, hideLogs: true };
      generateVsCodeCustomElementData(manifest, {
        ...quiet,
        htmlFileName: 'vscode.html-custom-data.json',
        cssFileName: 'vscode.css-custom-data.json',
      });
      generateJetBrainsWebTypes(manifest, {
        ...quiet,
        webTypesFileName: 'web-types.json',
        packageJson: false,
      });
      generateJsxTypes(withEventClasses(manifest), {
        ...quiet,
        fileName: 'jsx.d.ts',
        globalTypePath: entry,
        stronglyTypedEvents: true,
      });
      generateVuejsTypes(asVueSees(manifest), { ...quiet, fileName: 'vue.d.ts', globalTypePath: entry });
      writeFileSync(join(outdir, 'svelte.d.ts'), svelteTypes(manifest));
    },
  };
}
