import type { ReactiveElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { SessionStorageMode } from '../auth/session.js';
import { cancelReplay, replayTo } from './told-events.js';

// TypeScript takes a class as a mixin's base only when its constructor takes `...args: any[]`
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = abstract new (...args: any[]) => T;

/** What WithSession adds, as its declarations name it (a class made in a function has no name of its own there). */
export declare class SessionProperties {
  clientId: string;
  storage?: SessionStorageMode;
  sessionEndpoint: string;
}

/**
 * The properties that name the page's shared session, declared once for every element that follows it (the picker,
 * and the shopper elements that call the service). A SessionController reads them. Such an element tells the page of
 * the session's changes with `tellLasting`, so that a handler the page adds later still hears them.
 */
export function WithSession<Base extends Constructor<ReactiveElement>>(base: Base) {
  abstract class SessionElement extends base {
    /**
     * The store's client id: names the session that the page's elements with this `client-id` share (signing in
     * fills the picker, choosing an account reloads the catalogs); the elements that call the service ask for the
     * store's implicit token with it.
     */
    @property({ attribute: 'client-id' }) clientId = '';

    /**
     * Where the shared session is kept: `session` (sessionStorage, survives reloads of the tab, and shared live with
     * the store's other open tabs) or `memory` (this page only); unset leaves the shared session's own (`session`
     * unless another element chose otherwise).
     */
    @property() storage?: SessionStorageMode;

    /**
     * Where the store's server answers for the session (`storefront-elements/server`), e.g. `/storefront`: the
     * server signs the shopper in and keeps the account tokens, and the page never sees one. The events are the
     * same, without `token`; `base-url` and `client-id` are not needed.
     */
    @property({ attribute: 'session-endpoint' }) sessionEndpoint = '';

    // HTMLElement's own signatures, which type the elements' events (see events.ts); a listener added later hears the
    // session's last news it missed (see tellLasting)
    override addEventListener<K extends keyof HTMLElementEventMap>(
      type: K,
      listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
      options?: boolean | AddEventListenerOptions,
    ): void;
    override addEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ): void;
    override addEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ): void {
      super.addEventListener(type, listener, options);
      replayTo(this, type, listener, options);
    }

    override removeEventListener<K extends keyof HTMLElementEventMap>(
      type: K,
      listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
      options?: boolean | EventListenerOptions,
    ): void;
    override removeEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | EventListenerOptions,
    ): void;
    override removeEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | EventListenerOptions,
    ): void {
      super.removeEventListener(type, listener, options);
      cancelReplay(this, type, listener);
    }
  }
  return SessionElement as Base & Constructor<SessionProperties>;
}
