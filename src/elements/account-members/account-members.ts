import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { StorefrontClient } from '../../api/client.js';
import { type FilterExpression, type MemberFilterAttribute, contains, eq } from '../../api/query.js';
import type { AccountMember } from '../../api/types.js';
import { MemberSelectedEvent } from '../../events.js';
import { type PageRequest, PagedTableElement, type RowFields, type TablePage } from '../shared/paged-table.js';
import { fill, pageInfo } from '../shared/pager.js';
import { accountMembersStyles } from './account-members.styles.js';

/**
 * The store's account members, for an operator: search by email (exact) or name (contains), sort by any
 * column, page through them, and choose one.
 *
 * @summary Operator directory of the store's account members.
 *
 * @fires member-selected - A row was chosen (click, or Enter/Space on its button); `detail.member` is the resource.
 * @fires storefront-error - Loading failed; `detail.error` is a StorefrontError (`http_error` with `status`, `network_error`, ...).
 *
 * @csspart search - The search form.
 * @csspart search-field - The choice of what to search (name or email).
 * @csspart search-input - The search text box.
 * @csspart search-button - Submits the search.
 * @csspart clear-button - Clears the search (shown while one is active).
 * @csspart table - The table of members; `aria-busy` while a page loads.
 * @csspart header - Each column header (`header-name`, `header-email`, ... name the column).
 * @csspart sort-button - The button of a column header that sorts by it.
 * @csspart sort-indicator - The arrow of a sort button.
 * @csspart row - A member row (`selected` is added to the chosen one).
 * @csspart row-button - The button of a row that chooses it.
 * @csspart cell - Each cell (`cell-name`, `cell-email`, ... name the column).
 * @csspart empty - The sentence of an empty result.
 * @csspart pager - The paging controls.
 * @csspart page-button - First, previous, next and last (`page-first`, ... name each).
 * @csspart page-status - "Showing 26–50 of 312".
 * @csspart page-size - The page size choice.
 * @csspart loading - The loading status; `spinner` is its spinner.
 * @csspart error - An error, with `error-message` and the `retry` button.
 * @csspart not-configured - Shown until `base-url` and `accessToken` are set.
 * @csspart table-wrapper - The scrolling box around the table.
 * @csspart header-row - The row of column headers.
 * @csspart sort-label - The text of a sort button.
 * @csspart empty-row - The row holding the empty sentence.
 * @csspart page-size-label - The label around the page size choice.
 *
 * @cssproperty --storefront-color-text - Text colour.
 * @cssproperty --storefront-color-muted - Secondary text.
 * @cssproperty --storefront-color-surface - Background.
 * @cssproperty --storefront-color-surface-alt - Header and striped rows.
 * @cssproperty --storefront-color-border - Borders.
 * @cssproperty --storefront-color-accent - Buttons and the chosen row.
 * @cssproperty --storefront-color-accent-text - Text on accent.
 * @cssproperty --storefront-color-danger - Errors.
 * @cssproperty --storefront-color-focus - Focus ring.
 * @cssproperty --storefront-font-family - Font.
 * @cssproperty --storefront-font-size - Font size.
 * @cssproperty --storefront-radius - Corner radius.
 * @cssproperty --storefront-space - Spacing unit.
 */
export class AccountMembers extends PagedTableElement<AccountMember> {
  static override defaultTag = 'account-members';
  static override styles = [...PagedTableElement.styles, accountMembersStyles];

  /** What the search looks at: `name` (contains, any case) or `email` (the exact address). */
  @property({ attribute: 'filter-field', reflect: true }) filterField: MemberFilterAttribute = 'name';

  /** The search text; empty lists every member. */
  @property({ attribute: 'filter-value', reflect: true }) filterValue = '';

  /** Accessible name of the table. */
  @property({ attribute: 'table-label' }) tableCaption = 'Store members';
  /** Accessible name of the search form. */
  @property({ attribute: 'search-label' }) searchLabel = 'Search members';
  /** Label of the field choice. */
  @property({ attribute: 'search-field-label' }) searchFieldLabel = 'Search by';
  /** Label of the search text box. */
  @property({ attribute: 'search-input-label' }) searchInputLabel = 'Search for';
  /** Label of the search button. */
  @property({ attribute: 'search-button-label' }) searchButtonLabel = 'Search';
  /** Label of the clear button. */
  @property({ attribute: 'clear-label' }) clearLabel = 'Clear search';
  /** Empty result of a search; `{value}` is replaced by the search text. */
  @property({ attribute: 'no-match-text' }) noMatchText = 'No members match “{value}”.';
  /** Empty store. */
  @property({ attribute: 'empty-text' }) emptyStoreText = 'The store has no members yet.';

  protected override queryArgs(): unknown[] {
    return [this.#field, this.filterValue.trim()];
  }

  protected override pageResetKeys(): string[] {
    return [...super.pageResetKeys(), 'filterField', 'filterValue'];
  }

  get #field(): MemberFilterAttribute {
    return this.filterField === 'email' ? 'email' : 'name';
  }

  protected override async loadPage(
    client: StorefrontClient,
    request: PageRequest,
    signal: AbortSignal,
  ): Promise<TablePage<AccountMember>> {
    const value = this.filterValue.trim();
    let filter: FilterExpression<MemberFilterAttribute> | undefined;
    if (value !== '') filter = this.#field === 'email' ? eq('email', value) : contains('name', value);
    const envelope = await client.listMembers({ ...request, filter }, { signal });
    return { rows: envelope.data, info: pageInfo(envelope, request) };
  }

  protected override fields(member: AccountMember): RowFields {
    return {
      id: member.id,
      name: member.name,
      email: member.email,
      created_at: member.meta?.timestamps?.created_at ?? '',
      updated_at: member.meta?.timestamps?.updated_at ?? '',
    };
  }

  protected override onRowChosen(member: AccountMember): void {
    this.dispatchEvent(new MemberSelectedEvent({ member }));
  }

  protected override tableLabel(): string {
    return this.tableCaption;
  }

  protected override emptyText(): string {
    const value = this.filterValue.trim();
    return value === '' ? this.emptyStoreText : fill(this.noMatchText, { value });
  }

  #submit(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    this.filterField = data.get('field') === 'email' ? 'email' : 'name';
    this.filterValue = String(data.get('value') ?? '').trim();
    this.page = 1;
  }

  #clear(): void {
    this.filterValue = '';
    this.page = 1;
    const input = this.renderRoot.querySelector<HTMLInputElement>('[part~="search-input"]');
    if (input) {
      input.value = '';
      input.focus();
    }
  }

  protected override renderToolbar(): TemplateResult {
    const field = this.#field;
    return html`<form part="search" role="search" aria-label=${this.searchLabel} @submit=${this.#submit}>
      <label part="search-field-label">
        <span>${this.searchFieldLabel}</span>
        <select part="search-field" name="field">
          <option value="name" ?selected=${field === 'name'}>${this.nameLabel}</option>
          <option value="email" ?selected=${field === 'email'}>${this.emailLabel}</option>
        </select>
      </label>
      <label part="search-input-label">
        <span>${this.searchInputLabel}</span>
        <input part="search-input" type="search" name="value" autocomplete="off" .value=${this.filterValue} />
      </label>
      <button part="search-button" class="primary" type="submit">${this.searchButtonLabel}</button>
      ${this.filterValue
        ? html`<button part="clear-button" type="button" @click=${this.#clear}>${this.clearLabel}</button>`
        : nothing}
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'account-members': AccountMembers;
  }
}
