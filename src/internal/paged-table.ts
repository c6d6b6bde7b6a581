import { initialState } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { type StorefrontError, toStorefrontError } from '../api/errors.js';
import type { Connection } from '../api/connection.js';
import type { ListEnvelope, Sort } from '../api/types.js';
import { renderDate } from './dates.js';
import { pagedTableStyles } from './paged-table.styles.js';
import { ServiceController } from './service-controller.js';
import { ServiceElement } from './service-element.js';
import { describeForPeople, renderEmpty, renderError, renderLoading } from './status.js';
import { StorefrontElement } from './storefront-element.js';
import { type PagedTableTexts, pagedTableTexts } from './paged-table.texts.js';
import { type Texts, formatNumber } from './texts.js';

/** What one table row shows, whatever resource it stands for. */
export interface RowFields {
  id: string;
  name: string;
  email: string;
  created_at: string;
  updated_at: string;
}

export interface PageRequest {
  sort: Sort;
  limit: number;
  offset: number;
}

/** Where a page sits in its list: its number, the number of pages and records. */
type PageMeta = ListEnvelope<unknown>['meta'];

/** The rows of a page and where the page sits in its list. */
export interface TablePage<Row> {
  rows: Row[];
  meta: PageMeta;
}

/** A column shown, and its header. */
interface Column {
  field: keyof RowFields;
  label: string;
}

/**
 * The table, sorting, paging and load states the two operator lists share. A subclass says how to load a
 * page, what its query is and what a row shows; everything reflected here (`sort`, `page-size`, `page`) is a
 * deep link. The operator's token comes from the host page (`accessToken`); nothing is requested without it.
 */
export abstract class PagedTableElement<Row, T extends PagedTableTexts = PagedTableTexts> extends ServiceElement<T> {
  static override styles = [StorefrontElement.styles, pagedTableStyles];
  static override englishTexts: Texts = pagedTableTexts;

  /** Sort attribute (`created_at`, `email`, `id`, `name`, `updated_at`), `-` in front for descending. */
  @property({ reflect: true }) sort: Sort = '-created_at';

  /** Rows per page (1–10000; the page size choice offers 10, 25, 50 and 100). */
  @property({ attribute: 'page-size', type: Number, reflect: true }) pageSize = 25;

  /** The page shown, counted from 1. */
  @property({ type: Number, reflect: true }) page = 1;

  /** Columns shown, in order, separated by spaces: any of `name email created_at updated_at id`. */
  @property() columns = 'name email created_at updated_at';

  /** Id of the row chosen last (rows that can be chosen only). */
  @state() protected selected?: string;

  protected readonly service = new ServiceController(this);

  /** The sort, page size and query the page shown was asked with: when one changes, page 1 shows again. */
  #query?: unknown[];

  /** Loads again whenever the connection, the page or the query changes (a deep link is a load too). */
  protected readonly list = this.service.task({
    args: () => [...this.service.args, this.page, ...this.#queryNow()],
    task: (_, { signal }) => {
      const connection = this.service.connection();
      const { sort, pageSize: limit } = this;
      return connection
        ? this.load(connection, { sort, limit, offset: (this.page - 1) * limit }, signal)
        : initialState;
    },
    onError: (error) => this.reportError(error),
  });

  /** What the element's own list asks for besides sort and paging (a filter, an account): the values, in order. */
  protected abstract query(): unknown[];
  /** How one page is fetched (pass `signal` on); `initialState` while something else is still missing. */
  protected abstract load(
    connection: Connection,
    request: PageRequest,
    signal: AbortSignal,
  ): Promise<TablePage<Row> | typeof initialState>;
  /** What a row shows. */
  protected abstract cells(row: Row): RowFields;
  /** The sentence of an empty list. */
  protected abstract empty(): string;
  /** Rows that can be chosen (button in the first cell, click on the row) fire what this does. */
  protected choose?(row: Row): void;

  /** The sentence an operator reads for an error. */
  protected say(error: StorefrontError): string {
    return describeForPeople(error, this.shownTexts);
  }

  /** Focuses a part once the update under way is rendered. */
  protected focusPart(part: string): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[part~=${part}]`)?.focus());
  }

  /** A retry whose button goes with its error: focus moves on to `part`, which the retry's render shows. */
  protected retry(run: () => unknown, part: string): () => void {
    return () => {
      void run();
      this.focusPart(part);
    };
  }

  #queryNow(): unknown[] {
    return [this.sort, this.pageSize, ...this.query()];
  }

  protected override willUpdate(changed: PropertyValues): void {
    const query = this.#queryNow();
    const before = this.#query;
    if (before && !changed.has('page') && query.some((value, i) => value !== before[i])) this.page = 1;
    this.#query = query;
  }

  protected override updated(): void {
    // a `selected` attribute no longer moves a choice the user has made, and options shift with a custom size
    const pageSize = this.renderRoot.querySelector<HTMLSelectElement>('[part~=page-size]');
    if (pageSize) pageSize.value = String(this.pageSize);
  }

  /** What stands above the table (search, add member). */
  protected toolbar(): unknown {
    return nothing;
  }

  protected override render(): TemplateResult {
    return html`${this.toolbar()}${this.list.render({
      initial: () => html`<p part="not-configured">${this.shownTexts.notConfiguredText}</p>`,
      // the page shown stays (the same DOM, so focus stays too), marked busy, until the next one arrives
      pending: () => this.#renderPage(this.list.value, true),
      complete: (page) => this.#renderPage(page, false),
      error: (error) =>
        renderError(
          this.say(toStorefrontError(error)),
          this.retry(() => this.list.run(), 'table'),
          this.shownTexts,
        ),
    })}`;
  }

  /** The columns shown, in order, and their headers. */
  #columns(): Column[] {
    const labels: Record<keyof RowFields, string> = {
      id: this.shownTexts.idLabel,
      name: this.shownTexts.nameLabel,
      email: this.shownTexts.emailLabel,
      created_at: this.shownTexts.createdLabel,
      updated_at: this.shownTexts.updatedLabel,
    };
    const named = this.columns.split(/\s+/).filter((c): c is keyof RowFields => Object.hasOwn(labels, c));
    const columns = named.length ? [...new Set(named)] : (['name', 'email', 'created_at', 'updated_at'] as const);
    return columns.map((field) => ({ field, label: labels[field] }));
  }

  #renderPage(page: TablePage<Row> | undefined, busy: boolean): TemplateResult {
    const columns = this.#columns();
    const { rows = [], meta } = page ?? {};
    const { current = 1, total: pages = 1 } = meta?.page ?? {};
    const empty = total(meta) ? this.fill(this.shownTexts.noPageText, { page: current, count: pages }) : this.empty();
    return html`${busy ? renderLoading(this.shownTexts.loadingText) : nothing}
      <div part="table-wrapper">
        <table part="table" tabindex="-1" aria-label=${this.shownTexts.tableLabel} aria-busy=${busy}>
          <thead>
            <tr>
              ${columns.map((column) => this.#renderHeader(column))}
            </tr>
          </thead>
          <tbody>
            ${rows.map((row) => this.#renderRow(row, columns))}
            ${
              page && !rows.length
                ? html`<tr>
                    <td colspan=${columns.length}>${renderEmpty(empty)}</td>
                  </tr>`
                : nothing
            }
          </tbody>
        </table>
      </div>
      ${this.#renderPager(rows.length, meta)}`;
  }

  #renderHeader({ field, label }: Column): TemplateResult {
    const sort = this.sort === field ? 'ascending' : this.sort === `-${field}` ? 'descending' : 'none';
    // another column starts ascending (the service's own default for a named attribute)
    const next = sort === 'ascending' ? (`-${field}` as const) : field;
    return html`<th part="header header-${field}" scope="col" aria-sort=${sort}>
      <button part="sort-button" type="button" @click=${() => (this.sort = next)}>
        ${label}
        <span part="sort-indicator sort-${sort}" aria-hidden="true">${SORT_MARKS[sort]}</span>
      </button>
    </th>`;
  }

  #renderRow(row: Row, columns: Column[]): TemplateResult {
    const fields = this.cells(row);
    const chosen = this.selected === fields.id;
    const choose = this.choose?.bind(this);
    return html`<tr
      part=${chosen ? 'row selected' : 'row'}
      data-id=${fields.id}
      aria-current=${chosen || nothing}
      @click=${() => {
        if (!choose) return;
        this.selected = fields.id;
        choose(row);
      }}
    >
      ${columns.map(({ field }, i) => {
        const content = field.endsWith('_at') ? renderDate('', fields[field], this.locale) : fields[field];
        // a cell holds what people typed (a name, an email): its direction is its own
        return html`<td part="cell cell-${field}" dir="auto">
          ${i || !choose ? content : html`<button part="row-button" type="button">${content}</button>`}
        </td>`;
      })}
    </tr>`;
  }

  #renderPager(shown: number, meta: PageMeta | undefined): TemplateResult {
    const { current = 1, total: pages = 1, limit = 1, offset = 0 } = meta?.page ?? {};
    // aria-disabled rather than disabled: keyboard focus stays on the button at either end
    const pageButton = (name: string, page: number, label: string) => {
      // the service refuses offsets past 10000
      const enabled = meta && page >= 1 && page <= pages && page !== current && (page - 1) * limit <= 1e4;
      return html`<button
        part="page-button page-${name}"
        type="button"
        aria-disabled=${!enabled}
        @click=${() => enabled && (this.page = page)}
      >
        ${label}
      </button>`;
    };
    const status = shown
      ? this.fill(this.shownTexts.pageStatusText, { from: offset + 1, to: offset + shown, total: total(meta) })
      : nothing;
    const sizes = [...new Set([10, 25, 50, 100, this.pageSize])].sort((a, b) => a - b);
    const texts = this.shownTexts;
    return html`<nav part="pager" aria-label=${this.fill(texts.pagesLabel, { table: texts.tableLabel })}>
      ${pageButton('first', 1, this.shownTexts.firstPageLabel)}
      ${pageButton('previous', current - 1, this.shownTexts.previousPageLabel)}
      <span part="page-status" aria-live="polite">${status}</span>
      ${pageButton('next', current + 1, this.shownTexts.nextPageLabel)}
      ${pageButton('last', pages, this.shownTexts.lastPageLabel)}
      <label
        >${this.shownTexts.pageSizeLabel}
        <select part="page-size" @change=${(e: Event) => (this.pageSize = +(e.target as HTMLSelectElement).value)}>
          ${sizes.map((size) => html`<option value=${size}>${formatNumber(size, this.locale)}</option>`)}
        </select></label
      >
    </nav>`;
  }
}

const SORT_MARKS = { none: '↕', ascending: '▲', descending: '▼' };

/** How many records the whole list holds. */
const total = (meta?: PageMeta) => meta?.results.total ?? 0;
