import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { StorefrontClient } from '../../api/client.js';
import { type StorefrontError, isAbortError } from '../../api/errors.js';
import type { FetchLike, TokenSource } from '../../api/http.js';
import { MAX_PAGE_LIMIT } from '../../api/query.js';
import type { Sort, SortAttribute } from '../../api/types.js';
import { type PageInfo, fill, renderPager } from './pager.js';
import { renderSortableHeader } from './sortable-header.js';
import { describeForPeople, renderLoading } from './status.js';
import { StorefrontElement } from './storefront-element.js';
import { pagedTableStyles } from './paged-table.styles.js';

/** What one table row shows, whatever resource it stands for. */
export interface RowFields {
  id: string;
  name: string;
  email: string;
  created_at: string;
  updated_at: string;
}

export interface TablePage<Row> {
  rows: Row[];
  info: PageInfo;
}

export interface PageRequest {
  sort: Sort;
  limit: number;
  offset: number;
}

const COLUMN_NAMES: readonly SortAttribute[] = ['id', 'name', 'email', 'created_at', 'updated_at'];
const DEFAULT_PAGE_SIZE = 25;

/**
 * The table, sorting, paging and load states the two operator lists share. A subclass says how to load a
 * page and what a row shows; everything reflected here (`sort`, `page-size`, `page`) is a deep link.
 */
export abstract class PagedTableElement<Row> extends StorefrontElement {
  static override styles = [...StorefrontElement.styles, pagedTableStyles];

  /** Address of the account endpoints, e.g. `https://useast.api.example.com`. */
  @property({ attribute: 'base-url' }) baseUrl = '';

  /**
   * The operator's bearer token, or a function (possibly async) returning one for each request. Property only;
   * nothing is requested until both `base-url` and this are set.
   */
  @property({ attribute: false }) accessToken?: TokenSource;

  /** The `fetch` to use (a proxy, tests); defaults to the browser's. Property only. */
  @property({ attribute: false }) fetch?: FetchLike;

  /** Sort attribute (`created_at`, `email`, `id`, `name`, `updated_at`), `-` in front for descending. */
  @property({ reflect: true }) sort: Sort = '-created_at';

  /** Rows per page (1–10000; the page size choice offers 10, 25, 50 and 100). */
  @property({ attribute: 'page-size', type: Number, reflect: true }) pageSize = DEFAULT_PAGE_SIZE;

  /** The page shown, counted from 1. */
  @property({ type: Number, reflect: true }) page = 1;

  /** Columns shown, in order, separated by spaces: any of `name email created_at updated_at id`. */
  @property() columns = 'name email created_at updated_at';

  /** Header of the name column. */
  @property({ attribute: 'name-label' }) nameLabel = 'Name';
  /** Header of the email column. */
  @property({ attribute: 'email-label' }) emailLabel = 'Email';
  /** Header of the created column. */
  @property({ attribute: 'created-label' }) createdLabel = 'Created';
  /** Header of the updated column. */
  @property({ attribute: 'updated-label' }) updatedLabel = 'Updated';
  /** Header of the id column. */
  @property({ attribute: 'id-label' }) idLabel = 'ID';
  /** Shown while a page loads. */
  @property({ attribute: 'loading-label' }) loadingLabel = 'Loading…';
  /** Label of the retry button of an error. */
  @property({ attribute: 'retry-label' }) retryLabel = 'Try again';
  /** Shown until `base-url` and `accessToken` are both set. */
  @property({ attribute: 'not-configured-text' }) notConfiguredText = 'Waiting for the store address and an operator access token.';
  /** Read when the service refuses the token (HTTP 401). */
  @property({ attribute: 'unauthorized-text' }) unauthorizedText =
    'The operator access token is missing, wrong or expired. Get a new token and try again.';
  /** Shown when `page` is beyond the last page; `{page}` and `{pages}` are replaced. */
  @property({ attribute: 'past-end-text' }) pastEndText = 'There is no page {page}: the list has {pages}.';
  /** Accessible name of the pager. */
  @property({ attribute: 'pager-label' }) pagerLabel = 'Pages';
  /** Label of the first page button. */
  @property({ attribute: 'first-label' }) firstLabel = 'First';
  /** Label of the previous page button. */
  @property({ attribute: 'previous-label' }) previousLabel = 'Previous';
  /** Label of the next page button. */
  @property({ attribute: 'next-label' }) nextLabel = 'Next';
  /** Label of the last page button. */
  @property({ attribute: 'last-label' }) lastLabel = 'Last';
  /** Label of the page size choice. */
  @property({ attribute: 'page-size-label' }) pageSizeLabel = 'Rows per page';
  /** The pager's status line; `{from}`, `{to}` and `{total}` are replaced. */
  @property({ attribute: 'page-status-text' }) pageStatusText = 'Showing {from}–{to} of {total}';

  /** Id of the row chosen last (rows that can be chosen only). */
  @state() protected selectedKey?: string;

  #error?: StorefrontError;
  #abortedByDisconnect = false;

  protected readonly listTask = new Task(this, {
    task: async ([baseUrl, token, fetchImpl, sort, limit, offset], { signal }) => {
      if (!baseUrl || !token || !this.isReady()) return initialState;
      const client = new StorefrontClient({
        baseUrl: baseUrl as string,
        accessToken: token as TokenSource,
        fetch: fetchImpl as FetchLike | undefined,
      });
      return this.loadPage(client, { sort: sort as Sort, limit: limit as number, offset: offset as number }, signal);
    },
    args: () => [this.baseUrl, this.accessToken, this.fetch, this.sort, this.limit, this.offset, ...this.queryArgs()],
    onComplete: () => {
      this.#error = undefined;
    },
    onError: (error) => {
      this.#error = isAbortError(error) ? undefined : this.reportError(error);
    },
  });

  /** How one page is fetched; pass `signal` to every request. */
  protected abstract loadPage(client: StorefrontClient, request: PageRequest, signal: AbortSignal): Promise<TablePage<Row>>;
  /** What a row shows. */
  protected abstract fields(row: Row): RowFields;
  /** Further task arguments (filters, account id): a change loads again. */
  protected abstract queryArgs(): unknown[];
  /** Accessible name of the table. */
  protected abstract tableLabel(): string;
  /** The sentence of an empty list. */
  protected abstract emptyText(): string;

  /** Whatever else must be set before anything is requested. */
  protected isReady(): boolean {
    return true;
  }

  /** Properties whose change (by the host, after the first render) shows page 1 again, unless `page` changes too. */
  protected pageResetKeys(): string[] {
    return ['sort', 'pageSize'];
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('page') || !this.hasUpdated) return;
    if (this.pageResetKeys().some((key) => changed.has(key as keyof this))) this.page = 1;
  }

  /** Rows that can be chosen (button in the first cell, click on the row) fire what this does. */
  protected onRowChosen?(row: Row): void;

  /** Reloads the current page. */
  protected reload(): void {
    void this.listTask.run();
  }

  protected get limit(): number {
    const size = Number(this.pageSize);
    return Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_LIMIT ? size : DEFAULT_PAGE_SIZE;
  }

  protected get offset(): number {
    const page = Number(this.page);
    return (Number.isInteger(page) && page > 1 ? page - 1 : 0) * this.limit;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // changes made while disconnected were not rendered (see shouldUpdate)
    this.requestUpdate();
    if (this.#abortedByDisconnect) {
      this.#abortedByDisconnect = false;
      this.reload();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.listTask.status === TaskStatus.PENDING) {
      this.#abortedByDisconnect = true;
      this.listTask.abort();
    }
  }

  /** A removed element does not render what arrives (or fails) after it left the page. */
  protected override shouldUpdate(changed: PropertyValues): boolean {
    return this.isConnected && super.shouldUpdate(changed);
  }

  /** The sentence an operator reads for an error. */
  protected describeError(error: StorefrontError): string {
    if (error.code === 'http_error' && error.status === 401) return this.unauthorizedText;
    if (error.code === 'invalid_query' || error.code === 'not_configured') return error.message;
    return describeForPeople(error);
  }

  protected renderErrorBox(error: StorefrontError, onRetry: (() => void) | undefined): TemplateResult {
    return html`<div part="error" role="alert">
      <span part="error-message">${this.describeError(error)}</span>
      ${onRetry ? html`<button part="retry" type="button" @click=${onRetry}>${this.retryLabel}</button>` : nothing}
    </div>`;
  }

  protected get locale(): string | undefined {
    return this.closest('[lang]')?.getAttribute('lang') || undefined;
  }

  protected formatDate(value: string): string {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return value;
    try {
      return new Intl.DateTimeFormat(this.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    } catch {
      return date.toISOString();
    }
  }

  /** What stands above the table (search, add member). */
  protected renderToolbar(): unknown {
    return nothing;
  }

  /** What stands below the pager (panels, announcements). */
  protected renderAfter(): unknown {
    return nothing;
  }

  protected override render(): TemplateResult {
    const status = this.listTask.status;
    return html`${this.renderToolbar()}
      ${status === TaskStatus.PENDING ? renderLoading(this.loadingLabel) : nothing}
      ${status === TaskStatus.INITIAL
        ? html`<p part="not-configured">${this.notConfiguredText}</p>`
        : status === TaskStatus.ERROR && this.#error
          ? this.renderErrorBox(this.#error, () => this.reload())
          : this.renderTable(this.listTask.value, status === TaskStatus.PENDING)}
      ${this.renderAfter()}`;
  }

  protected visibleColumns(): SortAttribute[] {
    const asked = this.columns.split(/\s+/).filter((c): c is SortAttribute => COLUMN_NAMES.includes(c as SortAttribute));
    return asked.length > 0 ? [...new Set(asked)] : ['name', 'email', 'created_at', 'updated_at'];
  }

  #columnLabel(column: SortAttribute): string {
    return {
      id: this.idLabel,
      name: this.nameLabel,
      email: this.emailLabel,
      created_at: this.createdLabel,
      updated_at: this.updatedLabel,
    }[column];
  }

  #renderCell(fields: RowFields, column: SortAttribute, first: boolean): TemplateResult {
    const value = fields[column];
    const content =
      column === 'created_at' || column === 'updated_at'
        ? html`<time datetime=${value}>${this.formatDate(value)}</time>`
        : value;
    if (first && this.onRowChosen) {
      return html`<td part="cell cell-${column}">
        <button part="row-button" type="button">${content}</button>
      </td>`;
    }
    return html`<td part="cell cell-${column}">${content}</td>`;
  }

  #chooseRow(row: Row): void {
    if (!this.onRowChosen) return;
    this.selectedKey = this.fields(row).id;
    this.onRowChosen(row);
  }

  protected renderTable(page: TablePage<Row> | undefined, busy: boolean): TemplateResult {
    const columns = this.visibleColumns();
    const rows = page?.rows ?? [];
    const info = page?.info;
    let empty: string | undefined;
    if (page && rows.length === 0) {
      empty =
        info && info.total > 0 && info.current > info.pages
          ? fill(this.pastEndText, { page: info.current, pages: info.pages })
          : this.emptyText();
    }
    return html`<div part="table-wrapper">
        <table part="table" aria-label=${this.tableLabel()} aria-busy=${busy ? 'true' : 'false'}>
          <thead part="thead">
            <tr part="header-row">
              ${columns.map((attribute) =>
                renderSortableHeader({
                  attribute,
                  label: this.#columnLabel(attribute),
                  sort: this.sort,
                  onSort: (sort) => {
                    this.sort = sort;
                    this.page = 1;
                  },
                }),
              )}
            </tr>
          </thead>
          <tbody part="tbody">
            ${repeat(
              rows,
              (row) => this.fields(row).id,
              (row) => {
                const fields = this.fields(row);
                const selected = this.selectedKey === fields.id;
                return html`<tr
                  part=${selected ? 'row selected' : 'row'}
                  data-id=${fields.id}
                  aria-current=${selected ? 'true' : nothing}
                  @click=${() => this.#chooseRow(row)}
                >
                  ${columns.map((column, i) => this.#renderCell(fields, column, i === 0))}
                </tr>`;
              },
            )}
            ${empty === undefined
              ? nothing
              : html`<tr part="empty-row">
                  <td colspan=${columns.length}><p part="empty" role="status">${empty}</p></td>
                </tr>`}
          </tbody>
        </table>
      </div>
      ${renderPager({
        info,
        pageSize: this.limit,
        locale: this.locale,
        labels: {
          pager: this.pagerLabel,
          first: this.firstLabel,
          previous: this.previousLabel,
          next: this.nextLabel,
          last: this.lastLabel,
          pageSize: this.pageSizeLabel,
          status: this.pageStatusText,
        },
        onPage: (page) => {
          this.page = page;
        },
        onPageSize: (size) => {
          this.pageSize = size;
          this.page = 1;
        },
      })}`;
  }
}
