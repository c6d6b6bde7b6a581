import type { StorefrontError } from '../api/errors.js';
import type { SessionChange } from '../auth/session.js';
import { ShopperController } from './shopper-controller.js';
import { ServiceElement } from './service-element.js';
import type { Texts } from './texts.js';
import { WithSession } from './with-session.js';

/** The mistakes in the page's setup already written to the console. */
const warned = new Set<string>();

/**
 * A shopper's element that calls the service: it follows the page's shared session of its `client-id`, and
 * without a host token calls with the store's implicit token of that client.
 */
export abstract class ShopperElement<T extends Texts = Texts> extends WithSession(ServiceElement)<T> {
  protected readonly service = new ShopperController(this, (change) => this.sessionChanged(change));

  /** Hears every change of the shared session (the element is updated after it anyway). */
  protected sessionChanged(_change: SessionChange): void {}

  /**
   * A mistake in the page's setup (`not_configured`, `insecure_context`) also goes to the console, once a page,
   * naming the element: the developer who made it reads it there.
   */
  protected override reportError(error: unknown): StorefrontError {
    const reported = super.reportError(error);
    const warning = `<${this.localName}>: ${reported.message}`;
    if (/^(not_configured|insecure_context)$/.test(reported.code) && !warned.has(warning)) {
      warned.add(warning);
      console.warn(warning);
    }
    return reported;
  }
}
