import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type TemplateResult } from 'lit';
import { StorefrontClient } from '../../api/client.js';
import { type StorefrontError, isAbortError } from '../../api/errors.js';
import type { FetchLike, TokenSource } from '../../api/http.js';
import type { Catalog, CatalogRelease } from '../../api/types.js';
import { forgetImplicitTokens, implicitTokenSource } from '../../auth/implicit-token.js';
import type { SessionStorageMode } from '../../auth/session.js';
import { SessionController } from '../../internal/session-controller.js';
import { CatalogSelectedEvent } from '../../events.js';
import { attributes } from '../../internal/properties.js';
import { renderDate } from '../../internal/dates.js';
import { renderEmpty, renderError, renderLoading } from '../../internal/status.js';
import { StorefrontElement } from '../../internal/storefront-element.js';
import { catalogListStyles } from './catalog-list.styles.js';
import { type Rows, indexAt, offsetOf } from './virtual-window.js';

/** Renders one catalog in place of the built-in layout; the row keeps the fixed `rowHeight`. */
export type CatalogItemRenderer = (catalog: Catalog, index: number) => TemplateResult;

/** The release panel of an open row: its request, then its releases or its error. */
interface Panel {
  abort: AbortController;
  done?: CatalogRelease[] | StorefrontError;
}

/** Of two texts written `first|second`, the first when `first` is true (a text without `|` is both). */
const pick = (texts: string, first: boolean) => texts.split('|')[first ? 0 : 1] ?? texts;

/**
 * The catalogs the caller may view, with their releases. The list is windowed: only the rows in view (plus a
 * few) exist in the DOM, so ten thousand catalogs cost as much as thirty.
 *
 * Whose catalogs: the host's `accessToken` when set (it wins over everything); otherwise the account chosen in
 * the shared session of `client-id` (signing in and picking an account reloads the list by itself); otherwise
 * the store's implicit token for `client-id`.
 *
 * @summary The catalogs the caller may view, windowed for any length, with each catalog's releases.
 *
 * @fires catalog-selected - A catalog was chosen (click, Enter or Space); `detail.catalog` is the API's resource.
 * @fires storefront-error - Loading the list or a release panel failed; `detail.error` has `code` and `status`.
 *
 * @csspart base - Wrapper of every state; carries `aria-busy`.
 * @csspart viewport - The scroll container of the list.
 * @csspart list - The list (`role=list`); its height is that of all rows.
 * @csspart item - One catalog row; `item-active` is added to the row that keyboard focus is on.
 * @csspart row - The built-in layout of a row.
 * @csspart select - The button that chooses the catalog (holds the name).
 * @csspart name - The catalog's name.
 * @csspart description - The catalog's description.
 * @csspart meta - Line with owner, number of releases and last update.
 * @csspart owner - The catalog's owner.
 * @csspart releases-count - The number of releases.
 * @csspart updated - When the catalog was last updated.
 * @csspart expand - The disclosure button of the release panel.
 * @csspart releases - The release panel of an expanded catalog.
 * @csspart release-list - The list of releases in the panel.
 * @csspart release - One release.
 * @csspart release-date - When a release was published.
 * @csspart release-publish - Whether a release is a complete publish or an update.
 * @csspart release-delta - Whether a release is a full refresh or incremental.
 * @csspart releases-note - The note on how many releases are kept.
 * @csspart releases-empty - Shown in the panel of a catalog without releases.
 * @csspart loading - Loading state (with `spinner` and `loading-label`).
 * @csspart spinner - The loading spinner.
 * @csspart loading-label - The loading text.
 * @csspart error - Error box (role=alert) with `error-message` and `retry`.
 * @csspart error-message - The readable error.
 * @csspart retry - The retry button.
 * @csspart empty - The sentence of an empty list.
 * @csspart not-configured - Shown until `base-url` and a token source are set.
 *
 * @cssproperty --storefront-catalog-list-height - Height of the scroll container (default 24rem).
 * @cssproperty --storefront-color-accent - Colour of catalog names and the loading spinner.
 */
export class CatalogList extends StorefrontElement {
  static override defaultTag = 'catalog-list';
  static override styles = [...StorefrontElement.styles, catalogListStyles];
  // each field below says its attribute (@attr) for the manifest
  static override properties = {
    ...attributes(
      'baseUrl catalogBaseUrl clientId storage label emptyLabel loadingLabel loadingMoreLabel retryLabel ' +
        'notConfiguredText ownerLabel updatedLabel releasesCountText releasesLabel releasesLoadingLabel publishText ' +
        'deltaText publishedText retentionText noReleasesText',
    ),
    ...attributes('pageSize rowHeight releasesHeight', { type: Number }),
    ...attributes('accessToken fetch renderItem', { attribute: false }),
  };

  /**
   * Address of the account endpoints (and of the token endpoint of the implicit grant).
   * @attr base-url
   */
  baseUrl = '';
  /**
   * Address of the catalog endpoints when it differs from `base-url`.
   * @attr catalog-base-url
   */
  catalogBaseUrl = '';
  /**
   * The store's client id: names the shared session and the implicit grant.
   * @attr client-id
   */
  clientId = '';
  /**
   * Where the shared session is kept: `session` (sessionStorage) or `memory`; unset leaves the session's own
   * (`session` unless another element chose otherwise).
   * @attr storage
   */
  storage?: SessionStorageMode;
  /**
   * A bearer token, or a function (possibly async) returning one, chosen by the host page. When set it is used
   * for every request and wins over the selected account's token and over the implicit token. Property only.
   */
  accessToken?: TokenSource;
  /** The `fetch` to use (a proxy, tests); defaults to the browser's. Property only. */
  fetch?: FetchLike;
  /**
   * Catalogs per request (`page[limit]`, 1–10000); the service's default when unset. Every page is loaded.
   * @attr page-size
   */
  pageSize?: number;
  /**
   * Height of every row in CSS pixels; the window relies on it, so a custom layout must fit in it.
   * @attr row-height
   */
  rowHeight = 84;
  /**
   * Height of an opened release panel in CSS pixels (it scrolls inside when its content is taller).
   * @attr releases-height
   */
  releasesHeight = 220;
  /** Renders a catalog instead of the built-in layout. Property only. */
  renderItem?: CatalogItemRenderer;

  /**
   * Accessible name of the list.
   * @attr label
   */
  label = 'Catalogs';
  /**
   * Shown when the caller may view no catalog.
   * @attr empty-label
   */
  emptyLabel = 'No catalogs are available for this account.';
  /**
   * Shown while the first page loads.
   * @attr loading-label
   */
  loadingLabel = 'Loading catalogs…';
  /**
   * Shown under the first pages while further pages arrive.
   * @attr loading-more-label
   */
  loadingMoreLabel = 'Loading more catalogs…';
  /**
   * Label of the retry button of an error.
   * @attr retry-label
   */
  retryLabel = 'Try again';
  /**
   * Shown until `base-url` and a token source are set.
   * @attr not-configured-text
   */
  notConfiguredText = 'Waiting for the store address and a client id or access token.';
  /**
   * Label before the catalog's owner.
   * @attr owner-label
   */
  ownerLabel = 'Owner';
  /**
   * Label before the catalog's last update.
   * @attr updated-label
   */
  updatedLabel = 'Updated';
  /**
   * Number of releases: the text for one `|` the text for any other number; `{count}` is replaced.
   * @attr releases-count-text
   */
  releasesCountText = '{count} release|{count} releases';
  /**
   * Text of the disclosure button (the catalog's name is added for assistive technology).
   * @attr releases-label
   */
  releasesLabel = 'Releases';
  /**
   * Shown while a release panel loads.
   * @attr releases-loading-label
   */
  releasesLoadingLabel = 'Loading releases…';
  /**
   * What a release is: a complete publish `|` an update laid over the previous release.
   * @attr publish-text
   */
  publishText =
    'Complete publish: this release contains the whole catalog.|Update: changes since the previous release, laid over the data you already hold.';
  /**
   * What to do with a release: replace all you hold (full delta) `|` apply its changes (incremental).
   * @attr delta-text
   */
  deltaText =
    'Full refresh: replace everything you hold for this catalog with this release.|Incremental: apply these changes to what you hold for this catalog.';
  /**
   * Label before a release's publication date `|` the text when it has none.
   * @attr published-text
   */
  publishedText = 'Published|Publication date not given';
  /**
   * The note under the releases (the spec keeps the current release and the two before it).
   * @attr retention-text
   */
  retentionText = 'Only the current release and the two before it are kept.';
  /**
   * Shown in the panel of a catalog without releases.
   * @attr no-releases-text
   */
  noReleasesText = 'This catalog has not been published yet.';

  #list: readonly Catalog[] = [];
  #client?: StorefrontClient;
  /** Follows the shared session of `client-id` while connected; its chosen account's token loads the list. */
  #session = new SessionController(this);
  /** Open release panels by row. */
  #panels = new Map<number, Panel>();
  /** The row keyboard focus is on (or returns to): the list's one tab stop. */
  #active = 0;
  #scrollY = 0;
  #height = 480;
  /** The host resizes with its viewport, so this also sees the viewport appear and change. */
  #resize = new ResizeObserver(() => {
    this.#height = this.renderRoot.querySelector('[part=viewport]')?.clientHeight || this.#height;
    this.requestUpdate();
  });
  /** Which element of its row had focus before an update (-1 or undefined: none). */
  #focus?: number;
  #abortedByDisconnect?: boolean;

  #task = new Task(this, {
    task: async ([baseUrl, catalogBaseUrl, clientId, hostToken, accountToken, fetch, limit], { signal }) => {
      // a new list starts at the top (its viewport is a new element), all panels closed
      this.#closePanels(true);
      this.#list = Object.freeze([]);
      this.#active = this.#scrollY = 0;
      if (!baseUrl) return initialState;
      const client = new StorefrontClient({ baseUrl, catalogBaseUrl, fetch });
      const token = hostToken || accountToken || (clientId && implicitTokenSource(client, clientId));
      if (!token) return initialState;
      const authorized = (this.#client = client.withToken(token));
      // the client checks the range; 0 and NaN (an empty attribute) mean the service's default
      const query = { limit: limit || undefined };
      for await (const page of authorized.pages<Catalog>((o) => authorized.listCatalogs(query, o), { signal })) {
        signal.throwIfAborted();
        // one copy per page; the first page shows while the next ones load
        this.#list = Object.freeze(this.#list.concat(page));
        this.requestUpdate();
      }
      signal.throwIfAborted();
      return this.#list;
    },
    args: () =>
      [
        this.baseUrl,
        this.catalogBaseUrl,
        this.clientId,
        this.accessToken,
        this.#session.session?.selectedAccount?.token,
        this.fetch,
        this.pageSize,
      ] as const,
    onError: (error) => {
      if (isAbortError(error)) return;
      // a refused implicit token is not kept: Try again asks for a fresh one
      if (this.reportError(error).status == 401 && !this.accessToken && !this.#session.session?.selectedAccount) {
        forgetImplicitTokens();
      }
    },
  });

  /** What has been loaded so far, in the API's order (read-only). */
  get catalogs(): readonly Catalog[] {
    return this.#list;
  }

  /** Loads the list again (every page), with the current token. */
  reload(): void {
    void this.#task.run();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#resize.observe(this);
    // the list's own state may have moved while it was detached (not rendered then)
    this.requestUpdate();
    if (this.#abortedByDisconnect) this.reload();
    this.#abortedByDisconnect = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize.disconnect();
    if (this.#task.status === TaskStatus.PENDING) {
      this.#abortedByDisconnect = true;
      this.#task.abort();
    }
    this.#closePanels();
  }

  /** Closes the panels still loading, or all. */
  #closePanels(all?: boolean): void {
    for (const [index, { abort, done }] of this.#panels) {
      if (all || !done) {
        abort.abort();
        this.#panels.delete(index);
      }
    }
  }

  protected override willUpdate(): void {
    const focused = this.shadowRoot!.activeElement;
    this.#focus = [...(focused?.closest('.item')?.querySelectorAll('*') ?? [])].indexOf(focused!);
  }

  protected override updated(): void {
    // rows are rendered by position, so a scroll can hand the focused node to another row: focus follows the row
    this.#row(this.#active)?.querySelectorAll<HTMLElement>('*')[this.#focus!]?.focus({ preventScroll: true });
  }

  #row(index: number): Element | null {
    return this.renderRoot.querySelector(`.item[data-index="${index}"]`);
  }

  get #rows(): Rows {
    return {
      count: this.#list.length,
      // a height that is no number falls back to the default
      row: this.rowHeight || 84,
      panel: this.releasesHeight || 220,
      open: [...this.#panels.keys()].sort((a, b) => a - b),
    };
  }

  override render(): TemplateResult {
    const { status, error } = this.#task;
    const busy = status === TaskStatus.PENDING;
    const list = this.#list.length ? this.#renderList(status === TaskStatus.COMPLETE) : undefined;
    // an error left by an abort is never shown: the element was removed, and is reloaded when it comes back;
    // a retry button goes with its error, so focus waits on what stays: base, or the row of a release panel
    return html`<div part="base" tabindex="-1" aria-busy=${busy}>
      ${
        status === TaskStatus.INITIAL
          ? html`<p part="not-configured">${this.notConfiguredText}</p>`
          : status === TaskStatus.ERROR
            ? [
                renderError(
                  error as StorefrontError,
                  () => (this.reload(), this.renderRoot.querySelector<HTMLElement>('[part~=base]')!.focus()),
                  this.retryLabel,
                ),
                list,
              ]
            : list
              ? [list, busy ? renderLoading(this.loadingMoreLabel) : '']
              : busy
                ? renderLoading(this.loadingLabel)
                : renderEmpty(this.emptyLabel)
      }
    </div>`;
  }

  #renderList(complete: boolean): TemplateResult {
    const rows = this.#rows;
    const { count, row } = rows;
    const start = Math.max(0, indexAt(rows, this.#scrollY) - 4);
    // four rows more on either side, so a fast scroll shows no blank space
    const end = Math.min(count, indexAt(rows, this.#scrollY + this.#height) + 5);
    const active = Math.min(this.#active, count - 1);
    const indices: number[] = [];
    // the row that holds focus stays in the DOM even when scrolled away, in index order
    if (active < start) indices.push(active);
    for (let i = start; i < end; i++) indices.push(i);
    if (active >= end) indices.push(active);
    const locale = this.closest<HTMLElement>('[lang]')?.lang ?? '';
    return html`<div part="viewport" style="--_row-height:${row}px" @scroll=${this.#onEvent}>
      <div
        part="list"
        role="list"
        aria-label=${this.label}
        style="height:${offsetOf(rows, count)}px"
        @click=${this.#onEvent}
        @keydown=${this.#onEvent}
        @focusin=${this.#onEvent}
      >
        ${indices.map((i) => {
          const catalog = this.#list[i]!;
          const { name, description, owner, updated_at } = catalog.attributes;
          const releases = catalog.relationships.releases.meta.count;
          const panel = this.#panels.get(i);
          const tabIndex = i === active ? 0 : -1;
          return html`<div
            class="item"
            part=${i === active ? 'item item-active' : 'item'}
            role="listitem"
            data-index=${i}
            aria-posinset=${i + 1}
            aria-setsize=${complete ? count : -1}
            style="transform:translateY(${offsetOf(rows, i)}px);height:${row + (panel ? rows.panel : 0)}px"
          >
            ${
              this.renderItem
                ? html`<div class="custom" tabindex=${tabIndex}>${this.renderItem(catalog, i)}</div>`
                : html`<div part="row" class="row">
                    <button part="select" tabindex=${tabIndex}><span part="name">${name}</span></button
                    ><span part="description">${description}</span
                    ><span part="meta"
                      ><span part="owner">${this.ownerLabel}: ${owner}</span
                      ><span part="releases-count"
                        >${pick(this.releasesCountText, releases === 1).replace('{count}', String(releases))}</span
                      ><span part="updated">${renderDate(this.updatedLabel, updated_at, locale)}</span></span
                    ><button
                      part="expand"
                      tabindex=${tabIndex}
                      aria-expanded=${!!panel}
                      aria-controls=${panel ? `releases-${i}` : nothing}
                    >
                      ${this.releasesLabel}<span class="visually-hidden">: ${name}</span>
                    </button>
                  </div>`
            }${panel ? this.#renderPanel(panel.done, i, name, rows.panel, locale) : ''}
          </div>`;
        })}
      </div>
    </div>`;
  }

  #renderPanel(
    done: CatalogRelease[] | StorefrontError | undefined,
    index: number,
    name: string,
    height: number,
    locale: string,
  ): TemplateResult {
    const published = this.publishedText;
    return html`<div
      part="releases"
      id="releases-${index}"
      role="region"
      tabindex="0"
      aria-label="${this.releasesLabel}: ${name}"
      aria-busy=${!done}
      style="height:${height}px"
    >
      ${
        !done
          ? renderLoading(this.releasesLoadingLabel)
          : !Array.isArray(done)
            ? renderError(done, () => (this.#open(index), this.focusItem(index)), this.retryLabel)
            : done.length
              ? html`<ol part="release-list">
                  ${done.map(
                    ({ attributes: { is_full_publish: full, is_full_delta: delta, published_at: at } }) =>
                      html`<li part="release" data-full-publish=${full} data-full-delta=${delta}>
                        <span part="release-date"
                          >${at ? renderDate(pick(published, true), at, locale) : pick(published, false)}</span
                        >
                        <span part="release-publish">${pick(this.publishText, full)}</span>
                        <span part="release-delta">${pick(this.deltaText, delta)}</span>
                      </li>`,
                  )}
                </ol>`
              : html`<p part="releases-empty">${this.noReleasesText}</p>`
      }${this.retentionText ? html`<p part="releases-note">${this.retentionText}</p>` : ''}
    </div>`;
  }

  /** Scroll, focus, click and keys of the list, which all end in an update. */
  #onEvent = (event: Event): void => {
    const { type, key } = event as KeyboardEvent;
    const target = event.target as HTMLElement;
    const index = Number(target.closest<HTMLElement>('.item')?.dataset.index);
    if (type === 'scroll') this.#scrollY = target.scrollTop;
    else if (type === 'focusin') {
      // focus that an update restored changes nothing
      if (this.#active === index) return;
      this.#active = index;
    }
    // what happens inside a release panel is the panel's
    else if (index >= 0 && !target.closest('[part~=releases]')) {
      if (type === 'click') {
        if (target.closest('[part~=expand]')) this.#toggle(index);
        else this.#select(index);
      } else {
        const last = this.#list.length - 1;
        const page = Math.max(1, Math.floor(this.#height / this.#rows.row) - 1);
        const next = {
          ArrowDown: index + 1,
          ArrowUp: index - 1,
          Home: 0,
          End: last,
          PageDown: index + page,
          PageUp: index - page,
        }[key];
        const choose = target.classList.contains('custom') && (key === 'Enter' || key === ' ');
        if (choose || next !== undefined) event.preventDefault();
        if (choose) this.#select(index);
        else if (next !== undefined) void this.focusItem(Math.min(last, Math.max(0, next)));
      }
    }
    this.requestUpdate();
  };

  /** Moves keyboard focus to the catalog at `index`, scrolling it into view (and into the DOM). */
  async focusItem(index: number): Promise<void> {
    if (!this.#list[index]) return;
    this.#active = index;
    this.requestUpdate();
    await this.updateComplete;
    const row = this.#row(index);
    row?.scrollIntoView({ block: 'nearest' });
    row?.querySelector<HTMLElement>('[tabindex]')?.focus({ preventScroll: true });
  }

  #select(index: number): void {
    this.#active = index;
    this.dispatchEvent(new CatalogSelectedEvent({ catalog: this.#list[index]! }));
  }

  /** Opens or closes the release panel of a row. */
  #toggle(index: number): void {
    this.#panels.get(index)?.abort.abort();
    if (!this.#panels.delete(index)) this.#open(index);
    this.#active = index;
  }

  /** Loads (or loads again) the releases of a row into its panel. */
  #open(index: number): void {
    const panel: Panel = { abort: new AbortController() };
    const { signal } = panel.abort;
    this.#panels.set(index, panel);
    this.#client!.listCatalogReleases(this.#list[index]!, { signal })
      .then(
        ({ data }) => (panel.done = data),
        (error) => signal.aborted || (panel.done = this.reportError(error)),
      )
      .finally(() => this.requestUpdate());
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'catalog-list': CatalogList;
  }
}
