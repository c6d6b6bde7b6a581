import { LitElement } from 'lit';
import { StorefrontError } from '../../api/errors.js';
import { StorefrontErrorEvent } from '../../events.js';
import { themeStyles } from './theme.styles.js';

type ElementClass = typeof StorefrontElement & CustomElementConstructor;

/** What every storefront element shares: registration, theme and error reporting. */
export abstract class StorefrontElement extends LitElement {
  /** The tag name `define()` registers when given none. */
  static defaultTag: string;

  static override styles = [themeStyles];

  /**
   * Registers this element under `tag` (default: its own tag name). Registering a tag that is already
   * defined does nothing, so loading a bundle twice is harmless; the same class under a second tag
   * (a prefixed name) is registered as a subclass, as the registry wants one constructor per name.
   */
  static define(this: ElementClass, tag: string = this.defaultTag): void {
    if (customElements.get(tag)) return;
    const alreadyNamed = customElements.getName?.(this) !== null && customElements.getName?.(this) !== undefined;
    customElements.define(tag, alreadyNamed ? class extends (this as ElementClass) {} : this);
  }

  /** Turns any failure into a StorefrontError, fires `storefront-error`, and returns it for display. */
  protected reportError(error: unknown): StorefrontError {
    const storefrontError =
      error instanceof StorefrontError
        ? error
        : new StorefrontError('invalid_response', error instanceof Error ? error.message : String(error), {
            cause: error,
          });
    this.dispatchEvent(new StorefrontErrorEvent(storefrontError));
    return storefrontError;
  }
}
