import type { StorefrontElement } from './storefront-element.js';

export interface DefineOptions {
  /** Registers `<prefix-account-sign-in>` etc. instead of the default names. */
  prefix?: string;
}

type Definable = Pick<typeof StorefrontElement, 'defaultTag'> & { define(tag?: string): void };

export function registerAll(elements: Definable[], { prefix }: DefineOptions = {}): void {
  for (const element of elements) element.define(prefix ? `${prefix}-${element.defaultTag}` : element.defaultTag);
}
