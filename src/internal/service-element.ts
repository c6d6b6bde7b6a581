import { property } from 'lit/decorators.js';
import type { FetchLike, TokenSource } from '../api/http.js';
import { StorefrontElement } from './storefront-element.js';
import type { Texts } from './texts.js';

/**
 * An element that calls the service: the connection properties, declared once. The element's
 * ServiceController reads them, picks the token of each call and runs the element's loads.
 */
export abstract class ServiceElement<T extends Texts = Texts> extends StorefrontElement<T> {
  /** Address of the service, e.g. `https://useast.api.example.com`. */
  @property({ attribute: 'base-url' }) baseUrl = '';

  /**
   * A bearer token, or a function (possibly async) returning one for each request, from the host page. When set,
   * every call sends it, instead of the store's implicit token and any account token. Property only.
   */
  @property({ attribute: false }) accessToken?: TokenSource;

  /** The `fetch` to use (a proxy, tests); defaults to the browser's. Property only. */
  @property({ attribute: false }) fetch?: FetchLike;
}
