import { LitElement, isServer, type CSSResultArray, type PropertyValues } from 'lit';
import { type StorefrontError, toStorefrontError } from '../api/errors.js';
import { StorefrontErrorEvent } from '../events.js';
import { follow, languageOf, localeOf, translationFor, unfollow } from './language.js';
import { type Catalog, type Text, attributeOf, fill } from './texts.js';
import { themeStyles } from './theme.styles.js';

type ElementClass = typeof StorefrontElement & CustomElementConstructor;

/** An element's texts by name, as its accessors keep them (the override) and read them. */
type TextFields = Record<PropertyKey, Text | null | undefined>;

/**
 * What every storefront element shares: registration, theme, language, texts and error reporting.
 *
 * @fires storefront-error - Something failed; `detail.error` is a StorefrontError with `code` (and `status`,
 *   `errors[]` for `http_error`). The element also shows a readable message with a retry.
 */
export abstract class StorefrontElement extends LitElement {
  /** The tag name `define()` registers when given none. */
  static defaultTag: string;

  static override styles: CSSResultArray = [themeStyles];

  /**
   * Every text the element shows, in English: its catalog. A language module translates it. Each text is also an
   * attribute (the name in kebab case: `empty-text` for `emptyText`) and a property that override it in every
   * language; reading the property gives the text in force.
   */
  declare static texts: Catalog;

  /** Makes each text of `texts` an attribute and a property (see `texts`), before Lit lists the attributes. */
  protected static override finalize(): void {
    if (!Object.hasOwn(this, 'finalized') && Object.hasOwn(this, 'texts')) {
      for (const name in this.texts) {
        this.createProperty(name, { attribute: attributeOf(name), noAccessor: true });
        const override = Symbol(name);
        Object.defineProperty(this.prototype, name, {
          get(this: StorefrontElement & TextFields) {
            return this[override] ?? this.#translated(name);
          },
          set(this: StorefrontElement & TextFields, value: Text | null | undefined) {
            this[override] = value;
            this.requestUpdate();
          },
        });
      }
    }
    super.finalize();
  }

  /**
   * Registers this element under `tag` (default: its own tag name). Registering a tag that is already
   * defined does nothing, so loading a bundle twice is harmless; the same class under a second tag
   * (a prefixed name) is registered as a subclass, as the registry wants one constructor per name.
   * On a server it registers nothing: lit's server build says where it runs, and the self-contained files (lit's
   * browser build inside) find no registry there.
   */
  static define(this: ElementClass, tag: string = this.defaultTag): void {
    if (isServer || typeof customElements != 'object') return;
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

  /** A text of the catalog with its `{name}`s filled in the element's language (a plural by `values.count`). */
  protected fill(text: Text, values: Record<string, unknown>): string {
    return fill(text, values, this.#locale);
  }

  /** The text `name` in the element's language: its translation when the page added one, else English. */
  #translated(name: string): Text {
    const element = this.constructor as typeof StorefrontElement;
    return translationFor(this.#locale)?.[element.defaultTag]?.[name] ?? element.texts[name];
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
    return true;
  }

  /** Turns any failure into a StorefrontError, fires `storefront-error`, and returns it for display. */
  protected reportError(error: unknown): StorefrontError {
    const reported = toStorefrontError(error);
    this.dispatchEvent(new StorefrontErrorEvent(reported));
    return reported;
  }
}
