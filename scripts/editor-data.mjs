// The editor and framework data the package ships, written from the manifest by the integration generators of
// the custom-elements-manifest tools (custom-elements-manifest.config.mjs runs this after our own plugins have
// named every tag and event):
//   dist/vscode.html-custom-data.json, vscode.css-custom-data.json  VS Code ("html.customData", "css.customData")
//   dist/web-types.json                                             JetBrains IDEs (package.json "web-types")
//   dist/jsx.d.ts                                                   JSX of React 19 (IntrinsicElements)
//   dist/vue.d.ts                                                   Vue (GlobalComponents), for vue-tsc and Volar
//   dist/svelte.d.ts                                                Svelte (svelteHTML.IntrinsicElements)
//
// Each generator gets the manifest as its framework spells things (below); none is told about one element or
// attribute by name, so what the manifest says is what they write.
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import { generateJetBrainsWebTypes } from 'custom-element-jet-brains-integration';
import { generateSvelteTypes } from 'custom-element-svelte-integration';
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
      generateSvelteTypes(withEventClasses(manifest), { ...quiet, fileName: 'svelte.d.ts', globalTypePath: entry });
    },
  };
}
