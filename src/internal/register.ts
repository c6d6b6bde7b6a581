import type { StorefrontElement } from './storefront-element.js';

export interface DefineOptions {
  /** Registers `<prefix-account-sign-in>` etc. instead of the default names. */
  prefix?: string;
}

type Definable = Pick<typeof StorefrontElement, 'defaultTag'> & { define(tag?: string): void };

/** The name an element is registered under: its own tag name, or with the page's prefix. */
export const tagName = (defaultTag: string, { prefix }: DefineOptions = {}): string =>
  prefix ? `${prefix}-${defaultTag}` : defaultTag;

export function registerAll(elements: Definable[], options: DefineOptions = {}): void {
  for (const element of elements) element.define(tagName(element.defaultTag, options));
}
