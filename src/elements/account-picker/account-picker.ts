import { html, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { AccountSelectedEvent, type AccountSession } from '../../events.js';
import { type AccountRow, accountRows } from '../../internal/account-tree.js';
import { SessionController } from '../../internal/session-controller.js';
import { StorefrontElement } from '../../internal/storefront-element.js';
import { choiceTeller } from '../../internal/teller.js';
import { tellLasting } from '../../internal/told-events.js';
import { WithSession } from '../../internal/with-session.js';
import { accountPickerStyles } from './account-picker.styles.js';
import { type AccountPickerTexts, accountPickerTexts } from './account-picker.texts.js';

/**
 * The accounts the signed-in member may act for, to choose one, sub-accounts under their parents (for hundreds of
 * accounts, `<account-menu>` has a search and shows only the rows in view). Reads the page's shared session of its
 * `client-id` (filled by `<account-sign-in>`) and writes the choice back to it, so elements that follow the
 * session (the catalog list) switch to that account's token. A host can pass `accounts` itself instead.
 *
 * @summary Choose the account to act for, after signing in.
 *
 * @fires account-selected - An account was chosen (or the only one was chosen by itself); `detail` is
 *   `{accountId, accountName, token, expires, restored?}`, `restored: true` when the choice came back with a kept
 *   session (on load, after `signed-in`). Always after `signed-in`.
 *
 * @csspart base - The wrapper.
 * @csspart label - The visible label of the list.
 * @csspart list - The list of accounts (a listbox: arrow keys, Home/End move, Enter/Space choose).
 * @csspart item - One account; `selected` is added to the chosen one, `sub-account` to one shown under its parent.
 * @csspart selected - The chosen account.
 * @csspart check - The mark of the chosen account.
 * @csspart name - The name of an account.
 * @csspart empty - A sentence instead of the list: signed out (`signed-out`), or no account yet (`no-accounts`).
 */
export class AccountPicker extends WithSession(StorefrontElement)<AccountPickerTexts> {
  static override defaultTag = 'account-picker';
  static override styles = [...StorefrontElement.styles, accountPickerStyles];
  static override englishTexts = accountPickerTexts;
  /** The accounts to show instead of the session's (e.g. from a `signed-in` event). Property only. */
  @property({ attribute: false }) accounts?: AccountSession[];

  /** The chosen account when `accounts` is given by the host. */
  @state() private chosen?: string;
  /** The item that takes the focus (roving tabindex). */
  @state() private active?: string;

  readonly #session = new SessionController(this, (change) => {
    // the store's server could not make the choice (`session-endpoint`): the one in force stays, and the page hears why
    if (change.type === 'failed') this.reportError(change.error);
    if (!this.accounts && change.type === 'account-selected' && choiceTeller.tells(this, change)) {
      const { account, restored } = change;
      this.active = account.accountId;
      tellLasting(
        this,
        () => new AccountSelectedEvent(restored ? { ...account, restored } : { ...account }),
        () => this.selectedAccount === account,
      );
    }
  });

  /** The accounts shown, in the order shown (sub-accounts under their parents): the host's, or the session's. */
  get shownAccounts(): readonly AccountSession[] {
    return this.#rows().map((row) => row.account);
  }

  /** The accounts as the tree of accounts and sub-accounts the menu shows too. */
  #rows(): AccountRow[] {
    return accountRows(this.accounts ?? this.#session.session?.accounts ?? []);
  }

  /** The chosen account, if any. */
  get selectedAccount(): AccountSession | undefined {
    return this.accounts ? find(this.accounts, this.chosen) : this.#session.session?.selectedAccount;
  }

  /** Chooses the account with this id; returns it, or undefined when it is not shown. */
  select(accountId: string): AccountSession | undefined {
    const account = find(this.shownAccounts, accountId);
    if (!account) return;
    this.active = accountId;
    const session = this.#session.session;
    // With the session's accounts, the session tells every listener, and this element the page.
    if (!this.accounts) {
      void choiceTeller.actAs(this, () => session?.select(accountId));
      return account;
    }
    if (this.chosen !== accountId) {
      this.chosen = accountId;
      session?.select(accountId);
      this.dispatchEvent(new AccountSelectedEvent({ ...account }));
    }
    return account;
  }

  protected override willUpdate(): void {
    const accounts = this.shownAccounts;
    // One account only: it is the one to act for, without a click.
    if (accounts.length === 1 && !this.selectedAccount) this.select(accounts[0].accountId);
  }

  #onKeydown(event: KeyboardEvent): void {
    const accounts = this.shownAccounts;
    const n = accounts.length;
    const i = accounts.indexOf(find(accounts, this.#activeId())!);
    const key = event.key;
    const next = { Home: 0, End: n - 1, ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i + n - 1, ArrowLeft: i + n - 1 }[
      key
    ];
    if (key === 'Enter' || key === ' ') this.select(accounts[i].accountId);
    else if (next === undefined) return;
    else {
      this.active = accounts[next % n].accountId;
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[tabindex="0"]')?.focus());
    }
    event.preventDefault();
  }

  /** The id of the item that takes the focus: the last one moved to, else the chosen one, else the first. */
  #activeId(): string | undefined {
    const accounts = this.shownAccounts;
    return (find(accounts, this.active) ?? find(accounts, this.selectedAccount?.accountId) ?? accounts[0])?.accountId;
  }

  override render(): TemplateResult {
    const rows = this.#rows();
    const selectedId = this.selectedAccount?.accountId;
    const activeId = this.#activeId();
    return html`<div part="base">
      ${
        !this.accounts && !this.#session.session?.signedIn
          ? html`<p part="empty signed-out" role="status">${this.shownTexts.signedOutText}</p>`
          : rows.length
            ? html`<span part="label" id="label">${this.shownTexts.listLabel}</span>
                <ul part="list" role="listbox" aria-labelledby="label" @keydown=${this.#onKeydown}>
                  ${rows.map(
                    ({ account: { accountId: id, accountName }, level }) =>
                      html`<li
                        part="item ${id === selectedId ? 'selected' : ''} ${level ? 'sub-account' : ''}"
                        class="level-${Math.min(level, 3)}"
                        role="option"
                        aria-selected=${id === selectedId}
                        tabindex=${id === activeId ? 0 : -1}
                        @click=${() => this.select(id)}
                      >
                        <span part="check" aria-hidden="true">${id === selectedId ? '✓' : ''}</span>
                        <span part="name" dir="auto">${accountName}</span>
                      </li>`,
                  )}
                </ul>`
            : html`<p part="empty no-accounts" role="status">${this.shownTexts.noAccountsText}</p>`
      }
    </div>`;
  }
}

function find(accounts: readonly AccountSession[], id?: string): AccountSession | undefined {
  return accounts.find((account) => account.accountId === id);
}

declare global {
  interface HTMLElementTagNameMap {
    'account-picker': AccountPicker;
  }
}
