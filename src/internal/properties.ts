import type { PropertyDeclaration } from 'lit';

/**
 * Lit declarations for space-separated property names whose attribute is the name in kebab case
 * (`emptyLabel`: `empty-label`). One call per kind of property keeps the shipped code short; each field
 * still names its attribute with `@attr` for the manifest.
 */
export const attributes = (names: string, options?: PropertyDeclaration): Record<string, PropertyDeclaration> =>
  Object.fromEntries(
    names
      .split(' ')
      .map((name) => [name, { attribute: name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()), ...options }]),
  );
