import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { Connection } from '../../api/connection.js';
import { listMembers } from '../../api/operator-endpoints.js';
import { contains, eq } from '../../api/query.js';
import type { AccountMember } from '../../api/types.js';
import { MemberSelectedEvent } from '../../operator-events.js';
import { type PageRequest, PagedTableElement, type RowFields, type TablePage } from '../../internal/paged-table.js';
import { type AccountMembersTexts, accountMembersTexts } from './account-members.texts.js';

/**
 * The store's account members, for an operator: search by email (exact) or name (contains), sort by any
 * column, page through them, and choose one.
 *
 * @summary Operator directory of the store's account members.
 *
 * @fires member-selected - A row was chosen (click, or Enter/Space on its button); `detail.member` is the
 *   resource.
 * @fires storefront-error - Loading failed; `detail.error` is a StorefrontError (`http_error` with `status`,
 *   `network_error`, ...).
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
 */
export class AccountMembers extends PagedTableElement<AccountMember, AccountMembersTexts> {
  static override defaultTag = 'account-members';
  static override englishTexts = accountMembersTexts;

  /** What the search looks at: `name` (contains, any case) or `email` (the exact address). */
  @property({ attribute: 'filter-field', reflect: true }) filterField: 'name' | 'email' = 'name';

  /** The search text; empty lists every member. */
  @property({ attribute: 'filter-value', reflect: true }) filterValue = '';

  protected override query(): unknown[] {
    return [this.filterField, this.filterValue];
  }

  protected override async load(
    connection: Connection,
    request: PageRequest,
    signal: AbortSignal,
  ): Promise<TablePage<AccountMember>> {
    const value = this.filterValue;
    const filter = value ? (this.filterField === 'email' ? eq('email', value) : contains('name', value)) : undefined;
    const { data: rows, meta } = await listMembers(connection, { ...request, filter }, { signal });
    return { rows, meta };
  }

  protected override cells(member: AccountMember): RowFields {
    return { ...member, ...member.meta.timestamps };
  }

  protected override choose(member: AccountMember): void {
    this.dispatchEvent(new MemberSelectedEvent({ member }));
  }

  protected override empty(): string {
    return this.filterValue
      ? this.fill(this.shownTexts.noMatchText, { value: this.filterValue })
      : this.shownTexts.emptyText;
  }

  protected override toolbar(): TemplateResult {
    // the property, not the attribute: an attribute no longer moves a choice the user has made
    return html`<form
      part="search"
      role="search"
      aria-label=${this.shownTexts.tableLabel}
      @submit=${(event: SubmitEvent) => {
        event.preventDefault();
        const data = new FormData(event.target as HTMLFormElement);
        this.filterField = data.get('field') as 'name' | 'email';
        this.filterValue = (data.get('value') as string).trim();
        this.page = 1;
      }}
    >
      <select part="search-field" name="field" aria-label=${this.shownTexts.searchLabel}>
        <option value="name">${this.shownTexts.nameLabel}</option>
        <option value="email" .selected=${this.filterField === 'email'}>${this.shownTexts.emailLabel}</option>
      </select>
      <input
        part="search-input"
        type="search"
        name="value"
        autocomplete="off"
        aria-label=${this.shownTexts.searchLabel}
        .value=${this.filterValue}
      />
      <button part="search-button" class="primary">${this.shownTexts.searchLabel}</button>
      ${
        this.filterValue
          ? html`<button
              part="clear-button"
              type="button"
              @click=${() => {
                this.filterValue = '';
                this.renderRoot.querySelector('input')?.focus();
              }}
            >
              ${this.shownTexts.clearLabel}
            </button>`
          : nothing
      }
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'account-members': AccountMembers;
  }
}
