import type { Catalog } from './texts.js';

/** A language's texts as the elements read them: per element (by its default tag), the translated catalog. */
export type TranslatedCatalogs = Partial<Record<string, Catalog>>;

interface Languages {
  /** The translations a page added, by language in lower case. */
  added: Record<string, TranslatedCatalogs>;
  /** What each connected element does when a language is added: update. */
  listeners: Set<() => void>;
}

/**
 * Kept on the global object, so that every copy of this module shares it: a page may load the self-contained
 * bundle and `locales/de.js`, each with its own copy, in either order.
 */
const languages: Languages = ((globalThis as Record<symbol, Languages>)[Symbol.for('storefront-elements')] ??= {
  added: {},
  listeners: new Set(),
});

/** Adds (or replaces) the texts of a language; elements showing it update at once. */
export function addTranslation(language: string, catalogs: TranslatedCatalogs): void {
  languages.added[language.toLowerCase()] = catalogs;
  languages.listeners.forEach((update) => update());
}

/** The texts added for `locale`, or for its language alone (`de` for `de-AT`); undefined for English. */
export function translationFor(locale = ''): TranslatedCatalogs | undefined {
  const tag = locale.toLowerCase();
  return languages.added[tag] ?? languages.added[tag.split('-')[0]];
}

/**
 * The `lang` in force for `element`: its own, else its nearest ancestor's, crossing shadow roots to their hosts.
 * `observer` is made to watch the `lang` attributes of every root on that way (the element's own, each host's,
 * up to the one that decides), so that it hears when the answer changes.
 */
export function languageOf(element: Element, observer: MutationObserver): string {
  for (let node: Element | undefined = element; node; node = (node.getRootNode() as ShadowRoot).host) {
    observer.observe(node.getRootNode(), { subtree: true, attributeFilter: ['lang'] });
    const owner = node.closest('[lang]');
    if (owner) return owner.getAttribute('lang')!;
  }
  return '';
}

/** `language` as Intl takes it; undefined (the browser's) for an empty `lang` or one that is no language tag. */
export function localeOf(language: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(language)[0];
  } catch {
    return undefined;
  }
}

/** Calls `update` whenever a language is added; returns the function that stops. */
export function onLanguageAdded(update: () => void): () => boolean {
  languages.listeners.add(update);
  return () => languages.listeners.delete(update);
}
