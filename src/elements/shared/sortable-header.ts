import { html, type TemplateResult } from 'lit';
import type { Sort, SortAttribute } from '../../api/types.js';

/** The attribute and direction of a `sort` value such as `-created_at`. */
export function parseSort(sort: string): { attribute: string; descending: boolean } {
  const descending = sort.startsWith('-');
  return { attribute: descending ? sort.slice(1) : sort, descending };
}

/**
 * The sort after a click on a column's header: the active column flips direction; another column starts
 * ascending (the service's own default direction for a named attribute).
 */
export function nextSort(current: string, attribute: SortAttribute): Sort {
  const { attribute: active, descending } = parseSort(current);
  if (active !== attribute) return attribute;
  return descending ? attribute : `-${attribute}`;
}

export interface SortableHeaderOptions {
  attribute: SortAttribute;
  label: string;
  sort: string;
  onSort: (sort: Sort) => void;
}

/** A column header whose button sorts by the column; `aria-sort` tells which column orders the rows. */
export function renderSortableHeader({ attribute, label, sort, onSort }: SortableHeaderOptions): TemplateResult {
  const { attribute: active, descending } = parseSort(sort);
  const state = active !== attribute ? 'none' : descending ? 'descending' : 'ascending';
  const arrow = state === 'none' ? '↕' : state === 'ascending' ? '▲' : '▼';
  return html`<th part="header header-${attribute}" scope="col" aria-sort=${state}>
    <button
      part="sort-button"
      type="button"
      data-sort=${attribute}
      @click=${() => onSort(nextSort(sort, attribute))}
    >
      <span part="sort-label">${label}</span>
      <span part="sort-indicator sort-${state}" aria-hidden="true">${arrow}</span>
    </button>
  </th>`;
}
