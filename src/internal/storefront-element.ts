import { LitElement, isServer, type CSSResultArray, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { type StorefrontError, toStorefrontError } from '../api/errors.js';
import { StorefrontErrorEvent } from '../events.js';
import { addedTexts, follow, languageOf, localeOf, unfollow } from './language.js';
import { type Text, type TextOverrides, type Texts, fill, layered } from './texts.js';
import { themeStyles } from './theme.styles.js';

type ElementClass = CustomElementConstructor & { defaultTag: string };

/**
 * What every storefront element shares: registration, theme, language, texts and error reporting. `T` is the
 * element's set of texts.
 *
 * @fires storefront-error - Something failed; `detail.error` is a StorefrontError with `code` (and `status`,
 *   `errors[]` for `http_error`). The element also shows a readable message with a retry.
 *
 * @cssproperty [--storefront-color-text=light-dark(#1f2328, #e6edf3)] - Text colour.
 * @cssproperty [--storefront-color-surface=light-dark(#fff, #161b22)] - Background of buttons, picker items and the
 *   catalog list.
 * @cssproperty [--storefront-color-accent=light-dark(#0b5cad, #58a6ff)] - Primary buttons, catalog names, row
 *   buttons, the chosen account and row, the spinner.
 * @cssproperty [--storefront-color-danger=light-dark(#b42318, #ff7b72)] - Errors.
 * @cssproperty [--storefront-color-muted=light-dark(#5e6164, #acb2b8)] - Secondary text: calm messages, page status,
 *   owner and date lines. Mixed from text and surface unless set.
 * @cssproperty [--storefront-color-surface-alt=light-dark(#f2f2f2, #22282f)] - A hovered item, the active catalog
 *   row, the release and add panels, placeholder rows, table headers. Mixed from text and surface unless set.
 * @cssproperty [--storefront-color-border=light-dark(#cecfd0, #444950)] - Borders, frames, row separators, the
 *   spinner's track. Mixed from text and surface unless set.
 * @cssproperty [--storefront-color-accent-text=light-dark(#fff, #161b22)] - Text on primary buttons. The surface
 *   colour unless set.
 * @cssproperty [--storefront-color-focus=light-dark(#0b5cad, #58a6ff)] - Focus ring. The accent unless set.
 * @cssproperty [--storefront-font-family=system-ui, sans-serif] - Font.
 * @cssproperty [--storefront-font-size=0.95rem] - Font size.
 * @cssproperty [--storefront-radius=6px] - Corner radius.
 * @cssproperty [--storefront-space=0.5rem] - Spacing unit of every gap and padding.
 */
export abstract class StorefrontElement<T extends Texts = Texts> extends LitElement {
  /** The tag name `define()` registers when given none. */
  static defaultTag: string;

  static override styles: CSSResultArray = [themeStyles];

  /** Every text the element shows, in English. A language module translates them (see `addTranslation`). */
  declare static englishTexts: Texts;

  /**
   * Texts of this element reworded, in every language: any of its text keys (`{ emptyText: 'Nothing yet.' }`). A
   * key left out shows the text of the element's language. Set a new object to change them. Property only.
   */
  @property({ attribute: false }) texts: TextOverrides<T> = {};

  /**
   * Registers this element under `tag` (default: its own tag name). Registering a tag that is already
   * defined does nothing, so loading a bundle twice is harmless; the same class under a second tag
   * (a prefixed name) is registered as a subclass, as the registry wants one constructor per name.
   * On a server it registers nothing: lit's server build says where it runs, and the self-contained files (lit's
   * browser build inside) find no registry there.
   */
  static define(this: ElementClass, tag: string = this.defaultTag): void {
    if (isServer || typeof customElements !== 'object') return;
    if (!customElements.get(tag)) {
      customElements.define(tag, customElements.getName?.(this) ? class extends (this as ElementClass) {} : this);
    }
  }

  /** Changes made while detached, with the values last rendered, for the first update after the return. */
  #missed: PropertyValues = new Map();
  /**
   * The `lang` in force for the element, as Intl takes it; undefined when the page names none (or no valid one).
   * Read again before every render.
   */
  #locale?: string;

  /** The locale dates and numbers are written for: the element's language, or the browser's without one. */
  protected get locale(): string | undefined {
    return this.#locale;
  }

  /**
   * Every text the element shows, in its language, with the page's and the element's own wording over it; read
   * again before every render.
   */
  protected shownTexts!: T;

  /** A text with its `{name}`s filled in the element's language (a plural by `values.count`). */
  protected fill(text: Text, values: Record<string, unknown>): string {
    return fill(text, values, this.#locale);
  }

  override connectedCallback(): void {
    follow(this);
    super.connectedCallback();
    // what changed while detached was not rendered (see shouldUpdate)
    if (this.#missed.size) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    unfollow(this);
  }

  /**
   * A removed element does not render what arrives (or fails) after it left the page. Its changes are not lost:
   * the update after it comes back sees them, with the values it last rendered as the old ones. An update reads the
   * element's language first.
   */
  protected override shouldUpdate(changed: PropertyValues): boolean {
    const missed = this.#missed;
    if (!this.isConnected) {
      changed.forEach((old, key) => missed.has(key) || missed.set(key, old));
      return false;
    }
    missed.forEach((old, key) => changed.set(key, old));
    missed.clear();
    this.#locale = localeOf(languageOf(this));
    const { defaultTag, englishTexts } = this.constructor as typeof StorefrontElement;
    this.shownTexts = layered(englishTexts, ...addedTexts(defaultTag, this.#locale), this.texts) as T;
    return true;
  }

  /** Turns any failure into a StorefrontError, fires `storefront-error`, and returns it for display. */
  protected reportError(error: unknown): StorefrontError {
    const reported = toStorefrontError(error);
    this.dispatchEvent(new StorefrontErrorEvent(reported));
    return reported;
  }
}
