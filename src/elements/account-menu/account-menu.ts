import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { AccountSelectedEvent, type AccountSession } from '../../events.js';
import type { SessionChange } from '../../auth/session.js';
import { type AccountRow, accountRows } from '../../internal/account-tree.js';
import type { SharedSession } from '../../internal/session-controller.js';
import { RowHeights } from '../../internal/row-heights.js';
import { SignInElement, type SignInOptions } from '../../internal/sign-in-element.js';
import { StorefrontElement } from '../../internal/storefront-element.js';
import { choiceTeller } from '../../internal/teller.js';
import { tellLasting } from '../../internal/told-events.js';
import { accountMenuStyles } from './account-menu.styles.js';
import { type AccountMenuTexts, accountMenuTexts } from './account-menu.texts.js';

/** Past this many accounts the panel offers a search field. */
const SEARCH_FROM = 8;
/** Rows rendered above and below the ones in view, so that scrolling shows no gap. */
const OVERSCAN = 8;
/** The height taken for a row before one is measured, in pixels: one line of text. */
const FIRST_GUESS = 32;
/** How many rows Page Up and Page Down move. */
const PAGE = 10;
/** How long the keys typed in the list count as one word to jump to (type-ahead), in milliseconds. */
const TYPE_AHEAD_PAUSE = 700;

/**
 * One compact control for a store's header: signed out, a sign-in button (or, for a store with several identity
 * providers, a menu of them); signed in, who signed in and the account they act for, opening a panel with the
 * member's accounts (a search field past seven, windowed for hundreds, sub-accounts under their parents with the
 * accounts above them, the branch of the account used last first) and Sign out. Choosing an account works as the
 * picker does. It takes the attributes of `<account-sign-in>` (and `session-endpoint`) and does all it does: it
 * finishes a sign-in the address bar brings back, and fires the same events.
 *
 * @summary The signed-in member and their account, in a menu for a site header.
 *
 * @fires sign-in-redirect - As from `<account-sign-in>`.
 * @fires signed-in - As from `<account-sign-in>`.
 * @fires signed-out - As from `<account-sign-in>`.
 * @fires account-selected - An account was chosen in the panel (or came back with a kept session); `detail` is
 *   `{accountId, accountName, token, expires, parentId?, restored?}`.
 * @fires session-expiring - As from `<account-sign-in>`.
 * @fires storefront-error - As from `<account-sign-in>`.
 *
 * @csspart base - The wrapper.
 * @csspart trigger - The button that opens the panel, or the menu of sign-in options (then also named `button`).
 * @csspart button - A sign-in button.
 * @csspart member - The member's name (or email) on the trigger and in the panel.
 * @csspart account - The chosen account on the trigger and in the panel.
 * @csspart panel - The panel of a signed-in member, and the menu of sign-in options.
 * @csspart heading - The top of the panel: the member and their email.
 * @csspart email - The member's email in the panel.
 * @csspart search - The search field of the accounts.
 * @csspart label - The visible name of the list of accounts.
 * @csspart count - How many accounts the list shows (a live status).
 * @csspart list - The list of accounts (a listbox, windowed).
 * @csspart item - One account; `selected` is added to the chosen one.
 * @csspart selected - The chosen account.
 * @csspart check - The mark of the chosen account.
 * @csspart name - The name of an account.
 * @csspart path - The accounts above a sub-account.
 * @csspart empty - A sentence instead of the list (no account, or none matching).
 * @csspart sign-out - The Sign out button.
 * @csspart menu - The menu of sign-in options; `menu-item` is each of them.
 * @csspart menu-item - One sign-in option of the menu.
 * @csspart message - A calm message, as in `<account-sign-in>`; `expiring` (under the button) once the session is
 *   about to end, with the `renew` button.
 * @csspart renew - "Stay signed in".
 * @csspart error - An error, with `error-message` and the `retry` button.
 */
export class AccountMenu extends SignInElement<AccountMenuTexts> {
  static override defaultTag = 'account-menu';
  static override styles = [...StorefrontElement.styles, accountMenuStyles];
  static override englishTexts = accountMenuTexts;

  /** Whether the panel (or the menu of sign-in options) is open. */
  @state() private open = false;
  /** What the search field holds. */
  @state() private query = '';
  /** The index, among the rows shown, of the account the arrow keys are on. */
  @state() private activeIndex = 0;

  /** The heights of the rows shown so far (a name or a path can take two lines), an estimate for the others. */
  #heights = new RowHeights(FIRST_GUESS);
  /** The rows rendered last: those in view and a few around them. */
  #shown = { start: 0, end: 0 };
  /** How far the list of accounts is scrolled, in pixels: which rows are rendered follows it. */
  #listScroll = 0;
  /** The row to scroll into view once it is rendered and measured (the arrow keys moved to it). */
  #reveal?: number;
  /** The keys typed in the list lately, and when the last came (type-ahead). */
  #typed = { text: '', at: 0 };
  /** Where focus goes after the next render: into the panel, or back to the trigger. */
  #focusNext?: 'panel' | 'trigger';

  /** The chosen account, if any. */
  get selectedAccount(): AccountSession | undefined {
    return this.#session()?.selectedAccount;
  }

  /** Opens the panel (signed in) or the menu of sign-in options, and moves focus into it. */
  show(): void {
    if (this.open) return;
    this.open = true;
    this.query = '';
    this.#forgetHeights();
    const selected = this.selectedAccount;
    this.activeIndex = Math.max(
      0,
      this.#rows().findIndex(({ account }) => account === selected),
    );
    this.#focusNext = 'panel';
    document.addEventListener('pointerdown', this.#onOutside, true);
  }

  /** Closes it; `returnFocus` puts focus back on the trigger. */
  hide(returnFocus = false): void {
    if (!this.open) return;
    this.open = false;
    if (returnFocus) this.#focusNext = 'trigger';
    document.removeEventListener('pointerdown', this.#onOutside, true);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.hide();
  }

  #onOutside = (event: Event): void => {
    if (!event.composedPath().includes(this)) this.hide();
  };

  /** Focus that left the element (Tab past the panel) closes it. */
  #onFocusOut = (event: FocusEvent): void => {
    const to = event.relatedTarget as Node | null;
    if (to && !this.renderRoot.contains(to) && !this.contains(to)) this.hide();
  };

  protected override sessionChanged(change: SessionChange): void {
    super.sessionChanged(change);
    if (change.type === 'failed') this.reportError(change.error);
    if (change.type === 'account-selected' && choiceTeller.tells(this, change)) {
      const { account, restored } = change;
      tellLasting(
        this,
        () => new AccountSelectedEvent(restored ? { ...account, restored } : { ...account }),
        () => this.#session()?.selectedAccount === account,
      );
    }
    // new tokens from a renewal in another tab leave the panel as it is
    if (change.type === 'signed-out') this.hide();
  }

  #session(): SharedSession | undefined {
    return this.service.session;
  }

  /** The rows worked out last, and what from: a render reads them several times, and hundreds take a while. */
  #rowsMade?: { from: unknown[]; rows: AccountRow[] };

  /** The accounts the panel shows now: the tree, or what matches the search. */
  #rows(): AccountRow[] {
    const session = this.#session();
    const accounts = session?.accounts ?? [];
    const options = { lastUsed: session?.selectedAccount?.accountId, query: this.query, locale: this.locale };
    const from = [accounts, ...Object.values(options)];
    if (this.#rowsMade?.from.every((value, i) => value === from[i])) return this.#rowsMade.rows;
    return (this.#rowsMade = { from, rows: accountRows(accounts, options) }).rows;
  }

  #choose(accountId: string): void {
    void choiceTeller.actAs(this, () => this.#session()?.select(accountId));
    this.hide(true);
  }

  #toggle = (): void => (this.open ? this.hide(true) : this.show());

  #onTriggerKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      this.show();
    }
  };

  /** Escape closes from anywhere in the panel, focus going back to the trigger. */
  #onPanelKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    this.hide(true);
  };

  /** Arrows, Home/End, Enter and type-ahead in the list (or the search field above it). */
  #onListKeydown = (event: KeyboardEvent): void => {
    const rows = this.#rows();
    const inSearch = (event.target as HTMLElement).localName === 'input';
    const n = rows.length;
    const i = this.activeIndex;
    // the arrows go round; Home and End move the search field's caret while it has focus
    const moves: Record<string, number> = {
      ArrowDown: (i + 1) % n,
      ArrowUp: (i - 1 + n) % n,
      PageDown: Math.min(n - 1, i + PAGE),
      PageUp: Math.max(0, i - PAGE),
    };
    if (!inSearch) Object.assign(moves, { Home: 0, End: n - 1 });
    const to = moves[event.key];
    if (to !== undefined && n) this.#moveTo(to);
    else if (event.key === 'Enter' || (event.key === ' ' && !inSearch)) {
      const row = rows[this.activeIndex];
      if (row) this.#choose(row.account.accountId);
    } else if (!inSearch && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      this.#typeAhead(event.key, rows);
    } else return;
    event.preventDefault();
  };

  /** Moves to the next account whose name starts with the keys typed lately. */
  #typeAhead(key: string, rows: AccountRow[]): void {
    const now = Date.now();
    const text = (now - this.#typed.at < TYPE_AHEAD_PAUSE ? this.#typed.text : '') + key.toLocaleLowerCase(this.locale);
    this.#typed = { text, at: now };
    // a new word starts after the current account; a word being typed may stay on it
    const from = text.length > 1 ? this.activeIndex : this.activeIndex + 1;
    const order = [...rows.slice(from), ...rows.slice(0, from)];
    const found = order.find(({ account }) => account.accountName.toLocaleLowerCase(this.locale).startsWith(text));
    if (found) this.#moveTo(rows.indexOf(found));
  }

  /** Makes row `index` the active one, scrolled into view once rendered. */
  #moveTo(index: number): void {
    this.activeIndex = index;
    this.#reveal = index;
  }

  /** Scrolls so that row `index` is in view, by the heights known. */
  #scrollTo(index: number): void {
    const top = this.#heights.offsetOf(index);
    const bottom = this.#heights.offsetOf(index + 1);
    const view = this.#viewHeight();
    if (top < this.#listScroll) this.#listScroll = top;
    else if (bottom > this.#listScroll + view) this.#listScroll = bottom - view;
  }

  #onSearch = (event: Event): void => {
    this.query = (event.target as HTMLInputElement).value;
    this.activeIndex = 0;
    this.#forgetHeights();
  };

  /** Other rows are shown (the panel opens, the search changes): the list starts at its top, nothing measured. */
  #forgetHeights(): void {
    this.#heights = new RowHeights(this.#heights.estimate || FIRST_GUESS);
    this.#listScroll = 0;
  }

  #onScroll = (event: Event): void => {
    const { scrollTop } = event.target as HTMLElement;
    if (Math.abs(scrollTop - this.#listScroll) < 1) return;
    this.#listScroll = scrollTop;
    this.requestUpdate();
  };

  #list(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('[part~=list]');
  }

  /** How tall the list shows, as far as known (before it is there: as tall as its style sheet lets it grow). */
  #viewHeight(): number {
    return this.#list()?.clientHeight || 400;
  }

  /**
   * The rows to render: those in view of the list's scroll, a few around them, and the active one (the list's
   * `aria-activedescendant` names it), with the rows between.
   */
  #window(count: number): { start: number; end: number } {
    const heights = this.#heights;
    heights.count = count;
    if (this.#reveal !== undefined) this.#scrollTo(this.#reveal);
    const active = Math.min(this.activeIndex, count - 1);
    const start = Math.max(0, Math.min(active, heights.indexAt(this.#listScroll) - OVERSCAN));
    const end = Math.min(
      count,
      Math.max(active + 1, heights.indexAt(this.#listScroll + this.#viewHeight()) + OVERSCAN + 1),
    );
    return (this.#shown = { start, end });
  }

  protected override updated(): void {
    super.updated();
    const root = this.renderRoot as ShadowRoot;
    const list = this.#list();
    if (list) {
      const heights = this.#heights;
      for (const row of list.querySelectorAll<HTMLElement>('[part~=item]')) {
        heights.measure(Number(row.dataset.index), row.getBoundingClientRect().height);
      }
      // the rows not rendered keep their room, so the scrollbar is the whole list's (a style sheet rule cannot say
      // how tall they are; the object model's styles are allowed by a strict Content Security Policy)
      const { start, end } = this.#shown;
      const [before, after] = list.querySelectorAll<HTMLElement>('.spacer');
      before.style.blockSize = `${heights.offsetOf(start)}px`;
      after.style.blockSize = `${heights.offsetOf(heights.count) - heights.offsetOf(end)}px`;
      // the row moved to, now measured, goes fully into view
      if (this.#reveal !== undefined && this.#reveal >= start && this.#reveal < end) {
        this.#scrollTo(this.#reveal);
        this.#reveal = undefined;
      }
      if (Math.abs(list.scrollTop - this.#listScroll) >= 1) list.scrollTop = this.#listScroll;
      // rows shorter than the estimate leave rows in view out of the window
      if (end < heights.count && heights.indexAt(this.#listScroll + list.clientHeight) >= end) this.requestUpdate();
    }
    const focus = this.#focusNext;
    this.#focusNext = undefined;
    if (focus === 'trigger') root.querySelector<HTMLElement>('[part~=trigger]')?.focus();
    if (focus === 'panel') {
      const target =
        root.querySelector<HTMLElement>('[part~=search]') ??
        list ??
        root.querySelector<HTMLElement>('[part~=menu-item]:not([disabled]), [part~=sign-out]');
      target?.focus();
    }
  }

  protected override renderButtons(options?: SignInOptions): TemplateResult | undefined {
    if (!options || options.profiles.length < 2) return super.renderButtons(options);
    const { authorizationClientId, profiles } = options;
    const texts = this.shownTexts;
    return html`<button
        part="trigger button"
        class="primary"
        type="button"
        aria-haspopup="menu"
        aria-expanded=${this.open}
        aria-controls="menu"
        ?disabled=${!!this.starting}
        @click=${this.#toggle}
        @keydown=${this.#onTriggerKeydown}
      >
        ${texts.signInMenuLabel}
      </button>
      ${
        this.open
          ? html`<div
              id="menu"
              part="panel menu"
              role="menu"
              aria-label=${texts.signInOptionsLabel}
              @keydown=${this.#onMenuKeydown}
              @focusout=${this.#onFocusOut}
            >
              ${profiles.map(
                (profile) =>
                  html`<button
                    part="menu-item"
                    role="menuitem"
                    type="button"
                    tabindex="-1"
                    @click=${() => (this.hide(), this.start(profile, authorizationClientId))}
                  >
                    ${profile.name?.trim() || texts.signInFallbackLabel}
                  </button>`,
              )}
            </div>`
          : nothing
      }`;
  }

  /** The menu of sign-in options: arrows, Home/End and first letters move focus; Escape closes. */
  #onMenuKeydown = (event: KeyboardEvent): void => {
    const items = [...this.renderRoot.querySelectorAll<HTMLElement>('[part~=menu-item]')];
    const i = items.indexOf(this.renderRoot.querySelector(':focus') as HTMLElement);
    const n = items.length;
    const key = event.key;
    const moves: Record<string, number> = { ArrowDown: i + 1, ArrowUp: i - 1 + n, Home: 0, End: n - 1 };
    let to: number | undefined = moves[key];
    if (key.length === 1 && key !== ' ') {
      const order = [...items.slice(i + 1), ...items.slice(0, i + 1)];
      const letter = key.toLocaleLowerCase(this.locale);
      const found = order.find((item) => item.textContent!.trim().toLocaleLowerCase(this.locale).startsWith(letter));
      to = found ? items.indexOf(found) : undefined;
    }
    if (key === 'Escape') this.#onPanelKeydown(event);
    else if (to !== undefined) {
      event.preventDefault();
      items[to % n]?.focus();
    }
  };

  protected override renderSignedIn(session: SharedSession): TemplateResult {
    const texts = this.shownTexts;
    const { member, selectedAccount } = session;
    const who = member?.name || member?.email || texts.signedInText;
    const count = session.accounts.length;
    const acting = selectedAccount?.accountName ?? (count ? texts.chooseAccountText : '');
    return html`<button
        part="trigger"
        type="button"
        aria-haspopup="dialog"
        aria-expanded=${this.open}
        aria-controls="panel"
        @click=${this.#toggle}
        @keydown=${this.#onTriggerKeydown}
      >
        <span part="member" dir="auto">${who}</span>
        ${acting ? html`<span part="account" dir="auto">${acting}</span>` : nothing}
      </button>
      ${this.renderExpiring()} ${this.open ? this.#renderPanel(session, who) : nothing}`;
  }

  #renderPanel(session: SharedSession, who: string): TemplateResult {
    const texts = this.shownTexts;
    const email = session.member?.email;
    return html`<div
      id="panel"
      part="panel"
      role="dialog"
      aria-label=${texts.panelLabel}
      @keydown=${this.#onPanelKeydown}
      @focusout=${this.#onFocusOut}
    >
      <div part="heading">
        <span part="member" dir="auto">${who}</span>
        ${email && email !== who ? html`<span part="email" dir="auto">${email}</span>` : nothing}
      </div>
      ${session.accounts.length ? this.#renderAccounts(session) : html`<p part="empty">${texts.noAccountsText}</p>`}
      <button part="sign-out" type="button" @click=${() => (this.hide(), this.signOut(), this.focusButton())}>
        ${texts.signOutLabel}
      </button>
    </div>`;
  }

  #renderAccounts(session: SharedSession): TemplateResult {
    const texts = this.shownTexts;
    const rows = this.#rows();
    const searching = session.accounts.length >= SEARCH_FROM;
    const active = rows[this.activeIndex] ? `option-${this.activeIndex}` : '';
    const { start, end } = this.#window(rows.length);
    const selectedId = session.selectedAccount?.accountId;
    return html`${
        searching
          ? html`<input
              part="search"
              type="search"
              role="combobox"
              autocomplete="off"
              spellcheck="false"
              aria-label=${texts.searchLabel}
              placeholder=${texts.searchLabel}
              aria-controls="accounts"
              aria-expanded="true"
              aria-autocomplete="list"
              aria-activedescendant=${active}
              .value=${this.query}
              @input=${this.#onSearch}
              @keydown=${this.#onListKeydown}
            />`
          : html`<span part="label" id="accounts-label">${texts.accountsLabel}</span>`
      }
      <span part="count" role="status"
        >${
          rows.length || !this.query.trim()
            ? this.fill(texts.accountsCountText, { count: rows.length })
            : this.fill(texts.noMatchText, { query: this.query.trim() })
        }</span
      >
      ${
        rows.length
          ? html`<ul
              id="accounts"
              part="list"
              class=${searching ? 'searching' : ''}
              role="listbox"
              aria-label=${texts.accountsLabel}
              tabindex=${searching ? -1 : 0}
              aria-activedescendant=${searching ? nothing : active}
              @keydown=${this.#onListKeydown}
              @scroll=${this.#onScroll}
            >
              <li class="spacer" role="none"></li>
              ${rows.slice(start, end).map((row, offset) => {
                const index = start + offset;
                const { accountId, accountName } = row.account;
                const selected = accountId === selectedId;
                return html`<li
                  id="option-${index}"
                  data-index=${index}
                  part="item ${selected ? 'selected' : ''}"
                  class="level-${Math.min(row.level, 3)} ${index === this.activeIndex ? 'active' : ''}"
                  role="option"
                  aria-selected=${selected}
                  aria-setsize=${rows.length}
                  aria-posinset=${index + 1}
                  @click=${() => this.#choose(accountId)}
                >
                  <span part="check" aria-hidden="true">${selected ? '✓' : ''}</span>
                  <span part="name" dir="auto">${accountName}</span>
                  ${
                    row.ancestors.length
                      ? html`<span part="path"
                          >${this.fillNaming(texts.inAccountText, { path: row.ancestors.join(' › ') })}</span
                        >`
                      : nothing
                  }
                </li>`;
              })}
              <li class="spacer" role="none"></li>
            </ul>`
          : nothing
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'account-menu': AccountMenu;
  }
}
