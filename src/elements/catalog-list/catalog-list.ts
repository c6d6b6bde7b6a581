import { type Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { listCatalogReleases, listCatalogs } from '../../api/catalogs.js';
import type { RequestOptions } from '../../api/connection.js';
import { pages } from '../../api/pages.js';
import { readListBody } from '../../api/first-records.js';
import type { Catalog, CatalogRelease } from '../../api/types.js';
import { CatalogSelectedEvent } from '../../events.js';
import { prepareDates, renderDate } from '../../internal/dates.js';
import { afterNextFrame } from '../../internal/frames.js';
import { ShopperElement } from '../../internal/shopper-element.js';
import { renderEmpty, renderError, renderLoading } from '../../internal/status.js';
import { StorefrontElement } from '../../internal/storefront-element.js';
import { catalogListStyles } from './catalog-list.styles.js';
import { type CatalogListTexts, catalogListTexts } from './catalog-list.texts.js';
import { RowTemplate } from './row-template.js';
import { RowHeights } from '../../internal/row-heights.js';

/**
 * Renders one catalog in place of the built-in layout: a lit template, or a DOM node (made without lit; keep it
 * per catalog to keep the row's state); the row is as tall as what it renders.
 */
export type CatalogItemRenderer = (catalog: Catalog, index: number) => TemplateResult | Node;

/** The release panel of an open row: the load of its releases. */
type Panel = Task<[], CatalogRelease[]>;

/**
 * A row as tall as a catalog's (name, description and details line), holding the place of rows still loading;
 * `status` says so.
 */
const placeholder = (status?: TemplateResult) =>
  html`<div class="item row"><div class="placeholder">${status}</div></div>`;

/**
 * The catalogs the caller may view, with their releases. The list is windowed: only the rows in view (plus a
 * few) exist in the DOM, so ten thousand catalogs cost as much as thirty. Rows are as tall as their content
 * (names, descriptions and dates wrap), measured as they are shown; the list is as tall as its rows up to
 * `--storefront-catalog-list-height`, and scrolls beyond. While the first page loads, three placeholder rows hold
 * the place of the list.
 *
 * A store lays out its rows in plain HTML with a `<template>` child: each row is a copy of it, and each element in
 * it with `data-field="name"` (or `description`, `owner`, `updated_at`, any attribute of the catalog, or `id`)
 * shows that field as text. The copies live in the element's shadow root: style them with `part` names of the
 * store's own (`catalog-list::part(my-name)`) or a `<style>` in the template. Clicking a row, or Enter or Space on
 * it, chooses the catalog. `renderItem` (a lit template or a DOM node per catalog) does the same from script.
 *
 * Whose catalogs: the host's `accessToken` when set (it wins over everything); otherwise the account chosen in
 * the shared session of `client-id` (signing in and picking an account reloads the list by itself), asked for
 * with the store's implicit token and that account's token beside it; otherwise the store's implicit token.
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
 * @csspart loading - Loading state (with `spinner` and `loading-label`), in the first placeholder row; while
 *   further pages load, in a placeholder row under the list.
 * @csspart spinner - The loading spinner.
 * @csspart loading-label - The loading text.
 * @csspart error - Error box (role=alert) with `error-message` and `retry`.
 * @csspart error-message - The readable error.
 * @csspart retry - The retry button.
 * @csspart empty - The sentence of an empty list.
 * @csspart not-configured - Shown until `base-url` and a token source are set.
 * @csspart announcement - The polite live region (visually hidden) that says how many catalogs a load brought.
 *
 * @cssproperty [--storefront-catalog-list-height=24rem] - Greatest height of the scroll container: a shorter list
 *   is as tall as its rows.
 */
export class CatalogList extends ShopperElement<CatalogListTexts> {
  static override defaultTag = 'catalog-list';
  static override styles = [...StorefrontElement.styles, catalogListStyles];
  static override englishTexts = catalogListTexts;

  /** Address of the catalog endpoints when it differs from `base-url`. */
  @property({ attribute: 'catalog-base-url' }) catalogBaseUrl = '';
  /** Catalogs per request (`page[limit]`, 1–10000); the service's default when unset. Every page is loaded. */
  @property({ attribute: 'page-size', type: Number }) pageSize?: number;
  /**
   * The height in CSS pixels taken for rows not shown yet (the length of the scroll bar, and where a jump far down
   * the list lands before its rows are measured). Rows are as tall as their content, measured as they are shown;
   * unset, the rows shown first give the estimate.
   */
  @property({ attribute: 'row-height', type: Number }) rowHeight?: number;
  /**
   * Renders a catalog instead of the built-in layout (a lit template or a DOM node). Property only. Without it, a
   * `<template>` child of the element, when there is one, is the layout of every row (see the class notes).
   */
  @property({ attribute: false }) renderItem?: CatalogItemRenderer;

  /** The catalogs the load under way has received so far; all of them once it completes. */
  @state() private loaded: readonly Catalog[] = [];
  /** Open release panels by row. */
  readonly #panels = new Map<number, Panel>();
  /** The row keyboard focus is on (or returns to): the list's one tab stop. */
  @state() private active = 0;
  @state() private scrollY = 0;
  /** Whether the frame with the first rows has been drawn: the announcement of the count waits for it. */
  @state() private drawn = false;
  /** Heights of the rows: where each one starts, and how long the list is. */
  /** Taken for a row before any row is measured: a catalog row of three lines of text. */
  readonly #heights = new RowHeights(84);
  /** The rows in the flow of the list at the last render: from `start` up to, not including, `end`. */
  #window = { start: 0, end: 0 };
  /** The viewport's height at the last layout (a guess before the first). */
  #view = 480;
  /** Which element of its row had focus before an update (-1 or undefined: none). */
  #focus?: number;
  /** The rows made from the `<template>` child, while it is the same one. */
  #stamped?: RowTemplate;

  /** Every page of the list, for the account the session chose (or the host's token, or the store's). */
  readonly #list = this.service.task({
    args: () => [...this.service.args, this.service.account, this.pageSize],
    task: async (_, { signal }) => {
      // a new list starts at the top (its viewport is a new element), all panels closed
      for (const index of this.#panels.keys()) this.#close(index);
      this.loaded = [];
      this.#heights.count = 0;
      this.active = this.scrollY = 0;
      const connection = this.service.connection(this.service.account);
      if (!connection) return initialState;
      // the first use of a language's number, plural and date formats costs tens of milliseconds: made while the
      // answer is on its way rather than in the frame that draws it
      setTimeout(() => (prepareDates(this.locale), this.fill(this.shownTexts.releasesCountText, { count: 1 })));
      // listCatalogs checks the range; 0 and NaN (an empty attribute) mean the service's default
      const query = { limit: this.pageSize || undefined };
      // a long answer's first records are drawn before the rest of it is parsed
      const showFirst = (records: unknown[]) => ((this.loaded = Object.freeze(records as Catalog[])), afterNextFrame());
      const readBody = (response: Response) => readListBody(response, showFirst);
      const first = (options: RequestOptions) => listCatalogs(connection, query, { ...options, readBody });
      let received: readonly Catalog[] = [];
      for await (const page of pages(connection, first, { signal })) {
        // one copy per page: the first pages show while the next ones load
        this.loaded = received = Object.freeze([...received, ...page]);
      }
      signal.throwIfAborted();
      return this.loaded;
    },
    onError: (error) => this.reportError(error),
  });

  /** What has been loaded so far, in the API's order (read-only). */
  get catalogs(): readonly Catalog[] {
    return this.loaded;
  }

  /** Loads the list again (every page), with the current token. */
  reload(): void {
    void this.#list.run();
  }

  /** Closes the release panel of a row, stopping its load; returns whether it was open. */
  #close(index: number): boolean {
    const panel = this.#panels.get(index);
    if (panel) this.service.drop(panel);
    this.requestUpdate();
    return this.#panels.delete(index);
  }

  protected override willUpdate(): void {
    const focused = this.shadowRoot!.activeElement;
    this.#focus = [...(focused?.closest('.item')?.querySelectorAll('*') ?? [])].indexOf(focused!);
  }

  protected override updated(): void {
    const list = this.renderRoot.querySelector<HTMLElement>('[part~=list]');
    if (list) this.#layOut(list);
    if (list && !this.drawn) void afterNextFrame().then(() => (this.drawn = true));
    // rows are rendered by position, so a scroll can hand the focused node to another row: focus follows the row
    this.#row(this.active)?.querySelectorAll<HTMLElement>('*')[this.#focus!]?.focus({ preventScroll: true });
  }

  /**
   * Measures the rows just rendered and places them: the list is as tall as all its rows, its first rendered row
   * starts at its own top, and a focused row kept outside the window sits at its place. The row in view keeps its
   * place on the screen when rows above it turn out taller or shorter than the estimate.
   */
  #layOut(list: HTMLElement): void {
    const viewport = list.parentElement!;
    const heights = this.#heights;
    const { start, end } = this.#window;
    this.#view = viewport.clientHeight;
    const anchor = heights.indexAt(this.scrollY);
    const before = heights.offsetOf(anchor);
    for (const item of list.children as HTMLCollectionOf<HTMLElement>) {
      heights.measure(Number(item.dataset.index), item.getBoundingClientRect().height);
    }
    // through the CSSOM, which a strict Content Security Policy allows (a style attribute it refuses); a row back
    // in the flow keeps its top, which means nothing there
    const detached = list.querySelector<HTMLElement>('.detached');
    if (detached) detached.style.top = `${heights.offsetOf(Number(detached.dataset.index))}px`;
    list.style.paddingTop = `${heights.offsetOf(start)}px`;
    // a list shown whole keeps its own height, which follows its rows when they rewrap (a new width or text size)
    list.style.height = end < heights.count ? `${heights.offsetOf(heights.count)}px` : '';
    const moved = heights.offsetOf(anchor) - before;
    // the scroll event that follows renders the window there
    if (moved) viewport.scrollTop += moved;
    // rows shorter than the estimate, or a viewport taller than guessed, leave rows in view out of the window
    else if (heights.indexAt(this.scrollY + this.#view) >= end) this.requestUpdate();
  }

  #row(index: number): Element | null {
    return this.renderRoot.querySelector(`.item[data-index="${index}"]`);
  }

  override render(): TemplateResult {
    // a retry button goes with its error, so focus waits on what stays: base, or the row of a release panel
    return html`<div part="base" tabindex="-1" aria-busy=${this.#list.status === TaskStatus.PENDING}>
      ${this.#list.render({
        initial: () => html`<p part="not-configured">${this.shownTexts.notConfiguredText}</p>`,
        // the first pages show while the next ones load
        pending: () =>
          this.loaded.length
            ? this.#renderList()
            : html`<div part="viewport">
                ${placeholder(renderLoading(this.shownTexts.loadingText))}${placeholder()}${placeholder()}
              </div>`,
        complete: (catalogs) => (catalogs.length ? this.#renderList() : renderEmpty(this.shownTexts.emptyText)),
        error: (error) => [
          renderError(error, this.#retry, this.shownTexts, this),
          this.loaded.length ? this.#renderList() : nothing,
        ],
      })}
      <p part="announcement" class="visually-hidden" role="status">${this.#announcement()}</p>
    </div>`;
  }

  /** How many catalogs the last load brought, once it has ended. */
  #announcement(): string {
    return this.#list.status === TaskStatus.COMPLETE && this.drawn
      ? this.fill(this.shownTexts.loadedText, { count: this.loaded.length })
      : '';
  }

  #retry = (): void => {
    this.reload();
    this.renderRoot.querySelector<HTMLElement>('[part~=base]')!.focus();
  };

  /** The window of rows of what has been loaded; while more is loading, a placeholder row under them says so. */
  #renderList(): TemplateResult {
    const { status } = this.#list;
    const count = this.loaded.length;
    const heights = this.#heights;
    heights.count = count;
    heights.estimate = this.rowHeight || heights.estimate;
    // the rows in view, and four more on either side, so a fast scroll shows no blank space
    const start = Math.max(0, heights.indexAt(this.scrollY) - 4);
    const end = Math.min(count, heights.indexAt(this.scrollY + this.#view) + 5);
    this.#window = { start, end };
    const active = Math.min(this.active, count - 1);
    const indices: number[] = [];
    // the row that holds focus stays in the DOM even when scrolled away, in index order
    if (active < start) indices.push(active);
    for (let i = start; i < end; i++) indices.push(i);
    if (active >= end) indices.push(active);
    const custom = this.#customRow();
    return html`<div part="viewport" @scroll=${this.#onEvent}>
      <div
        part="list"
        role="list"
        aria-label=${this.shownTexts.listLabel}
        @click=${this.#onEvent}
        @keydown=${this.#onEvent}
        @focusin=${this.#onEvent}
      >
        ${indices.map((i) => {
          const catalog = this.loaded[i]!;
          const { name, description, owner, updated_at } = catalog.attributes;
          const releases = catalog.relationships.releases.meta.count;
          const panel = this.#panels.get(i);
          const tabIndex = i === active ? 0 : -1;
          return html`<div
            class=${i < start || i >= end ? 'item detached' : 'item'}
            part=${i === active ? 'item item-active' : 'item'}
            role="listitem"
            data-index=${i}
            aria-posinset=${i + 1}
            aria-setsize=${status === TaskStatus.COMPLETE ? count : -1}
          >
            ${
              custom
                ? html`<div class="custom" tabindex=${tabIndex}>${custom(catalog, i)}</div>`
                : html`<div part="row" class="row">
                    <button part="select" tabindex=${tabIndex}><span part="name" dir="auto">${name}</span></button
                    ><span part="description">${description}</span
                    ><span part="meta"
                      ><span part="owner">${this.shownTexts.ownerLabel}: <bdi>${owner}</bdi></span
                      ><span part="releases-count"
                        >${this.fill(this.shownTexts.releasesCountText, { count: releases })}</span
                      ><span part="updated"
                        >${renderDate(this.shownTexts.updatedLabel, updated_at, this.locale)}</span
                      ></span
                    ><button
                      part="expand"
                      tabindex=${tabIndex}
                      aria-expanded=${!!panel}
                      aria-controls=${panel ? `releases-${i}` : nothing}
                    >
                      ${this.shownTexts.releasesLabel}<span class="visually-hidden">: ${name}</span>
                    </button>
                  </div>`
            }${panel ? this.#renderPanel(panel, i, name) : ''}
          </div>`;
        })}
      </div>
      ${status === TaskStatus.PENDING ? placeholder(renderLoading(this.shownTexts.loadingMoreText)) : nothing}
    </div>`;
  }

  /** The host's layout of a row: `renderItem`, else a row made from the `<template>` child; else none. */
  #customRow(): CatalogItemRenderer | undefined {
    if (this.renderItem) return this.renderItem;
    const template = this.querySelector<HTMLTemplateElement>(':scope > template');
    if (!template) return undefined;
    if (this.#stamped?.template !== template) this.#stamped = new RowTemplate(template);
    const stamped = this.#stamped;
    return (catalog) => stamped.row(catalog);
  }

  #renderPanel(panel: Panel, index: number, name: string): TemplateResult {
    const loading = () => renderLoading(this.shownTexts.releasesLoadingText);
    return html`<div
      part="releases"
      id="releases-${index}"
      role="region"
      tabindex="0"
      aria-label="${this.shownTexts.releasesLabel}: ${name}"
      aria-busy=${panel.status < TaskStatus.COMPLETE}
    >
      ${panel.render({
        initial: loading,
        pending: loading,
        error: (error) => renderError(error, () => (panel.run(), this.focusItem(index)), this.shownTexts, this),
        complete: (releases) =>
          releases.length
            ? html`<ol part="release-list">
                ${releases.map(
                  ({ attributes: { is_full_publish: full, is_full_delta: delta, published_at: at } }) =>
                    html`<li part="release" data-full-publish=${full} data-full-delta=${delta}>
                      <span part="release-date"
                        >${
                          at
                            ? renderDate(this.shownTexts.publishedLabel, at, this.locale)
                            : this.shownTexts.noPublishedDateText
                        }</span
                      >
                      <span part="release-publish"
                        >${full ? this.shownTexts.fullPublishText : this.shownTexts.updatePublishText}</span
                      >
                      <span part="release-delta"
                        >${delta ? this.shownTexts.fullDeltaText : this.shownTexts.incrementalDeltaText}</span
                      >
                    </li>`,
                )}
              </ol>`
            : html`<p part="releases-empty">${this.shownTexts.noReleasesText}</p>`,
      })}${this.shownTexts.retentionText ? html`<p part="releases-note">${this.shownTexts.retentionText}</p>` : ''}
    </div>`;
  }

  /** Scroll, focus, click and keys of the list. */
  #onEvent = (event: Event): void => {
    const { type, key } = event as KeyboardEvent;
    const target = event.target as HTMLElement;
    const index = Number(target.closest<HTMLElement>('.item')?.dataset.index);
    if (type === 'scroll') this.scrollY = target.scrollTop;
    else if (type === 'focusin') {
      // focus that an update restored changes nothing
      if (this.active === index) return;
      this.active = index;
    }
    // what happens inside a release panel is the panel's
    else if (index >= 0 && !target.closest('[part~=releases]')) {
      if (type === 'click') {
        if (target.closest('[part~=expand]')) this.#toggle(index);
        else this.#select(index);
      } else {
        const last = this.loaded.length - 1;
        const page = Math.max(1, Math.floor(this.#view / this.#heights.estimate) - 1);
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
  };

  /** Moves keyboard focus to the catalog at `index`, scrolling it into view (and into the DOM). */
  async focusItem(index: number): Promise<void> {
    if (!this.loaded[index]) return;
    this.active = index;
    await this.updateComplete;
    const row = this.#row(index);
    row?.scrollIntoView({ block: 'nearest' });
    row?.querySelector<HTMLElement>('[tabindex]')?.focus({ preventScroll: true });
  }

  #select(index: number): void {
    this.active = index;
    this.dispatchEvent(new CatalogSelectedEvent({ catalog: this.loaded[index]! }));
  }

  /** Opens or closes the release panel of a row. */
  #toggle(index: number): void {
    this.active = index;
    if (!this.#close(index)) this.#panels.set(index, this.#releases(this.loaded[index]!));
  }

  /** The load of a catalog's releases, with the token the list was loaded with; it starts with the next update. */
  #releases(catalog: Catalog): Panel {
    const connection = this.service.connection(this.service.account)!;
    return this.service.task({
      // no arguments that change: it runs once (and again when the list comes back to the page mid-load)
      args: () => [],
      task: async (_, { signal }) => (await listCatalogReleases(connection, catalog, { signal })).data,
      onError: (error) => this.reportError(error),
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'catalog-list': CatalogList;
  }
}
