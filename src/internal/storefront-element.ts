import { LitElement, type CSSResultArray, type PropertyValues } from 'lit';
import { type StorefrontError, toStorefrontError } from '../api/errors.js';
import { StorefrontErrorEvent } from '../events.js';
import { themeStyles } from './theme.styles.js';

type ElementClass = typeof StorefrontElement & CustomElementConstructor;

/**
 * What every storefront element shares: registration, theme and error reporting.
 *
 * @fires storefront-error - Something failed; `detail.error` is a StorefrontError with `code` (and `status`,
 *   `errors[]` for `http_error`). The element also shows a readable message with a retry.
 */
export abstract class StorefrontElement extends LitElement {
  /** The tag name `define()` registers when given none. */
  static defaultTag: string;

  static override styles: CSSResultArray = [themeStyles];

  /**
   * Registers this element under `tag` (default: its own tag name). Registering a tag that is already
   * defined does nothing, so loading a bundle twice is harmless; the same class under a second tag
   * (a prefixed name) is registered as a subclass, as the registry wants one constructor per name.
   */
  static define(this: ElementClass, tag: string = this.defaultTag): void {
    if (!customElements.get(tag)) {
      customElements.define(tag, customElements.getName?.(this) ? class extends (this as ElementClass) {} : this);
    }
  }

  /** Changes made while detached, with the values last rendered, for the first update after the return. */
  #missed: PropertyValues = new Map();

  override connectedCallback(): void {
    super.connectedCallback();
    // what changed while detached was not rendered (see shouldUpdate)
    if (this.#missed.size) this.requestUpdate();
  }

  /**
   * A removed element does not render what arrives (or fails) after it left the page. Its changes are not lost:
   * the update after it comes back sees them, with the values it last rendered as the old ones.
   */
  protected override shouldUpdate(changed: PropertyValues): boolean {
    const missed = this.#missed;
    if (!this.isConnected) {
      changed.forEach((old, key) => missed.has(key) || missed.set(key, old));
      return false;
    }
    missed.forEach((old, key) => changed.set(key, old));
    missed.clear();
    return true;
  }

  /** Turns any failure into a StorefrontError, fires `storefront-error`, and returns it for display. */
  protected reportError(error: unknown): StorefrontError {
    const reported = toStorefrontError(error);
    this.dispatchEvent(new StorefrontErrorEvent(reported));
    return reported;
  }
}
