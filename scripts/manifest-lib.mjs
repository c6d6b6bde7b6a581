// Reading custom-elements.json for the docs, the VS Code data and the analyzer plugin.
//
// Our elements register themselves through `static defaultTag` and `define()` rather than a
// `customElements.define('tag', Class)` call the analyzer could see, and they fire typed Event classes
// (`new SignedInEvent(...)`) whose names the analyzer cannot read. Their `texts` property is declared once, on the
// base class, with the element's set of texts as a type parameter the analyzer does not resolve.
// `normalizeManifest` fills these in from the manifest itself, so every reader sees the same tags, events and
// types. It is idempotent.
import { readFileSync } from 'node:fs';

/** The order elements are listed in (shopper first, then operator); others follow alphabetically. */
const PREFERRED_ORDER = [
  'account-sign-in',
  'account-picker',
  'account-menu',
  'catalog-list',
  'account-members',
  'account-memberships',
];

/** Lifecycle and rendering methods of LitElement/HTMLElement: not part of an element's API for hosts. */
const LIFECYCLE_METHODS = new Set([
  'render',
  'connectedCallback',
  'disconnectedCallback',
  'adoptedCallback',
  'attributeChangedCallback',
  'createRenderRoot',
  'update',
  'updated',
  'firstUpdated',
  'willUpdate',
  'shouldUpdate',
  'performUpdate',
  'scheduleUpdate',
  'getUpdateComplete',
  'requestUpdate',
  'define',
  'handleEvent',
]);

export function readManifest(path = 'custom-elements.json') {
  return normalizeManifest(JSON.parse(readFileSync(path, 'utf8')));
}

function unquote(text) {
  const match = /^\s*(['"`])(.*)\1\s*$/s.exec(text ?? '');
  return match ? match[2] : undefined;
}

function classDeclarations(manifest) {
  return (manifest.modules ?? []).flatMap((module) =>
    (module.declarations ?? []).filter((d) => d.kind === 'class').map((declaration) => ({ module, declaration })),
  );
}

/** Event classes that carry `static eventName = '...'`: class name → event name. */
function eventNamesByClass(manifest) {
  const names = new Map();
  for (const { declaration } of classDeclarations(manifest)) {
    const field = (declaration.members ?? []).find((m) => m.static && m.name === 'eventName');
    const name = unquote(field?.default);
    if (name) names.set(declaration.name, name);
  }
  return names;
}

function mergeEvents(events, eventNames) {
  const byName = new Map();
  for (const event of events ?? []) {
    const typeName = event.type?.text?.replace(/<.*$/s, '').trim();
    const name = (typeName && eventNames.get(typeName)) || event.name;
    if (!name) continue; // a dispatchEvent() the analyzer could not name, and nothing names it
    const known = byName.get(name);
    if (!known) {
      byName.set(name, { ...event, name });
      continue;
    }
    if (!known.description && event.description) known.description = event.description;
    if (!known.type && event.type) known.type = event.type;
    if (known.inheritedFrom && !event.inheritedFrom) delete known.inheritedFrom;
  }
  // an event the JSDoc names (`@fires name`) is of the Event class with that name
  const classes = new Map([...eventNames].map(([className, name]) => [name, className]));
  for (const event of byName.values())
    if (!event.type && classes.has(event.name)) event.type = { text: classes.get(event.name) };
  return [...byName.values()];
}

/**
 * The type of an element's `texts`: `TextOverrides<T>` with T its set of texts, named as the set's type is
 * (`static englishTexts = catalogListTexts` is of the type `CatalogListTexts`).
 */
function resolveTextsType(declaration) {
  const members = declaration.members ?? [];
  const set = members.find((m) => m.static && m.name === 'englishTexts')?.default;
  const texts = members.find((m) => !m.static && m.name === 'texts');
  if (!set || !/^\w+$/.test(set) || texts?.type?.text !== 'TextOverrides<T>') return;
  texts.type = { text: `TextOverrides<${set[0].toUpperCase()}${set.slice(1)}>` };
}

/** The DOM's own methods that elements override (see normalizeManifest). */
const DOM_OVERRIDES = ['addEventListener', 'removeEventListener'];

/**
 * Fills in tag names (from `static defaultTag = '...'`), the module's `custom-element-definition` export of each
 * tag (which readers of the manifest such as api-viewer-element look for), event names (from Event classes'
 * `eventName`) and the type of `texts`.
 */
export function normalizeManifest(manifest) {
  const eventNames = eventNamesByClass(manifest);
  for (const { module, declaration } of classDeclarations(manifest)) {
    if (!declaration.tagName) {
      const defaultTag = (declaration.members ?? []).find((m) => m.static && m.name === 'defaultTag');
      const tag = unquote(defaultTag?.default);
      if (tag && tag.includes('-')) {
        declaration.tagName = tag;
        declaration.customElement = true;
      }
    }
    // a base class (StorefrontElement) or a class made at run time is no element a page can use by a tag
    if (!declaration.tagName) delete declaration.customElement;
    // the analyzer reads `customElements.define(tag, this)` in define() as a definition of an element named "tag"
    if (module.exports) {
      module.exports = module.exports.filter((e) => e.kind !== 'custom-element-definition' || e.name.includes('-'));
    }
    const tagName = declaration.tagName;
    if (tagName && !module.exports?.some((e) => e.kind === 'custom-element-definition' && e.name === tagName)) {
      module.exports = [
        ...(module.exports ?? []),
        {
          kind: 'custom-element-definition',
          name: tagName,
          declaration: { name: declaration.name, module: module.path },
        },
      ];
    }
    if (declaration.events) declaration.events = mergeEvents(declaration.events, eventNames);
    // the DOM's own methods, which the elements that follow the session override (a listener added late hears what
    // it missed), are no API of the elements
    declaration.members = declaration.members?.filter((member) => !DOM_OVERRIDES.includes(member.name));
    resolveTextsType(declaration);
  }
  return manifest;
}

function isPublic(member) {
  return !member.static && (!member.privacy || member.privacy === 'public') && !/^[_#]/.test(member.name ?? '');
}

/** The class, its base classes and the mixins each applies that the manifest declares, the root first. */
function classChain(manifest, declaration) {
  const byName = new Map(classDeclarations(manifest).map(({ declaration: d }) => [d.name, d]));
  const chain = [];
  for (let d = declaration; d && !chain.includes(d.name); d = byName.get(d.superclass?.name)) {
    chain.unshift(...(d.mixins ?? []).map((mixin) => mixin.name), d.name);
  }
  return chain;
}

/** The elements of a (normalized) manifest, with what the docs and editors need, in a stable order. */
export function elementsOf(manifest) {
  const elements = [];
  for (const { module, declaration: d } of classDeclarations(manifest)) {
    if (!d.tagName) continue;
    // what a base class declares comes first: the connection properties, then the element's own
    const chain = classChain(manifest, d);
    const rank = (member) => chain.indexOf(member.inheritedFrom?.name ?? d.name);
    const members = [...(d.members ?? [])].sort((a, b) => rank(a) - rank(b));
    const fields = members.filter((m) => m.kind === 'field' && isPublic(m));
    const attributes = d.attributes ?? [];
    const rows = [];
    for (const field of fields) {
      if (rows.some((row) => row.property === field.name)) continue;
      const attribute = attributes.find((a) => a.fieldName === field.name)?.name ?? field.attribute;
      rows.push({
        attribute,
        property: field.name,
        type: field.type?.text ?? attributes.find((a) => a.fieldName === field.name)?.type?.text,
        default: field.default,
        description: field.description ?? attributes.find((a) => a.fieldName === field.name)?.description,
        readonly: Boolean(field.readonly),
        reflects: Boolean(field.reflects),
      });
    }
    for (const attribute of attributes) {
      if (attribute.fieldName && fields.some((f) => f.name === attribute.fieldName)) continue;
      if (rows.some((row) => row.attribute === attribute.name)) continue;
      rows.push({
        attribute: attribute.name,
        property: undefined,
        type: attribute.type?.text,
        default: attribute.default,
        description: attribute.description,
        readonly: false,
        reflects: false,
      });
    }
    const methods = members
      .filter((m) => m.kind === 'method' && isPublic(m) && !LIFECYCLE_METHODS.has(m.name))
      .map((m) => ({
        name: m.name,
        signature: `${m.name}(${(m.parameters ?? []).map((p) => p.name).join(', ')})`,
        description: m.description ?? m.summary,
      }));
    elements.push({
      tagName: d.tagName,
      className: d.name,
      module: module.path,
      summary: d.summary ?? firstParagraph(d.description),
      description: d.description,
      rows,
      methods,
      events: (d.events ?? []).filter((e) => e.name),
      parts: d.cssParts ?? [],
      cssProperties: d.cssProperties ?? [],
      slots: d.slots ?? [],
    });
  }
  const rank = (tag) => {
    const index = PREFERRED_ORDER.indexOf(tag);
    return index === -1 ? PREFERRED_ORDER.length : index;
  };
  return elements.sort((a, b) => rank(a.tagName) - rank(b.tagName) || a.tagName.localeCompare(b.tagName));
}

export function firstParagraph(text) {
  return (
    text
      ?.split(/\n\s*\n/)[0]
      ?.replace(/\s*\n\s*/g, ' ')
      .trim() || undefined
  );
}
