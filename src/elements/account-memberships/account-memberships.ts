import { TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { type StorefrontError, toStorefrontError } from '../../api/errors.js';
import type { Connection } from '../../api/connection.js';
import { createMembership, listMemberships, listUnassignedMembers } from '../../api/operator-endpoints.js';
import { eq } from '../../api/query.js';
import type { AccountMember } from '../../api/types.js';
import { type PageRequest, PagedTableElement, type RowFields, type TablePage } from '../../internal/paged-table.js';
import { renderEmpty, renderError, renderLoading } from '../../internal/status.js';
import { MembershipCreatedEvent } from '../../operator-events.js';
import { type AccountMembershipsTexts, accountMembershipsTexts } from './account-memberships.texts.js';

/**
 * The memberships of one account with their members' names and emails (one request, `include=account_member`),
 * sorted and paged; an operator adds an unassigned member to the account from the "Add member" panel.
 *
 * @summary Operator view of one account's memberships, with "Add member".
 *
 * @fires membership-created - A membership was made; `detail` is `{membership, member}`.
 * @fires storefront-error - Loading or adding failed; `detail.error` is a StorefrontError (`http_error` with
 *   `status` 404 for an unknown account, 409 for an existing membership, ...).
 *
 * @csspart actions - The row holding the add button and the announcement.
 * @csspart add-button - Opens and closes the add panel.
 * @csspart announcement - The polite live region that says a member was added.
 * @csspart add-panel - The form listing the account's unassigned members.
 * @csspart add-heading - The panel's heading.
 * @csspart candidate-filter - The text box narrowing the candidates (shown for more than 50).
 * @csspart candidates - The group of candidates.
 * @csspart candidate - One unassigned member (a label with a radio button `candidate-radio`), with
 *   `candidate-name` and `candidate-email`.
 * @csspart add-actions - The Add and Cancel buttons.
 * @csspart add-confirm - Creates the membership.
 * @csspart add-cancel - Closes the panel.
 * @csspart table - The memberships; `aria-busy` while a page loads.
 * @csspart header - Each column header (`header-name`, ... name the column).
 * @csspart sort-button - The button of a column header that sorts by it.
 * @csspart sort-indicator - The arrow of a sort button.
 * @csspart row - A membership row.
 * @csspart cell - Each cell (`cell-name`, `cell-email`, ... name the column).
 * @csspart empty - The sentence of an empty list.
 * @csspart pager - The paging controls.
 * @csspart page-button - First, previous, next and last (`page-first`, ... name each).
 * @csspart page-status - "Showing 26–50 of 312".
 * @csspart page-size - The page size choice.
 * @csspart loading - A loading status; `spinner` is its spinner.
 * @csspart error - An error, with `error-message` and the `retry` button.
 * @csspart not-configured - Shown until `base-url`, `account-id` and `accessToken` are set.
 * @csspart table-wrapper - The scrolling box around the table.
 */
export class AccountMemberships extends PagedTableElement<RowFields, AccountMembershipsTexts> {
  static override defaultTag = 'account-memberships';
  static override englishTexts = accountMembershipsTexts;

  /** The account whose memberships are shown. */
  @property({ attribute: 'account-id', reflect: true }) accountId = '';

  /** Shows only the membership of this account member (`eq(account_member_id, …)`); empty shows all. */
  @property({ attribute: 'member-id', reflect: true }) memberId = '';

  /** The "Add member" panel. */
  @state() private open = false;
  /** The candidate's id rather than the candidate: a reload of the candidates keeps the choice. */
  @state() private chosen = '';
  /** What the operator typed to narrow a long list of candidates. */
  @state() private narrow = '';
  /** Said politely after a member was added. */
  @state() private announcement = '';
  /** What a failed add says, and whether trying again can help. */
  @state() private addError?: { message: string; retry: boolean };

  /** The members the account could add: the store's members without a membership in it. */
  readonly #candidates = this.service.task({
    autoRun: false,
    task: (_: [], { signal }) => listUnassignedMembers(this.service.connection()!, this.accountId, { signal }),
    onError: (error) => this.reportError(error),
  });

  readonly #adding = this.service.task({
    autoRun: false,
    task: async ([member]: [AccountMember], { signal }) => ({
      member,
      membership: await createMembership(this.service.connection()!, this.accountId, member.id, { signal }),
    }),
    onComplete: (detail) => {
      this.dispatchEvent(new MembershipCreatedEvent(detail));
      this.#close(true);
      this.announcement = this.fill(this.shownTexts.addedText, { name: detail.member.name });
      void this.list.run();
    },
    onError: (error) => {
      const reported = this.reportError(error);
      this.addError =
        reported.status === 409
          ? { message: this.fill(this.shownTexts.alreadyMemberText, { name: this.#member()?.name }), retry: false }
          : { message: this.say(reported), retry: reported.status !== 404 };
    },
  });

  protected override query(): unknown[] {
    return [this.accountId, this.memberId];
  }

  protected override async load(
    connection: Connection,
    request: PageRequest,
    signal: AbortSignal,
  ): Promise<TablePage<RowFields> | typeof initialState> {
    if (!this.accountId) return initialState;
    const { data, meta, included } = await listMemberships(
      connection,
      this.accountId,
      {
        ...request,
        include: 'account_member',
        filter: this.memberId ? eq('account_member_id', this.memberId) : undefined,
      },
      { signal },
    );
    const members = new Map(included?.account_members.map((m) => [m.id, m]));
    const rows = data.map((membership) => {
      const id = membership.relationships.account_member.data.id;
      const member = members.get(id);
      // a member the list did not include shows by its id
      return { ...membership.meta.timestamps, id: membership.id, name: member?.name ?? id, email: member?.email ?? '' };
    });
    return { rows, meta };
  }

  protected override cells(row: RowFields): RowFields {
    return row;
  }

  protected override empty(): string {
    return this.memberId ? this.fill(this.shownTexts.notMemberText, { id: this.memberId }) : this.shownTexts.emptyText;
  }

  protected override say(error: StorefrontError): string {
    return error.status === 404
      ? this.fill(this.shownTexts.unknownAccountText, { id: this.accountId })
      : super.say(error);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('accountId') && this.hasUpdated) {
      this.#close(false);
      this.announcement = '';
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#close(false);
  }

  #member(): AccountMember | undefined {
    return this.#candidates.value?.find((m) => m.id === this.chosen);
  }

  #close(returnFocus: boolean): void {
    this.#candidates.abort();
    this.#adding.abort();
    this.open = false;
    if (returnFocus) this.focusPart('add-button');
  }

  #retryAdd = this.retry(() => this.#add(), 'add-heading');

  #add(): void {
    const member = this.#member();
    if (member && this.#adding.status !== TaskStatus.PENDING) {
      this.addError = undefined;
      void this.#adding.run([member]);
    }
  }

  protected override toolbar(): TemplateResult {
    return html`<div part="actions">
        <button
          part="add-button"
          type="button"
          aria-expanded=${this.open}
          aria-controls="add-panel"
          ?hidden=${!this.accountId}
          @click=${() => {
            if (this.open) return this.#close(true);
            this.open = true;
            this.chosen = this.narrow = this.announcement = '';
            this.addError = undefined;
            void this.#candidates.run();
            this.focusPart('add-heading');
          }}
        >
          ${this.shownTexts.addLabel}
        </button>
        <p part="announcement" role="status" aria-live="polite">${this.announcement}</p>
      </div>
      ${this.open ? this.#panel() : nothing}`;
  }

  #panel(): TemplateResult {
    const adding = this.#adding.status === TaskStatus.PENDING;
    const offered = this.#candidates.status === TaskStatus.COMPLETE && !!this.#candidates.value?.length;
    const error = this.addError;
    return html`<form
      part="add-panel"
      id="add-panel"
      aria-labelledby="add-heading"
      @submit=${(e: SubmitEvent) => {
        e.preventDefault();
        this.#add();
      }}
      @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && this.#close(true)}
    >
      <h3 part="add-heading" id="add-heading" tabindex="-1">${this.shownTexts.addHeadingLabel}</h3>
      ${this.#candidates.render({
        pending: () => renderLoading(this.shownTexts.loadingText),
        complete: (candidates) => this.#renderCandidates(candidates),
        error: (error) =>
          renderError(
            this.say(toStorefrontError(error)),
            this.retry(() => this.#candidates.run(), 'add-heading'),
            this.shownTexts,
          ),
      })}
      ${error ? renderError(error.message, error.retry ? this.#retryAdd : undefined, this.shownTexts) : nothing}
      ${adding ? renderLoading(this.shownTexts.loadingText) : nothing}
      <div part="add-actions">
        ${
          offered
            ? html`<button part="add-confirm" class="primary" ?disabled=${adding}>
                ${this.shownTexts.addConfirmLabel}
              </button>`
            : nothing
        }
        <button part="add-cancel" type="button" @click=${() => this.#close(true)}>
          ${this.shownTexts.cancelLabel}
        </button>
      </div>
    </form>`;
  }

  #renderCandidates(all: AccountMember[]): TemplateResult {
    if (!all.length) return renderEmpty(this.shownTexts.noCandidatesText);
    const needle = this.narrow.trim().toLowerCase();
    const chosen = this.#member();
    // the chosen member stays listed (and checked) whatever the filter says
    const shown = all.filter((m) => m === chosen || `${m.name}\n${m.email}`.toLowerCase().includes(needle));
    return html`${
        all.length > 50
          ? html`<input
              part="candidate-filter"
              type="search"
              aria-label=${this.shownTexts.findLabel}
              placeholder=${this.shownTexts.findLabel}
              autocomplete="off"
              @input=${(e: Event) => (this.narrow = (e.target as HTMLInputElement).value)}
            />`
          : nothing
      }
      <fieldset part="candidates" aria-labelledby="add-heading">
        ${shown.map(
          (m) =>
            html`<label part="candidate" data-id=${m.id}>
              <input
                part="candidate-radio"
                type="radio"
                name="member"
                required
                .checked=${m === chosen}
                @change=${() => (this.chosen = m.id)}
              />
              <span part="candidate-name" dir="auto">${m.name}</span>
              <span part="candidate-email" dir="auto">${m.email}</span></label
            >`,
        )}
      </fieldset>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'account-memberships': AccountMemberships;
  }
}
