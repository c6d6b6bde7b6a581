import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { StorefrontClient, type Page } from '../../api/client.js';
import { type StorefrontError, isAbortError } from '../../api/errors.js';
import { abortError } from '../../api/http.js';
import { eq } from '../../api/query.js';
import type { AccountMember } from '../../api/types.js';
import { MembershipCreatedEvent } from '../../events.js';
import { type PageRequest, PagedTableElement, type RowFields, type TablePage } from '../shared/paged-table.js';
import { fill, pageInfo } from '../shared/pager.js';
import { renderLoading } from '../shared/status.js';
import { accountMembershipsStyles } from './account-memberships.styles.js';
import { type MembershipRow, joinMembers, memberIdOf } from './membership-rows.js';

/** Candidates shown at once; the filter box narrows a longer list. */
const CANDIDATES_SHOWN = 50;

/**
 * The memberships of one account with their members' names and emails (one request, `include=account_member`),
 * sorted and paged; an operator adds an unassigned member to the account from the "Add member" panel.
 *
 * @summary Operator view of one account's memberships, with "Add member".
 *
 * @fires membership-created - A membership was made; `detail` is `{membership, member}`.
 * @fires storefront-error - Loading or adding failed; `detail.error` is a StorefrontError (`http_error` with `status` 404 for an unknown account, 409 for an existing membership, ...).
 *
 * @csspart actions - The row holding the add button and the announcement.
 * @csspart add-button - Opens and closes the add panel.
 * @csspart announcement - The polite live region that says a member was added.
 * @csspart add-panel - The panel listing the account's unassigned members.
 * @csspart add-heading - The panel's heading.
 * @csspart candidate-filter - The text box narrowing the candidates.
 * @csspart candidates - The group of candidates.
 * @csspart candidate - One unassigned member (a label with a radio button), with `candidate-name` and `candidate-email`.
 * @csspart add-confirm - Creates the membership.
 * @csspart add-cancel - Closes the panel.
 * @csspart table - The memberships; `aria-busy` while a page loads.
 * @csspart header - Each column header (`header-name`, ... name the column).
 * @csspart sort-button - The button of a column header that sorts by it.
 * @csspart sort-indicator - The arrow of a sort button.
 * @csspart row - A membership row.
 * @csspart cell - Each cell (`cell-name`, `cell-email`, ... name the column).
 * @csspart member-unknown - A member the list did not include.
 * @csspart empty - The sentence of an empty list.
 * @csspart pager - The paging controls.
 * @csspart page-button - First, previous, next and last (`page-first`, ... name each).
 * @csspart page-status - "Showing 26–50 of 312".
 * @csspart page-size - The page size choice.
 * @csspart loading - A loading status; `spinner` is its spinner.
 * @csspart error - An error, with `error-message` and the `retry` button.
 * @csspart not-configured - Shown until `base-url`, `account-id` and `accessToken` are set.
 * @csspart add-form - The form inside the add panel.
 * @csspart candidates-label - The legend of the candidates.
 * @csspart candidate-radio - The radio button of a candidate.
 * @csspart more-candidates - Says that more candidates match than are listed.
 * @csspart add-form-actions - The Add and Cancel buttons.
 * @csspart table-wrapper - The scrolling box around the table.
 * @csspart header-row - The row of column headers.
 * @csspart sort-label - The text of a sort button.
 * @csspart empty-row - The row holding the empty sentence.
 * @csspart page-size-label - The label around the page size choice.
 *
 * @cssproperty --storefront-color-text - Text colour.
 * @cssproperty --storefront-color-muted - Secondary text.
 * @cssproperty --storefront-color-surface - Background.
 * @cssproperty --storefront-color-surface-alt - Header and panel background.
 * @cssproperty --storefront-color-border - Borders.
 * @cssproperty --storefront-color-accent - Buttons.
 * @cssproperty --storefront-color-accent-text - Text on accent.
 * @cssproperty --storefront-color-danger - Errors.
 * @cssproperty --storefront-color-focus - Focus ring.
 * @cssproperty --storefront-font-family - Font.
 * @cssproperty --storefront-font-size - Font size.
 * @cssproperty --storefront-radius - Corner radius.
 * @cssproperty --storefront-space - Spacing unit.
 */
export class AccountMemberships extends PagedTableElement<MembershipRow> {
  static override defaultTag = 'account-memberships';
  static override styles = [...PagedTableElement.styles, accountMembershipsStyles];

  /** The account whose memberships are shown. */
  @property({ attribute: 'account-id', reflect: true }) accountId = '';

  /** Shows only the membership of this account member (`eq(account_member_id, …)`); empty shows all. */
  @property({ attribute: 'member-id', reflect: true }) memberId = '';

  /** Accessible name of the table. */
  @property({ attribute: 'table-label' }) tableCaption = 'Members of this account';
  /** Label of the button that opens the add panel. */
  @property({ attribute: 'add-label' }) addLabel = 'Add member';
  /** Level of the add panel's heading in the page's outline (1–6). */
  @property({ attribute: 'heading-level', type: Number }) headingLevel = 3;
  /** Heading of the add panel. */
  @property({ attribute: 'add-heading' }) addHeading = 'Add a member to this account';
  /** Legend of the candidates. */
  @property({ attribute: 'candidates-label' }) candidatesLabel = 'Members not yet in this account';
  /** Label of the candidate filter box. */
  @property({ attribute: 'candidate-filter-label' }) candidateFilterLabel = 'Find a member';
  /** Shown when more candidates match than are listed; `{shown}` and `{total}` are replaced. */
  @property({ attribute: 'more-candidates-text' }) moreCandidatesText = 'Showing {shown} of {total}: type to narrow the list.';
  /** Label of the button that creates the membership. */
  @property({ attribute: 'add-confirm-label' }) addConfirmLabel = 'Add';
  /** Label of the button that closes the panel. */
  @property({ attribute: 'cancel-label' }) cancelLabel = 'Cancel';
  /** Shown while candidates load. */
  @property({ attribute: 'candidates-loading-label' }) candidatesLoadingLabel = 'Loading members…';
  /** Shown while the membership is created. */
  @property({ attribute: 'adding-label' }) addingLabel = 'Adding…';
  /** When every store member already belongs to the account. */
  @property({ attribute: 'no-candidates-text' }) noCandidatesText = 'Every member of the store already belongs to this account.';
  /** Announced after adding; `{name}` is replaced. */
  @property({ attribute: 'added-text' }) addedText = '{name} is now a member of this account.';
  /** HTTP 409 on adding; `{name}` is replaced. */
  @property({ attribute: 'already-member-text' }) alreadyMemberText = '{name} is already a member of this account.';
  /** HTTP 404 for the account; `{accountId}` is replaced. */
  @property({ attribute: 'account-missing-text' }) accountMissingText = 'This account does not exist ({accountId}).';
  /** A row whose member the list did not include; `{id}` is replaced. */
  @property({ attribute: 'unknown-member-text' }) unknownMemberText = 'Unknown member ({id})';
  /** The account has no memberships. */
  @property({ attribute: 'empty-text' }) emptyAccountText = 'This account has no members yet.';
  /** No membership of the member named by `member-id`; `{memberId}` is replaced. */
  @property({ attribute: 'no-match-text' }) noMatchText = 'The member {memberId} does not belong to this account.';

  @state() private panelOpen = false;
  @state() private chosenId = '';
  @state() private candidateFilter = '';
  @state() private announcement = '';
  @state() private adding = false;
  @state() private addError?: { error: StorefrontError; retry: boolean; text: string };

  #candidatesError?: StorefrontError;
  #addController?: AbortController;

  constructor() {
    super();
    this.notConfiguredText = 'Waiting for the store address, an account id and an operator access token.';
    this.createdLabel = 'Added';
  }

  readonly #candidates = new Task(this, {
    autoRun: false,
    task: async ([baseUrl, token, fetchImpl, accountId], { signal }) => {
      const client = new StorefrontClient({ baseUrl, accessToken: token, fetch: fetchImpl });
      const url = `${client.baseUrl}/v2/accounts/${encodeURIComponent(accountId)}/account-memberships/unassigned-account-members`;
      const all: AccountMember[] = [];
      // the service pages this list too: follow links.next to offer every candidate
      for await (const page of client.pages((options) => client.getLink<Page<AccountMember>>(url, options), { signal })) {
        all.push(...page);
      }
      if (signal.aborted) throw abortError(signal);
      return all;
    },
    args: () => [this.baseUrl, this.accessToken, this.fetch, this.accountId] as const,
    onComplete: () => {
      this.#candidatesError = undefined;
    },
    onError: (error) => {
      this.#candidatesError = isAbortError(error) ? undefined : this.reportError(error);
    },
  });

  protected override isReady(): boolean {
    return Boolean(this.accountId);
  }

  protected override queryArgs(): unknown[] {
    return [this.accountId, this.memberId.trim()];
  }

  protected override pageResetKeys(): string[] {
    return [...super.pageResetKeys(), 'accountId', 'memberId'];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('accountId') && this.hasUpdated) {
      this.#closePanel(false);
      this.announcement = '';
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#candidates.abort();
    this.#addController?.abort();
  }

  protected override async loadPage(
    client: StorefrontClient,
    request: PageRequest,
    signal: AbortSignal,
  ): Promise<TablePage<MembershipRow>> {
    const memberId = this.memberId.trim();
    const envelope = await client.listMemberships(
      this.accountId,
      { ...request, include: 'account_member', filter: memberId ? eq('account_member_id', memberId) : undefined },
      { signal },
    );
    return { rows: joinMembers(envelope), info: pageInfo(envelope, request) };
  }

  protected override fields({ membership, member }: MembershipRow): RowFields {
    return {
      id: membership.id,
      name: member?.name ?? fill(this.unknownMemberText, { id: memberIdOf(membership) }),
      email: member?.email ?? '',
      created_at: membership.meta?.timestamps?.created_at ?? '',
      updated_at: membership.meta?.timestamps?.updated_at ?? '',
    };
  }

  protected override tableLabel(): string {
    return this.tableCaption;
  }

  protected override emptyText(): string {
    const memberId = this.memberId.trim();
    return memberId ? fill(this.noMatchText, { memberId }) : this.emptyAccountText;
  }

  protected override describeError(error: StorefrontError): string {
    if (error.code === 'http_error' && error.status === 404) {
      return fill(this.accountMissingText, { accountId: this.accountId });
    }
    return super.describeError(error);
  }

  get #level(): number {
    const level = Number(this.headingLevel);
    return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 3;
  }

  #button(part: string): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`[part~="${part}"]`);
  }

  async #openPanel(): Promise<void> {
    this.panelOpen = true;
    this.chosenId = '';
    this.candidateFilter = '';
    this.addError = undefined;
    this.announcement = '';
    void this.#candidates.run();
    await this.updateComplete;
    this.#button('add-heading')?.focus();
  }

  #closePanel(returnFocus: boolean): void {
    this.#candidates.abort();
    this.#addController?.abort();
    this.panelOpen = false;
    this.adding = false;
    this.addError = undefined;
    if (returnFocus) void this.updateComplete.then(() => this.#button('add-button')?.focus());
  }

  async #add(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const member = (this.#candidates.value ?? []).find((m) => m.id === this.chosenId);
    if (!member || this.adding) return;
    this.#addController?.abort();
    const controller = (this.#addController = new AbortController());
    this.adding = true;
    this.addError = undefined;
    try {
      const client = new StorefrontClient({ baseUrl: this.baseUrl, accessToken: this.accessToken, fetch: this.fetch });
      const membership = await client.createMembership(this.accountId, member.id, { signal: controller.signal });
      if (controller.signal.aborted) return;
      this.dispatchEvent(new MembershipCreatedEvent({ membership, member }));
      this.announcement = fill(this.addedText, { name: member.name });
      this.#closePanel(true);
      this.reload();
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      const reported = this.reportError(error);
      const status = reported.code === 'http_error' ? reported.status : undefined;
      const text =
        status === 409
          ? fill(this.alreadyMemberText, { name: member.name })
          : this.describeError(reported);
      this.addError = { error: reported, retry: status !== 409 && status !== 404, text };
    } finally {
      if (this.#addController === controller) this.adding = false;
    }
  }

  protected override renderToolbar(): TemplateResult {
    return html`<div part="actions">
        <button
          part="add-button"
          type="button"
          aria-expanded=${this.panelOpen ? 'true' : 'false'}
          aria-controls="add-panel"
          ?hidden=${!this.isReady()}
          @click=${() => (this.panelOpen ? this.#closePanel(true) : void this.#openPanel())}
        >
          ${this.addLabel}
        </button>
        <p part="announcement" role="status" aria-live="polite">${this.announcement}</p>
      </div>
      ${this.panelOpen ? this.#renderPanel() : nothing}`;
  }

  #renderPanel(): TemplateResult {
    return html`<section
      part="add-panel"
      id="add-panel"
      aria-labelledby="add-heading"
      @keydown=${(e: KeyboardEvent) => {
        if (e.key === 'Escape') this.#closePanel(true);
      }}
    >
      <div part="add-heading" id="add-heading" role="heading" aria-level=${this.#level} tabindex="-1">
        ${this.addHeading}
      </div>
      ${this.#renderCandidates()}
    </section>`;
  }

  #renderCandidates(): TemplateResult {
    const cancel = html`<button part="add-cancel" type="button" @click=${() => this.#closePanel(true)}>
      ${this.cancelLabel}
    </button>`;
    const status = this.#candidates.status;
    if (status === TaskStatus.PENDING) return html`${renderLoading(this.candidatesLoadingLabel)} ${cancel}`;
    if (status === TaskStatus.ERROR && this.#candidatesError) {
      return html`${this.renderErrorBox(this.#candidatesError, () => void this.#candidates.run())} ${cancel}`;
    }
    const all = this.#candidates.value ?? [];
    if (all.length === 0) return html`<p part="empty" role="status">${this.noCandidatesText}</p> ${cancel}`;
    const needle = this.candidateFilter.trim().toLowerCase();
    const matching = needle
      ? all.filter((m) => `${m.name}\n${m.email}`.toLowerCase().includes(needle))
      : all;
    const shown = matching.slice(0, CANDIDATES_SHOWN);
    const chosen = all.find((m) => m.id === this.chosenId);
    if (chosen && !shown.includes(chosen)) shown.unshift(chosen);
    return html`<form part="add-form" @submit=${this.#add}>
      ${all.length > CANDIDATES_SHOWN
        ? html`<label part="candidate-filter-label">
            ${this.candidateFilterLabel}
            <input
              part="candidate-filter"
              type="search"
              autocomplete="off"
              .value=${this.candidateFilter}
              @input=${(e: Event) => (this.candidateFilter = (e.target as HTMLInputElement).value)}
            />
          </label>`
        : nothing}
      <fieldset part="candidates">
        <legend part="candidates-label">${this.candidatesLabel}</legend>
        ${shown.map(
          (m) => html`<label part="candidate" data-id=${m.id}>
            <input
              part="candidate-radio"
              type="radio"
              name="member"
              required
              .value=${m.id}
              .checked=${m.id === this.chosenId}
              @change=${() => (this.chosenId = m.id)}
            />
            <span part="candidate-name">${m.name}</span>
            <span part="candidate-email">${m.email}</span>
          </label>`,
        )}
      </fieldset>
      ${matching.length > shown.length
        ? html`<p part="more-candidates">${fill(this.moreCandidatesText, { shown: shown.length, total: matching.length })}</p>`
        : nothing}
      ${this.addError
        ? html`<div part="error" role="alert">
            <span part="error-message">${this.addError.text}</span>
            ${this.addError.retry
              ? html`<button part="retry" type="submit">${this.retryLabel}</button>`
              : nothing}
          </div>`
        : nothing}
      ${this.adding ? renderLoading(this.addingLabel) : nothing}
      <div part="add-form-actions">
        <button part="add-confirm" class="primary" type="submit" ?disabled=${this.adding}>${this.addConfirmLabel}</button>
        ${cancel}
      </div>
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'account-memberships': AccountMemberships;
  }
}
