import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { OperatorClient } from '../api/operator-client.js';
import { type StorefrontError, isAbortError } from '../api/errors.js';
import type { FetchLike, TokenSource } from '../api/http.js';
import type { ListEnvelope, Sort } from '../api/types.js';
import { attributes } from './properties.js';
import { fill } from './texts.js';
import { describeForPeople, renderError, renderLoading } from './status.js';
import { renderDate } from './dates.js';
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

export interface PageRequest {
  sort: Sort;
  limit: number;
  offset: number;
}

/** The task states under short names (a `TaskStatus.PENDING` read is not minified; these are). */
export const { INITIAL, PENDING, COMPLETE, ERROR } = TaskStatus;

/** The rows of a page and where the page sits in its list. */
export type TablePage<Row> = [Row[], ListEnvelope<unknown>['meta']];

/**
 * Properties whose change by the host, after the first render, shows page 1 again (unless `page` changes too).
 * Both elements' query properties are named here; a property an element lacks never changes.
 */
const QUERY_KEYS = ['sort', 'pageSize', 'filterField', 'filterValue', 'accountId', 'memberId'];

/**
 * The table, sorting, paging and load states the two operator lists share. A subclass says how to load a
 * page and what a row shows; everything reflected here (`sort`, `page-size`, `page`) is a deep link.
 */
export abstract class PagedTableElement<Row> extends StorefrontElement {
  static override styles = [StorefrontElement.styles, pagedTableStyles];

  // each field below says its attribute (@attr) for the manifest
  static override properties: PropertyDeclarations = {
    ...attributes(
      'baseUrl columns nameLabel emailLabel createdLabel updatedLabel pageSizeLabel pageStatusText loadingLabel retryLabel',
    ),
    ...attributes('sort', { reflect: true }),
    ...attributes('pageSize page', { type: Number, reflect: true }),
    ...attributes('accessToken fetch selected', { attribute: false }),
  };

  /**
   * Address of the account endpoints, e.g. `https://useast.api.example.com`.
   * @attr base-url
   */
  baseUrl = '';

  /**
   * The operator's bearer token, or a function (possibly async) returning one for each request. Property only;
   * nothing is requested until both `base-url` and this are set.
   */
  accessToken?: TokenSource;

  /** The `fetch` to use (a proxy, tests); defaults to the browser's. Property only. */
  fetch?: FetchLike;

  /**
   * Sort attribute (`created_at`, `email`, `id`, `name`, `updated_at`), `-` in front for descending.
   * @attr sort
   * @reflect
   */
  sort: Sort = '-created_at';

  /**
   * Rows per page (1–10000; the page size choice offers 10, 25, 50 and 100).
   * @attr page-size
   * @reflect
   */
  pageSize = 25;

  /**
   * The page shown, counted from 1.
   * @attr page
   * @reflect
   */
  page = 1;

  /**
   * Columns shown, in order, separated by spaces: any of `name email created_at updated_at id`.
   * @attr columns
   */
  columns = 'name email created_at updated_at';

  /**
   * Header of the name column.
   * @attr name-label
   */
  nameLabel = 'Name';
  /**
   * Header of the email column.
   * @attr email-label
   */
  emailLabel = 'Email';
  /**
   * Header of the created column.
   * @attr created-label
   */
  createdLabel = 'Created';
  /**
   * Header of the updated column.
   * @attr updated-label
   */
  updatedLabel = 'Updated';
  /**
   * Label of the page size choice.
   * @attr page-size-label
   */
  pageSizeLabel = 'Rows per page';
  /**
   * The pager's status line; `{from}`, `{to}` and `{total}` are replaced.
   * @attr page-status-text
   */
  pageStatusText = 'Showing {from}–{to} of {total}';
  /**
   * Shown while a page (or the add panel's list) loads.
   * @attr loading-label
   */
  loadingLabel = 'Loading…';
  /**
   * Label of the retry button of an error.
   * @attr retry-label
   */
  retryLabel = 'Try again';

  /** Id of the row chosen last (rows that can be chosen only). */
  protected selected?: string;
  /** Shown until everything a request needs is set. */
  protected waiting = 'Waiting for the store address and an operator access token.';
  /** Accessible name of the table. */
  abstract tableLabel: string;

  #error?: StorefrontError;

  protected readonly list = new Task(this, {
    task: (_, { signal }) =>
      this.baseUrl && this.accessToken
        ? this.load(
            this.client(),
            { sort: this.sort, limit: this.pageSize, offset: (this.page - 1) * this.pageSize },
            signal,
          )
        : initialState,
    args: () => [
      this.baseUrl,
      this.accessToken,
      this.fetch,
      this.page,
      ...QUERY_KEYS.map((k) => this[k as keyof this]),
    ],
    onError: (error) => (this.#error = this.report(error)),
  });

  /** How one page is fetched (pass `signal` on); `initialState` while something else is still missing. */
  protected abstract load(
    client: OperatorClient,
    request: PageRequest,
    signal: AbortSignal,
  ): Promise<TablePage<Row> | typeof initialState>;
  /** What a row shows. */
  protected abstract cells(row: Row): RowFields;
  /** The sentence of an empty list. */
  protected abstract empty(): string;
  /** Rows that can be chosen (button in the first cell, click on the row) fire what this does. */
  protected choose?(row: Row): void;

  protected client(): OperatorClient {
    return new OperatorClient({ baseUrl: this.baseUrl, accessToken: this.accessToken, fetch: this.fetch });
  }

  /** Reports a failure (`storefront-error`) unless it is an abort, which is nobody's error. */
  protected report(error: unknown): StorefrontError | undefined {
    return isAbortError(error) ? undefined : this.reportError(error);
  }

  /** The sentence an operator reads for an error. */
  protected say(error: StorefrontError): string {
    return error.status === 401
      ? 'The operator access token is missing, wrong or expired. Get a new token and try again.'
      : describeForPeople(error);
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

  protected override willUpdate(changed: PropertyValues): void {
    if (this.hasUpdated && !changed.has('page') && QUERY_KEYS.some((k) => changed.has(k))) this.page = 1;
  }

  protected override updated(): void {
    // a `selected` attribute no longer moves a choice the user has made, and options shift with a custom size
    const pageSize = this.renderRoot.querySelector<HTMLSelectElement>('[part~=page-size]');
    if (pageSize) pageSize.value = String(this.pageSize);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // a load cut off by leaving starts again
    if (isAbortError(this.list.error)) void this.list.run();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.list.abort();
  }

  /** What stands above the table (search, add member). */
  protected toolbar(): unknown {
    return nothing;
  }

  protected override render(): TemplateResult {
    const { status, value } = this.list;
    const lang = this.closest<HTMLElement>('[lang]')?.lang ?? '';
    const labels: Record<string, string> = {
      id: 'ID',
      name: this.nameLabel,
      email: this.emailLabel,
      created_at: this.createdLabel,
      updated_at: this.updatedLabel,
    };
    let columns = [
      ...new Set(this.columns.split(/\s+/).filter((c) => Object.hasOwn(labels, c))),
    ] as (keyof RowFields)[];
    if (!columns.length) columns = ['name', 'email', 'created_at', 'updated_at'];
    const [rows = [], meta] = value ?? [];
    const { current = 1, total: pages = 1, limit = 1, offset = 0 } = meta?.page ?? {};
    const total = meta?.results.total ?? 0;
    const num = (n: number) => n.toLocaleString(lang || undefined);
    // aria-disabled rather than disabled: keyboard focus stays on the button at either end
    const pageButton = (name: string, page: number) => {
      // the service refuses offsets past 10000
      const enabled = meta && page >= 1 && page <= pages && page !== current && (page - 1) * limit <= 1e4;
      return html`<button
        part="page-button page-${name}"
        type="button"
        aria-disabled=${!enabled}
        @click=${() => enabled && (this.page = page)}
      >
        ${name[0].toUpperCase() + name.slice(1)}
      </button>`;
    };
    const header = (c: keyof RowFields) => {
      const state = this.sort === c ? 'ascending' : this.sort === `-${c}` ? 'descending' : 'none';
      // another column starts ascending (the service's own default for a named attribute)
      return html`<th part="header header-${c}" scope="col" aria-sort=${state}>
        <button part="sort-button" type="button" @click=${() => (this.sort = state === 'ascending' ? `-${c}` : c)}>
          ${labels[c]}
          <span part="sort-indicator sort-${state}" aria-hidden="true"
            >${{ none: '↕', ascending: '▲', descending: '▼' }[state]}</span
          >
        </button>
      </th>`;
    };
    const cell = (fields: RowFields, c: keyof RowFields, i: number) => {
      const content = c.endsWith('_at') ? renderDate('', fields[c], lang) : fields[c];
      return html`<td part="cell cell-${c}">
        ${i || !this.choose ? content : html`<button part="row-button" type="button">${content}</button>`}
      </td>`;
    };
    const row = (row: Row) => {
      const fields = this.cells(row);
      const chosen = this.selected === fields.id;
      return html`<tr
        part=${chosen ? 'row selected' : 'row'}
        data-id=${fields.id}
        aria-current=${chosen || nothing}
        @click=${() => {
          if (this.choose) {
            this.selected = fields.id;
            this.choose(row);
          }
        }}
      >
        ${columns.map((c, i) => cell(fields, c, i))}
      </tr>`;
    };

    return html`${this.toolbar()}${status === PENDING ? renderLoading(this.loadingLabel) : nothing}
    ${
      status === INITIAL
        ? html`<p part="not-configured">${this.waiting}</p>`
        : status === ERROR && this.#error
          ? renderError(
              this.say(this.#error),
              this.retry(() => this.list.run(), 'table'),
              this.retryLabel,
            )
          : html`<div part="table-wrapper">
                <table part="table" tabindex="-1" aria-label=${this.tableLabel} aria-busy=${status === PENDING}>
                  <thead>
                    <tr>
                      ${columns.map(header)}
                    </tr>
                  </thead>
                  <tbody>
                    ${rows.map(row)}${
                      value && !rows.length
                        ? html`<tr>
                            <td colspan=${columns.length}>
                              <p part="empty" role="status">
                                ${total ? `There is no page ${current}: the list has ${pages}.` : this.empty()}
                              </p>
                            </td>
                          </tr>`
                        : nothing
                    }
                  </tbody>
                </table>
              </div>
              <nav part="pager" aria-label="Pages">
                ${pageButton('first', 1)} ${pageButton('previous', current - 1)}
                <span part="page-status" aria-live="polite"
                  >${rows.length ? fill(this.pageStatusText, { from: num(offset + 1), to: num(offset + rows.length), total: num(total) }) : nothing}</span
                >
                ${pageButton('next', current + 1)} ${pageButton('last', pages)}
                <label
                  >${this.pageSizeLabel}
                  <select
                    part="page-size"
                    @change=${(e: Event) => (this.pageSize = +(e.target as HTMLSelectElement).value)}
                  >
                    ${[...new Set([10, 25, 50, 100, this.pageSize])].sort((a, b) => a - b).map((size) => html`<option>${size}</option>`)}
                  </select></label
                >
              </nav>`
    }`;
  }
}
