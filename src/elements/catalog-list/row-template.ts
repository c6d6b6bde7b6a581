import type { Catalog } from '../../api/types.js';

/**
 * A row made from the store's own `<template>`: a copy of its content in which every element with `data-field`
 * gets, as its text, that field of the catalog: `id`, or one of its attributes (`name`, `description`, `owner`,
 * `updated_at`, …). Text only, never markup. Kept per catalog, so a row that scrolls out and back is the same node.
 */
export class RowTemplate {
  readonly #rows = new WeakMap<Catalog, HTMLElement>();

  constructor(readonly template: HTMLTemplateElement) {}

  row(catalog: Catalog): HTMLElement {
    let row = this.#rows.get(catalog);
    if (!row) {
      row = document.createElement('div');
      row.className = 'stamped';
      row.append(this.template.content.cloneNode(true));
      for (const target of row.querySelectorAll<HTMLElement>('[data-field]')) {
        const field = target.dataset.field!;
        const value = field === 'id' ? catalog.id : (catalog.attributes as Record<string, unknown>)[field];
        target.textContent = value == null ? '' : String(value);
      }
      this.#rows.set(catalog, row);
    }
    return row;
  }
}
