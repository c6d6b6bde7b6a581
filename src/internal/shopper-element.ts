import { property } from 'lit/decorators.js';
import type { SessionChange, SessionStorageMode } from '../auth/session.js';
import { ShopperController } from './shopper-controller.js';
import { ServiceElement } from './service-element.js';

/**
 * A shopper's element that calls the service: it follows the page's shared session of its `client-id`, and
 * without a host token calls with the store's implicit token of that client.
 */
export abstract class ShopperElement extends ServiceElement {
  /** The store's client id: names the session shared by the page's elements, and the implicit grant. */
  @property({ attribute: 'client-id' }) clientId = '';

  /**
   * Where the shared session is kept: `session` (sessionStorage, survives reloads of the tab) or `memory`; unset
   * leaves the shared session's own (`session` unless another element chose otherwise).
   */
  @property() storage?: SessionStorageMode;

  protected readonly connection = new ShopperController(this, (change) => this.sessionChanged(change));

  /** Hears every change of the shared session (the element is updated after it anyway). */
  protected sessionChanged(_change: SessionChange): void {}
}
