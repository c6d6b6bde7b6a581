import { html, nothing, type TemplateResult } from 'lit';
import { MAX_PAGE_OFFSET } from '../../api/query.js';
import type { ListEnvelope } from '../../api/types.js';

/** Page sizes offered in the page size choice. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Where a page sits in its list, read from the list envelope (`meta.page`, `meta.results`). */
export interface PageInfo {
  /** 1-based page index. */
  current: number;
  /** Number of pages. */
  pages: number;
  limit: number;
  offset: number;
  /** Records on this page. */
  count: number;
  /** Records matching in all. */
  total: number;
}

export function pageInfo(envelope: ListEnvelope<unknown>, requested: { limit: number; offset: number }): PageInfo {
  const meta = envelope.meta;
  const limit = positive(meta?.page?.limit) ?? requested.limit;
  const offset = wholeNumber(meta?.page?.offset) ?? requested.offset;
  const total = wholeNumber(meta?.results?.total) ?? offset + envelope.data.length;
  return {
    limit,
    offset,
    count: envelope.data.length,
    total,
    current: positive(meta?.page?.current) ?? Math.floor(offset / limit) + 1,
    pages: wholeNumber(meta?.page?.total) ?? Math.ceil(total / limit),
  };
}

export interface PagerLabels {
  pager: string;
  first: string;
  previous: string;
  next: string;
  last: string;
  pageSize: string;
  /** With `{from}`, `{to}` and `{total}`. */
  status: string;
}

export interface PagerOptions {
  info: PageInfo | undefined;
  pageSize: number;
  labels: PagerLabels;
  locale: string | undefined;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Fills `{name}` placeholders of a replaceable text. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * First / previous / next / last, the "Showing x–y of z" line and the page size choice. Unavailable page
 * buttons are `aria-disabled` rather than `disabled` so that keyboard focus stays on them at either end.
 */
export function renderPager({ info, pageSize, labels, locale, onPage, onPageSize }: PagerOptions): TemplateResult {
  const number = new Intl.NumberFormat(locale);
  const current = info?.current ?? 1;
  const pages = info?.pages ?? 1;
  const reachable = (page: number) =>
    info !== undefined && page >= 1 && page <= pages && page !== current && (page - 1) * info.limit <= MAX_PAGE_OFFSET;
  const button = (name: string, label: string, page: number) => {
    const enabled = reachable(page);
    return html`<button
      part="page-button page-${name}"
      type="button"
      aria-disabled=${enabled ? 'false' : 'true'}
      @click=${() => enabled && onPage(page)}
    >
      ${label}
    </button>`;
  };
  const status =
    info && info.count > 0
      ? fill(labels.status, {
          from: number.format(info.offset + 1),
          to: number.format(info.offset + info.count),
          total: number.format(info.total),
        })
      : '';
  const sizes: number[] = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return html`<nav part="pager" aria-label=${labels.pager}>
    ${button('first', labels.first, 1)} ${button('previous', labels.previous, current - 1)}
    <span part="page-status" aria-live="polite">${status || nothing}</span>
    ${button('next', labels.next, current + 1)} ${button('last', labels.last, pages)}
    <label part="page-size-label">
      ${labels.pageSize}
      <select
        part="page-size"
        @change=${(e: Event) => onPageSize(Number((e.target as HTMLSelectElement).value))}
      >
        ${sizes.map((size) => html`<option value=${size} ?selected=${size === pageSize}>${size}</option>`)}
      </select>
    </label>
  </nav>`;
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

function wholeNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
