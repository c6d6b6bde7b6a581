import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { StorefrontClient } from '../../api/client.js';
import { type StorefrontError, isAbortError } from '../../api/errors.js';
import type { FetchLike, TokenSource } from '../../api/http.js';
import type { Catalog, CatalogRelease } from '../../api/types.js';
import { implicitTokenSource } from '../../auth/implicit-token.js';
import { MemberSession, type SessionStorageMode } from '../../auth/session.js';
import { CatalogSelectedEvent, type AccountSession } from '../../events.js';
import { renderEmpty, renderError, renderLoading } from '../shared/status.js';
import { StorefrontElement } from '../shared/storefront-element.js';
import { catalogListStyles } from './catalog-list.styles.js';
import { type ReleaseTexts, asUtc, renderReleaseList, renderRetention } from './catalog-releases.js';
import { RowLayout } from './virtual-window.js';

/** Renders one catalog in place of the built-in layout; the row keeps the fixed `rowHeight`. */
export type CatalogItemRenderer = (catalog: Catalog, index: number) => TemplateResult;

/** Rows rendered above and below the visible ones, so a fast scroll does not show blank space. */
const BUFFER_ROWS = 4;
/** Assumed viewport height until the first measurement. */
const INITIAL_VIEWPORT = 480;
const NAV_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'];

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

  /** Address of the account endpoints (and of the token endpoint of the implicit grant). */
  @property({ attribute: 'base-url' }) baseUrl = '';
  /** Address of the catalog endpoints when it differs from `base-url`. */
  @property({ attribute: 'catalog-base-url' }) catalogBaseUrl = '';
  /** The store's client id: names the shared session and the implicit grant. */
  @property({ attribute: 'client-id' }) clientId = '';
  /** Where the shared session is kept: `session` (sessionStorage, default) or `memory`. */
  @property() storage: SessionStorageMode = 'session';
  /**
   * A bearer token, or a function (possibly async) returning one, chosen by the host page. When set it is used
   * for every request and wins over the selected account's token and over the implicit token. Property only.
   */
  @property({ attribute: false }) accessToken?: TokenSource;
  /** The `fetch` to use (a proxy, tests); defaults to the browser's. Property only. */
  @property({ attribute: false }) fetch?: FetchLike;
  /** Catalogs per request (`page[limit]`, 1–10000); the service's default when unset. Every page is loaded. */
  @property({ attribute: 'page-size', type: Number }) pageSize?: number;
  /** Height of every row in CSS pixels; the window relies on it, so a custom layout must fit in it. */
  @property({ attribute: 'row-height', type: Number }) rowHeight = 84;
  /** Height of an opened release panel in CSS pixels (it scrolls inside when its content is taller). */
  @property({ attribute: 'releases-height', type: Number }) releasesHeight = 220;
  /** Renders a catalog instead of the built-in layout. Property only. */
  @property({ attribute: false }) renderItem?: CatalogItemRenderer;

  /** Accessible name of the list. */
  @property() label = 'Catalogs';
  /** Shown when the caller may view no catalog. */
  @property({ attribute: 'empty-label' }) emptyLabel = 'No catalogs are available for this account.';
  @property({ attribute: 'loading-label' }) loadingLabel = 'Loading catalogs…';
  /** Shown under the first pages while further pages arrive. */
  @property({ attribute: 'loading-more-label' }) loadingMoreLabel = 'Loading more catalogs…';
  @property({ attribute: 'retry-label' }) retryLabel = 'Try again';
  @property({ attribute: 'not-configured-text' }) notConfiguredText =
    'Waiting for the store address and a client id or access token.';
  @property({ attribute: 'owner-label' }) ownerLabel = 'Owner';
  @property({ attribute: 'updated-label' }) updatedLabel = 'Updated';
  /** Number of releases; `{count}` is replaced. */
  @property({ attribute: 'releases-count-text' }) releasesCountText = '{count} releases';
  /** Number of releases when there is exactly one. */
  @property({ attribute: 'release-count-one-text' }) releaseCountOneText = '1 release';
  /** Text of the disclosure button (the catalog's name is added for assistive technology). */
  @property({ attribute: 'releases-label' }) releasesLabel = 'Releases';
  @property({ attribute: 'releases-loading-label' }) releasesLoadingLabel = 'Loading releases…';
  @property({ attribute: 'full-publish-text' }) fullPublishText =
    'Complete publish: this release contains the whole catalog.';
  @property({ attribute: 'update-text' }) updateText =
    'Update: changes since the previous release, laid over the data you already hold.';
  @property({ attribute: 'full-delta-text' }) fullDeltaText =
    'Full refresh: replace everything you hold for this catalog with this release.';
  @property({ attribute: 'partial-delta-text' }) partialDeltaText =
    'Incremental: keep what you hold for this catalog and apply these changes to it.';
  @property({ attribute: 'retention-text' }) retentionText = 'Only the current release and the two before it are kept.';
  @property({ attribute: 'published-label' }) publishedLabel = 'Published';
  @property({ attribute: 'unknown-date-text' }) unknownDateText = 'Publication date not given';
  @property({ attribute: 'no-releases-text' }) noReleasesText = 'This catalog has not been published yet.';

  /** The account selected in the shared session, if any. */
  @state() private account?: AccountSession;
  /** Row that keyboard focus is on (or returns to): the list's one tab stop. */
  @state() private activeIndex = 0;
  /** Rows whose release panel is open. */
  @state() private expanded: ReadonlySet<number> = new Set();
  @state() private viewportHeight = INITIAL_VIEWPORT;

  #catalogs: Catalog[] = [];
  #snapshot?: readonly Catalog[];
  #client?: StorefrontClient;
  #error?: StorefrontError;
  #abortedByDisconnect = false;
  #releaseTasks = new Map<number, Task<[Catalog], CatalogRelease[]>>();
  #unsubscribe?: () => void;
  #resizeObserver?: ResizeObserver;
  #observed?: Element;
  #scrollY = 0;
  #renderedRange = '';
  #formatter?: { locale: string; format: Intl.DateTimeFormat };

  readonly #listTask = new Task(this, {
    task: async ([baseUrl, catalogBaseUrl, clientId, hostToken, accountToken, fetchImpl, limit], { signal }) => {
      const list: Catalog[] = [];
      this.#setCatalogs(list);
      if (!baseUrl) return initialState;
      const client = new StorefrontClient({
        baseUrl: baseUrl as string,
        catalogBaseUrl: (catalogBaseUrl as string) || undefined,
        fetch: fetchImpl as FetchLike | undefined,
      });
      const token = (hostToken || accountToken || (clientId && implicitTokenSource(client, clientId as string))) as
        | TokenSource
        | undefined;
      if (!token) return initialState;
      const authorized = client.withToken(token);
      this.#client = authorized;
      const query = typeof limit === 'number' ? { limit } : {};
      for await (const page of authorized.pages<Catalog>((o) => authorized.listCatalogs(query, o), { signal })) {
        list.push(...page);
        this.#snapshot = undefined;
        // the first page shows while the next ones load
        this.requestUpdate();
      }
      if (signal.aborted) throw new DOMException('The list was replaced.', 'AbortError');
      return list;
    },
    args: () => [
      this.baseUrl,
      this.catalogBaseUrl,
      this.clientId,
      this.accessToken,
      this.account?.token,
      this.fetch,
      this.#limit,
    ],
    onComplete: () => {
      this.#error = undefined;
    },
    onError: (error) => {
      this.#error = isAbortError(error) ? undefined : this.reportError(error);
    },
  });

  /** What has been loaded so far, in the API's order (read-only). */
  get catalogs(): readonly Catalog[] {
    this.#snapshot ??= Object.freeze([...this.#catalogs]);
    return this.#snapshot;
  }

  /** Loads the list again (every page), with the current token. */
  reload(): void {
    void this.#listTask.run();
  }

  get #limit(): number | undefined {
    const size = Number(this.pageSize);
    return Number.isInteger(size) && size >= 1 && size <= 10000 ? size : undefined;
  }

  #setCatalogs(list: Catalog[]): void {
    this.#catalogs = list;
    this.#snapshot = undefined;
    this.#error = undefined;
    for (const task of this.#releaseTasks.values()) this.#dropTask(task);
    this.#releaseTasks.clear();
    this.expanded = new Set();
    this.activeIndex = 0;
    this.#scrollY = 0;
    const viewport = this.#viewport;
    if (viewport) viewport.scrollTop = 0;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#subscribe();
    // changes made while disconnected were not rendered (see shouldUpdate)
    this.requestUpdate();
    if (this.#abortedByDisconnect) {
      this.#abortedByDisconnect = false;
      this.reload();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#resizeObserver?.disconnect();
    this.#observed = undefined;
    if (this.#listTask.status === TaskStatus.PENDING) {
      this.#abortedByDisconnect = true;
      this.#listTask.abort();
    }
    for (const task of this.#releaseTasks.values()) task.abort();
  }

  /** A removed element does not render what arrives (or fails) after it left the page. */
  protected override shouldUpdate(changed: PropertyValues): boolean {
    return this.isConnected && super.shouldUpdate(changed);
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('clientId') || changed.has('storage')) this.#subscribe();
  }

  protected override updated(): void {
    const viewport = this.#viewport ?? undefined;
    if (viewport === this.#observed) return;
    this.#resizeObserver ??= new ResizeObserver(([entry]) => {
      const height = Math.round(entry?.contentRect.height ?? 0);
      if (height > 0 && height !== this.viewportHeight) this.viewportHeight = height;
    });
    if (this.#observed) this.#resizeObserver.unobserve(this.#observed);
    this.#observed = viewport;
    if (viewport) this.#resizeObserver.observe(viewport);
  }

  #subscribe(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    if (!this.clientId || !this.isConnected) {
      this.account = undefined;
      return;
    }
    const session = MemberSession.for(this.clientId, this.storage === 'memory' ? 'memory' : 'session');
    const sync = () => {
      this.account = session.selectedAccount;
    };
    this.#unsubscribe = session.subscribe(sync);
    sync();
  }

  get #viewport(): HTMLElement | null {
    return this.renderRoot?.querySelector<HTMLElement>('[part~="viewport"]') ?? null;
  }

  get #layout(): RowLayout {
    return new RowLayout(this.#catalogs.length, this.#rowHeight, this.#panelHeight, this.expanded);
  }

  get #rowHeight(): number {
    const height = Number(this.rowHeight);
    return height > 0 ? height : 84;
  }

  get #panelHeight(): number {
    const height = Number(this.releasesHeight);
    return height > 0 ? height : 220;
  }

  override render(): TemplateResult {
    const status = this.#listTask.status;
    const busy = status === TaskStatus.PENDING || (status === TaskStatus.ERROR && !this.#error);
    const count = this.#catalogs.length;
    let body: unknown;
    if (status === TaskStatus.INITIAL) {
      body = html`<p part="not-configured">${this.notConfiguredText}</p>`;
    } else if (this.#error && status === TaskStatus.ERROR) {
      body = [renderError(this.#error, () => this.reload(), this.retryLabel), count ? this.#renderList() : nothing];
    } else if (count === 0) {
      body = busy ? renderLoading(this.loadingLabel) : renderEmpty(this.emptyLabel);
    } else {
      body = [this.#renderList(), busy ? renderLoading(this.loadingMoreLabel) : nothing];
    }
    return html`<div part="base" aria-busy=${busy ? 'true' : 'false'}>${body}</div>`;
  }

  #renderList(): TemplateResult {
    const layout = this.#layout;
    const [start, end] = layout.range(this.#scrollY, this.viewportHeight, BUFFER_ROWS);
    this.#renderedRange = `${start}:${end}`;
    const active = Math.min(this.activeIndex, layout.count - 1);
    const indices: number[] = [];
    // the row that holds focus stays in the DOM even when scrolled away, in index order so that it is
    // never moved (moving a focused node blurs it)
    if (active < start) indices.push(active);
    for (let i = start; i < end; i++) indices.push(i);
    if (active >= end) indices.push(active);
    const setSize = this.#listTask.status === TaskStatus.COMPLETE ? layout.count : -1;
    const locale = this.closest('[lang]')?.getAttribute('lang') || navigator.language;
    return html`<div part="viewport" style="--_row-height:${layout.rowHeight}px" @scroll=${this.#onScroll}>
      <div
        part="list"
        role="list"
        aria-label=${this.label}
        style="height:${layout.totalHeight}px"
        @click=${this.#onClick}
        @keydown=${this.#onKeyDown}
        @focusin=${this.#onFocusIn}
      >
        ${repeat(
          indices,
          (i) => i,
          (i) => this.#renderItem(i, layout, i === active, setSize, locale),
        )}
      </div>
    </div>`;
  }

  #renderItem(index: number, layout: RowLayout, active: boolean, setSize: number, locale: string): TemplateResult {
    const catalog = this.#catalogs[index];
    const expanded = layout.isExpanded(index);
    const panelId = `releases-${index}`;
    const tabIndex = active ? 0 : -1;
    return html`<div
      class="item"
      part=${active ? 'item item-active' : 'item'}
      role="listitem"
      data-index=${index}
      aria-posinset=${index + 1}
      aria-setsize=${setSize}
      style="transform:translateY(${layout.offsetOf(index)}px);height:${layout.heightOf(index)}px"
    >
      ${this.renderItem
        ? html`<div class="custom focus-target" tabindex=${tabIndex} data-index=${index}>
            ${this.renderItem(catalog, index)}
          </div>`
        : this.#renderRow(catalog, index, tabIndex, expanded, panelId, locale)}
      ${expanded ? this.#renderReleases(catalog, index, panelId, locale) : nothing}
    </div>`;
  }

  #renderRow(
    catalog: Catalog,
    index: number,
    tabIndex: number,
    expanded: boolean,
    panelId: string,
    locale: string,
  ): TemplateResult {
    const attributes = catalog?.attributes ?? ({} as Partial<Catalog['attributes']>);
    const name = String(attributes.name ?? '');
    const count = catalog?.relationships?.releases?.meta?.count;
    const updated = attributes.updated_at;
    return html`<div part="row" class="row">
      <button type="button" part="select" class="focus-target" tabindex=${tabIndex} data-index=${index}>
        <span part="name">${name}</span>
      </button>
      <span part="description">${attributes.description ?? ''}</span>
      <span part="meta">
        <span part="owner">${this.ownerLabel}: ${attributes.owner ?? ''}</span>
        ${typeof count === 'number'
          ? html`<span part="releases-count"
              >${count === 1 ? this.releaseCountOneText : this.releasesCountText.replace('{count}', String(count))}</span
            >`
          : nothing}
        ${updated
          ? html`<span part="updated"
              >${this.updatedLabel} <time datetime=${asUtc(updated)}>${this.#formatDate(updated, locale)}</time></span
            >`
          : nothing}
      </span>
      <button
        type="button"
        part="expand"
        data-action="expand"
        data-index=${index}
        tabindex=${tabIndex}
        aria-expanded=${expanded ? 'true' : 'false'}
        aria-controls=${expanded ? panelId : nothing}
      >
        ${this.releasesLabel}<span class="visually-hidden">: ${name}</span>
      </button>
    </div>`;
  }

  #renderReleases(catalog: Catalog, index: number, panelId: string, locale: string): TemplateResult {
    const task = this.#releaseTasks.get(index);
    const pending = !task || task.status === TaskStatus.PENDING;
    const content = task?.render({
      pending: () => renderLoading(this.releasesLoadingLabel),
      complete: (releases) => renderReleaseList(releases, this.#releaseTexts, (v) => this.#formatDate(v, locale)),
      error: (error) =>
        isAbortError(error) ? nothing : renderError(error as StorefrontError, () => void task.run(), this.retryLabel),
    });
    return html`<div
      part="releases"
      id=${panelId}
      role="region"
      tabindex="0"
      aria-label=${`${this.releasesLabel}: ${catalog?.attributes?.name ?? ''}`}
      aria-busy=${pending ? 'true' : 'false'}
      style="height:${this.#panelHeight}px"
    >
      ${content ?? nothing} ${renderRetention(this.#releaseTexts)}
    </div>`;
  }

  get #releaseTexts(): ReleaseTexts {
    return {
      fullPublish: this.fullPublishText,
      update: this.updateText,
      fullDelta: this.fullDeltaText,
      partialDelta: this.partialDeltaText,
      retention: this.retentionText,
      published: this.publishedLabel,
      unknownDate: this.unknownDateText,
      noReleases: this.noReleasesText,
    };
  }

  #formatDate(value: string, locale: string): string {
    const date = new Date(asUtc(value));
    if (Number.isNaN(date.getTime())) return value;
    if (this.#formatter?.locale !== locale) {
      let format: Intl.DateTimeFormat;
      try {
        format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
      } catch {
        format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
      }
      this.#formatter = { locale, format };
    }
    return this.#formatter.format.format(date);
  }

  #onScroll = (event: Event): void => {
    this.#scrollY = (event.currentTarget as HTMLElement).scrollTop;
    const [start, end] = this.#layout.range(this.#scrollY, this.viewportHeight, BUFFER_ROWS);
    // re-render only when another row enters or leaves the window
    if (`${start}:${end}` !== this.#renderedRange) this.requestUpdate();
  };

  #onClick = (event: MouseEvent): void => {
    for (const node of event.composedPath()) {
      if (!(node instanceof HTMLElement) || node === event.currentTarget) return;
      if (node.part.contains('releases')) return;
      if (node.dataset.action === 'expand') return this.#toggle(Number(node.dataset.index));
      if (node.classList.contains('item')) return this.#select(Number(node.dataset.index));
    }
  };

  #onFocusIn = (event: FocusEvent): void => {
    const target = event.composedPath()[0];
    const index = target instanceof HTMLElement ? target.closest<HTMLElement>('.item')?.dataset.index : undefined;
    if (index !== undefined) this.activeIndex = Number(index);
  };

  #onKeyDown = (event: KeyboardEvent): void => {
    const target = event.composedPath()[0];
    if (!(target instanceof HTMLElement) || target.closest('[part~="releases"]')) return;
    const item = target.closest<HTMLElement>('.item');
    if (!item) return;
    const index = Number(item.dataset.index);
    if ((event.key === 'Enter' || event.key === ' ') && target.classList.contains('custom')) {
      event.preventDefault();
      this.#select(index);
      return;
    }
    if (!NAV_KEYS.includes(event.key)) return;
    event.preventDefault();
    const last = this.#catalogs.length - 1;
    const page = Math.max(1, Math.floor(this.viewportHeight / this.#rowHeight) - 1);
    const next = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: last,
      PageDown: index + page,
      PageUp: index - page,
    }[event.key]!;
    void this.focusItem(Math.min(last, Math.max(0, next)));
  };

  /** Moves keyboard focus to the catalog at `index`, scrolling it into view (and into the DOM). */
  async focusItem(index: number): Promise<void> {
    if (index < 0 || index >= this.#catalogs.length) return;
    this.activeIndex = index;
    const viewport = this.#viewport;
    if (viewport) {
      const layout = this.#layout;
      const top = layout.offsetOf(index);
      const bottom = top + layout.rowHeight;
      if (top < viewport.scrollTop) viewport.scrollTop = top;
      else if (bottom > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = bottom - viewport.clientHeight;
      this.#scrollY = viewport.scrollTop;
    }
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`.focus-target[data-index="${index}"]`)?.focus({ preventScroll: true });
  }

  #select(index: number): void {
    const catalog = this.#catalogs[index];
    if (!catalog) return;
    this.activeIndex = index;
    this.dispatchEvent(new CatalogSelectedEvent({ catalog }));
  }

  #toggle(index: number): void {
    const catalog = this.#catalogs[index];
    const client = this.#client;
    if (!catalog || !client) return;
    const expanded = new Set(this.expanded);
    const existing = this.#releaseTasks.get(index);
    if (existing) {
      this.#dropTask(existing);
      this.#releaseTasks.delete(index);
      expanded.delete(index);
    } else {
      const task = new Task<[Catalog], CatalogRelease[]>(this, {
        autoRun: false,
        args: () => [catalog],
        task: async ([c], { signal }) => {
          try {
            return (await client.listCatalogReleases(c, { signal })).data;
          } catch (error) {
            if (signal.aborted || isAbortError(error)) throw error;
            throw this.reportError(error);
          }
        },
      });
      this.#releaseTasks.set(index, task);
      expanded.add(index);
      void task.run([catalog]);
    }
    this.activeIndex = index;
    this.expanded = expanded;
  }

  #dropTask(task: Task<[Catalog], CatalogRelease[]>): void {
    task.abort();
    this.removeController(task);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'catalog-list': CatalogList;
  }
}
