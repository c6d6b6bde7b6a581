import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { SessionChange, SessionStorageMode } from '../../auth/session.js';
import { AccountSelectedEvent, type AccountSession } from '../../events.js';
import { SessionController } from '../account-sign-in/session-controller.js';
import { StorefrontElement } from '../shared/storefront-element.js';
import { accountPickerStyles } from './account-picker.styles.js';
import { nextIndex } from './keys.js';

/**
 * The accounts the signed-in member may act for, to choose one. Reads the page's shared session of its
 * `client-id` (filled by `<account-sign-in>`) and writes the choice back to it, so elements that follow the
 * session (the catalog list) switch to that account's token. A host can pass `accounts` itself instead.
 *
 * @summary Choose the account to act for, after signing in.
 *
 * @fires account-selected - An account was chosen (or the only one was chosen by itself); `detail` is `{accountId, accountName, token, expires}`.
 *
 * @csspart base - The wrapper.
 * @csspart label - The visible label of the list.
 * @csspart list - The list of accounts (a listbox: arrow keys, Home/End move, Enter/Space choose).
 * @csspart item - One account; `selected` is added to the chosen one.
 * @csspart selected - The chosen account.
 * @csspart check - The mark of the chosen account.
 * @csspart name - The name of an account.
 * @csspart empty - A sentence instead of the list: signed out (`signed-out`), or no account yet (`no-accounts`).
 *
 * @cssproperty --storefront-color-text - Text colour.
 * @cssproperty --storefront-color-muted - The empty sentence.
 * @cssproperty --storefront-color-surface - Background of the items.
 * @cssproperty --storefront-color-surface-alt - Background of a hovered item.
 * @cssproperty --storefront-color-border - Borders.
 * @cssproperty --storefront-color-accent - The chosen item and its mark.
 * @cssproperty --storefront-color-focus - Focus ring.
 * @cssproperty --storefront-font-family - Font.
 * @cssproperty --storefront-font-size - Font size.
 * @cssproperty --storefront-radius - Corner radius.
 * @cssproperty --storefront-space - Spacing unit.
 */
export class AccountPicker extends StorefrontElement {
  static override defaultTag = 'account-picker';
  static override styles = [...StorefrontElement.styles, accountPickerStyles];

  /** The store client whose shared session is shown (the same `client-id` as `<account-sign-in>`). */
  @property({ attribute: 'client-id' }) clientId = '';

  /** `session` or `memory`; unset leaves the shared session's storage as `<account-sign-in>` chose it. */
  @property() storage?: SessionStorageMode;

  /** Accessible (and visible) name of the list. */
  @property() label = 'Account';

  /** The accounts to show instead of the session's (e.g. from a `signed-in` event). Property only. */
  @property({ attribute: false }) accounts?: AccountSession[];

  /** Shown while nobody is signed in. */
  @property({ attribute: 'signed-out-text' }) signedOutText = 'Sign in to choose an account.';

  /** Shown when the member signed in but belongs to no account. */
  @property({ attribute: 'no-accounts-text' }) noAccountsText =
    'Your sign-in worked, but the store has not added you to an account yet. Please ask the store to add you, then sign in again.';

  /** The chosen account when `accounts` is given by the host. */
  @state() private _hostSelectedId?: string;
  /** The item that takes the focus (roving tabindex). */
  @state() private _activeId?: string;

  readonly #session = new SessionController(this, {
    clientId: () => this.clientId,
    storage: () => (this.storage === 'memory' || this.storage === 'session' ? this.storage : undefined),
    onChange: (change) => this.#onSessionChange(change),
  });

  /** The accounts shown: the host's, or the session's. */
  get shownAccounts(): readonly AccountSession[] {
    return this.accounts ?? this.#session.session?.accounts ?? [];
  }

  /** The chosen account, if any. */
  get selectedAccount(): AccountSession | undefined {
    if (this.accounts) return this.accounts.find((account) => account.accountId === this._hostSelectedId);
    return this.#session.session?.selectedAccount;
  }

  /** Chooses the account with this id; returns it, or undefined when it is not shown. */
  select(accountId: string): AccountSession | undefined {
    const account = this.shownAccounts.find((candidate) => candidate.accountId === accountId);
    if (!account) return undefined;
    this._activeId = accountId;
    if (this.accounts) {
      if (this._hostSelectedId === accountId) return account;
      this._hostSelectedId = accountId;
      const session = this.#session.session;
      if (session?.accounts.some((candidate) => candidate.accountId === accountId)) session.select(accountId);
      this.dispatchEvent(new AccountSelectedEvent({ ...account }));
      return account;
    }
    // The session tells every listener, this element included (see #onSessionChange).
    return this.#session.session?.select(accountId);
  }

  #onSessionChange(change: SessionChange): void {
    if (this.accounts) return;
    if (change.type === 'account-selected') {
      this._activeId = change.account.accountId;
      this.dispatchEvent(new AccountSelectedEvent({ ...change.account }));
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const accounts = this.shownAccounts;
    // One account only: it is the one to act for, without a click.
    if (accounts.length === 1 && !this.selectedAccount) this.select(accounts[0].accountId);
  }

  #onKeydown(event: KeyboardEvent): void {
    const accounts = this.shownAccounts;
    if (accounts.length === 0) return;
    const current = accounts.findIndex((account) => account.accountId === this.#activeId());
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (current >= 0) this.select(accounts[current].accountId);
      return;
    }
    const next = nextIndex(event.key, current, accounts.length);
    if (next === undefined) return;
    event.preventDefault();
    this._activeId = accounts[next].accountId;
    void this.updateComplete.then(() => this.#focusActive());
  }

  #focusActive(): void {
    this.renderRoot.querySelector<HTMLElement>('[part~="item"][tabindex="0"]')?.focus();
  }

  #activeId(): string | undefined {
    const accounts = this.shownAccounts;
    const known = (id?: string) => (id && accounts.some((account) => account.accountId === id) ? id : undefined);
    return known(this._activeId) ?? known(this.selectedAccount?.accountId) ?? accounts[0]?.accountId;
  }

  override render(): TemplateResult {
    return html`<div part="base">${this.#renderContent()}</div>`;
  }

  #renderContent(): TemplateResult {
    const session = this.#session.session;
    if (!this.accounts && !session?.signedIn) {
      return html`<p part="empty signed-out" role="status">${this.signedOutText}</p>`;
    }
    const accounts = this.shownAccounts;
    if (accounts.length === 0) {
      return html`<p part="empty no-accounts" role="status">${this.noAccountsText}</p>`;
    }
    const selectedId = this.selectedAccount?.accountId;
    const activeId = this.#activeId();
    return html`<span part="label" id="label">${this.label}</span>
      <ul part="list" role="listbox" aria-labelledby="label" @keydown=${this.#onKeydown}>
        ${repeat(
          accounts,
          (account) => account.accountId,
          (account) => {
            const selected = account.accountId === selectedId;
            return html`<li
              part=${selected ? 'item selected' : 'item'}
              role="option"
              aria-selected=${selected ? 'true' : 'false'}
              tabindex=${account.accountId === activeId ? '0' : '-1'}
              data-account-id=${account.accountId}
              @click=${() => this.select(account.accountId)}
            >
              <span part="check" aria-hidden="true">${selected ? '✓' : nothing}</span>
              <span part="name">${account.accountName}</span>
            </li>`;
          },
        )}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'account-picker': AccountPicker;
  }
}
