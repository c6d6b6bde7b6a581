import type { Texts } from './texts.js';

/** Texts of one language as the elements read them: per element (by its default tag), some or all of its texts. */
export type TextsByElement = Partial<Record<string, Partial<Texts>>>;

/** What follows the language: an element, which updates (and reads its language again) when it changes. */
type Follower = Element & { requestUpdate(): void };

interface Languages {
  /** The texts the page added, by language in lower case. */
  added: Record<string, TextsByElement>;
  /** The elements on the page, which update when a language is added or a `lang` changes. */
  followers: Set<Follower>;
}

/**
 * Kept on the global object, so that every copy of this module shares it: a page may load the self-contained
 * bundle and `locales/de.js`, each with its own copy, in either order. Made on first use, so that importing a
 * module does nothing (on a server, nothing at all).
 */
const languages = (): Languages =>
  ((globalThis as Record<symbol, Languages>)[Symbol.for('storefront-elements')] ??= {
    added: {},
    followers: new Set(),
  });

const updateAll = (): void => languages().followers.forEach((element) => element.requestUpdate());

/**
 * Hears the `lang` attributes of every root an element stands in: the document, and the shadow roots on its way.
 * Made when the first element connects (there is no MutationObserver on a server).
 */
let langChanges: MutationObserver | undefined;

/**
 * Adds texts of a language, element by element and text by text, over those added before (a later call rewords what
 * an earlier one said); the elements update at once.
 */
export function addTranslation(language: string, texts: TextsByElement): void {
  const added = (languages().added[language.toLowerCase()] ??= {});
  for (const tag in texts) added[tag] = { ...added[tag], ...texts[tag] };
  updateAll();
}

/**
 * The texts the page added for an element of `tag` under `locale`, to lay over its English ones in this order: for
 * English (a store's own wording), for the language alone (`de` for `de-AT`), for the locale itself. A text none of
 * them has stays English.
 */
export function addedTexts(tag: string, locale = ''): (Partial<Texts> | undefined)[] {
  const { added } = languages();
  const exact = locale.toLowerCase();
  return [added.en?.[tag], added[exact.split('-')[0]]?.[tag], added[exact]?.[tag]];
}

/** The `lang` in force for `element`: its own, else its nearest ancestor's, crossing shadow roots to their hosts. */
export function languageOf(element: Element): string {
  for (let node: Element | undefined = element; node; node = (node.getRootNode() as ShadowRoot).host) {
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

/**
 * Updates `element` whenever a `lang` attribute changes in a root on its way up to the document, or a language is
 * added, until `unfollow`.
 */
export function follow(element: Follower): void {
  languages().followers.add(element);
  langChanges ??= new MutationObserver(updateAll);
  for (let root = element.getRootNode(); ; root = (root as ShadowRoot).host.getRootNode()) {
    langChanges.observe(root, { subtree: true, attributeFilter: ['lang'] });
    if (!(root instanceof ShadowRoot)) break;
  }
}

export function unfollow(element: Follower): void {
  languages().followers.delete(element);
}
