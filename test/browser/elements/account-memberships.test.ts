/** <account-memberships> against the reference service: include, sort, pages, member filter, adding a member. */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AccountMember, ListEnvelope, MembershipListEnvelope } from '../../../src/api/types.js';
import { AccountMemberships } from '../../../src/elements/account-memberships/account-memberships.js';
import type { StorefrontErrorEvent } from '../../../src/events.js';
import type { MembershipCreatedEvent } from '../../../src/operator-events.js';
import { SERVICE_URL, fixtureId, operatorToken, resetService } from '../helpers/service.js';
import {
  column,
  header,
  maybePart,
  pageButton,
  pageStatus,
  part,
  parts,
  record,
  serviceGet,
  settled,
  sortButton,
} from '../helpers/table.js';

describe('<account-memberships>', () => {
  let token: string;
  let analytical: string;
  let harvard: string;
  let cobol: string;
  let empty: string;

  before(async () => {
    AccountMemberships.define();
    token = await operatorToken();
    [analytical, harvard, cobol, empty] = await Promise.all(
      ['account:analytical', 'account:harvard', 'account:cobol', 'account:empty'].map(fixtureId),
    );
  });

  beforeEach(resetService);
  after(resetService);

  async function memberships(accountId: string, attrs: Record<string, string> = {}): Promise<AccountMemberships> {
    const el = await fixture<AccountMemberships>(
      html`<account-memberships
        base-url=${SERVICE_URL}
        account-id=${accountId}
        sort=${attrs.sort ?? '-created_at'}
        page-size=${attrs.pageSize ?? '25'}
        page=${attrs.page ?? '1'}
        member-id=${attrs.memberId ?? ''}
        .accessToken=${token}
      ></account-memberships>`,
    );
    await settled(el);
    return el;
  }

  it('shows each membership with its member name and email from one request (include)', async () => {
    const requests: string[] = [];
    const el = await fixture<AccountMemberships>(
      html`<account-memberships
        base-url=${SERVICE_URL}
        account-id=${cobol}
        .accessToken=${token}
        .fetch=${(input: RequestInfo | URL, init?: RequestInit) => {
          requests.push(String(input));
          return fetch(input, init);
        }}
      ></account-memberships>`,
    );
    await settled(el);
    expect(part(el, 'pager').getAttribute('aria-label')).to.equal('Pages of Members of this account');
    expect(requests).to.have.length(1);
    expect(new URL(requests[0]).searchParams.get('include')).to.equal('account_member');
    const expected = await serviceGet<MembershipListEnvelope>(
      `/v2/accounts/${cobol}/account-memberships?include=account_member`,
      token,
    );
    const byId = new Map(expected.included?.account_members.map((m) => [m.id, m]));
    const names = expected.data.map((ms) => byId.get(ms.relationships.account_member.data.id)?.name);
    expect(column(el, 'name')).to.deep.equal(names);
    expect(column(el, 'name')).to.have.members(['Ken Thompson', 'Dennis Ritchie', 'Dana "Backslash\\" O\'Brien']);
    expect(column(el, 'email')).to.include('ken.thompson@example.com');
    expect(pageStatus(el)).to.equal('Showing 1–3 of 3');
    expect(header(el, 'created_at').textContent).to.contain('Added');
  });

  it('sorts by member name and email in both directions', async () => {
    const el = await memberships(analytical, { pageSize: '10' });
    for (const attribute of ['name', 'email']) {
      sortButton(el, attribute).click();
      await settled(el);
      expect(header(el, attribute).getAttribute('aria-sort')).to.equal('ascending');
      const up = await serviceGet<MembershipListEnvelope>(
        `/v2/accounts/${analytical}/account-memberships?include=account_member&sort=${attribute}&page[limit]=10`,
        token,
      );
      const upMembers = new Map(up.included?.account_members.map((m) => [m.id, m.email]));
      expect(column(el, 'email')).to.deep.equal(
        up.data.map((ms) => upMembers.get(ms.relationships.account_member.data.id)),
      );
      sortButton(el, attribute).click();
      await settled(el);
      expect(header(el, attribute).getAttribute('aria-sort')).to.equal('descending');
      expect(el.getAttribute('sort')).to.equal(`-${attribute}`);
      const sorted = [...column(el, attribute)].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1));
      expect(column(el, attribute)).to.deep.equal(sorted);
    }
  });

  it('pages through an account and follows the service totals', async () => {
    const el = await memberships(analytical, { pageSize: '10', sort: 'name' });
    const total = (await serviceGet<ListEnvelope<unknown>>(`/v2/accounts/${analytical}/account-memberships`, token))
      .meta.results.total;
    expect(pageStatus(el)).to.equal(`Showing 1–10 of ${total}`);
    pageButton(el, 'next').click();
    await settled(el);
    expect(el.getAttribute('page')).to.equal('2');
    expect(pageStatus(el)).to.equal(`Showing 11–20 of ${total}`);
    pageButton(el, 'last').click();
    await settled(el);
    expect(pageStatus(el)).to.equal(`Showing 21–${total} of ${total}`);
    pageButton(el, 'previous').click();
    await settled(el);
    expect(el.page).to.equal(2);
    pageButton(el, 'first').click();
    await settled(el);
    expect(el.page).to.equal(1);
  });

  it('opens where its attributes say and filters by member id', async () => {
    const grace = await fixtureId('member:grace');
    const el = await memberships(harvard, { memberId: grace });
    expect(column(el, 'name')).to.deep.equal(['Grace Hopper']);
    el.memberId = await fixtureId('member:alan.turing.');
    await settled(el);
    expect(parts(el, 'row')).to.have.length(0);
    expect(part(el, 'empty').textContent).to.contain('does not belong to this account');

    const total = (await serviceGet<ListEnvelope<unknown>>(`/v2/accounts/${analytical}/account-memberships`, token))
      .meta.results.total;
    const deep = await memberships(analytical, { sort: '-email', pageSize: '10', page: '3' });
    expect(pageStatus(deep)).to.equal(`Showing 21–${total} of ${total}`);
    expect(header(deep, 'email').getAttribute('aria-sort')).to.equal('descending');
  });

  it('says an account has no members yet', async () => {
    const el = await memberships(empty);
    expect(part(el, 'empty').textContent?.trim()).to.equal('This account has no members yet.');
  });

  it('adds an unassigned member: list updates, event fires, focus returns, success is announced', async () => {
    const el = await memberships(harvard);
    expect(column(el, 'name')).to.have.members(['Ada Lovelace', 'Grace Hopper']);
    const created = record<MembershipCreatedEvent>(el, 'membership-created');

    const add = part<HTMLButtonElement>(el, 'add-button');
    expect(add.getAttribute('aria-expanded')).to.equal('false');
    add.click();
    await settled(el);
    expect(add.getAttribute('aria-expanded')).to.equal('true');
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'add-heading'));
    const candidates = parts(el, 'candidate');
    const unassigned = await serviceGet<ListEnvelope<AccountMember>>(
      `/v2/accounts/${harvard}/account-memberships/unassigned-account-members?page[limit]=100`,
      token,
    );
    // every page of the unassigned list is offered (the service pages it by 25)
    expect(candidates).to.have.length(unassigned.meta.results.total);
    expect(candidates.length).to.be.greaterThan(25);
    const names = parts(el, 'candidate-name').map((n) => n.textContent);
    expect(names).to.not.include('Grace Hopper');

    const turing = candidates.find((c) => c.textContent?.includes('Alan Turing')) as HTMLElement;
    turing.querySelector('input')?.click();
    part<HTMLButtonElement>(el, 'add-confirm').click();
    await settled(el);
    await el.updateComplete;

    expect(created).to.have.length(1);
    expect(created[0].detail.member.name).to.equal('Alan Turing');
    expect(created[0].detail.membership.type).to.equal('account_membership');
    expect(created[0].detail.membership.relationships.account_member.data.id).to.equal(created[0].detail.member.id);
    expect(maybePart(el, 'add-panel')).to.equal(null);
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'add-button'));
    expect(part(el, 'announcement').getAttribute('aria-live')).to.equal('polite');
    expect(part(el, 'announcement').textContent).to.equal('Alan Turing is now a member of this account.');
    expect(column(el, 'name')).to.have.members(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    expect(column(el, 'name')[0]).to.equal('Alan Turing');
    expect(pageStatus(el)).to.equal('Showing 1–3 of 3');

    // and the service holds it
    const after = await serviceGet<ListEnvelope<unknown>>(`/v2/accounts/${harvard}/account-memberships`, token);
    expect(after.meta.results.total).to.equal(3);
  });

  it('keeps the empty announcement region in the accessibility tree, taking no space', async () => {
    const el = await memberships(cobol);
    const region = part(el, 'announcement');
    expect(region.textContent).to.equal('');
    // a live region that only appears with its sentence is often not announced
    expect(getComputedStyle(region).display).to.not.equal('none');
    const { width, height } = region.getBoundingClientRect();
    expect([width, height]).to.deep.equal([0, 0]);
    expect(part(el, 'actions').getBoundingClientRect().height).to.equal(
      part(el, 'add-button').getBoundingClientRect().height,
    );
    await expect(el).to.be.accessible();
  });

  it('reads a 409 (already a member) as a sentence', async () => {
    const grace = await fixtureId('member:grace');
    const graceMember = (await serviceGet<{ data: AccountMember }>(`/v2/account-members/${grace}`, token)).data;
    // the real list never offers an assigned member; offering one lets the real service answer 409
    const withGrace = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const response = await fetch(input, init);
      if (!String(input).includes('unassigned-account-members')) return response;
      const body = (await response.json()) as ListEnvelope<AccountMember>;
      body.data.unshift(graceMember);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const el = await memberships(harvard);
    el.fetch = withGrace;
    const errors = record<StorefrontErrorEvent>(el, 'storefront-error');
    const created = record<MembershipCreatedEvent>(el, 'membership-created');
    part<HTMLButtonElement>(el, 'add-button').click();
    await settled(el);
    parts(el, 'candidate')
      .find((c) => c.dataset.id === grace)
      ?.querySelector('input')
      ?.click();
    part<HTMLButtonElement>(el, 'add-confirm').click();
    await settled(el);
    const alert = part(el, 'add-panel').querySelector('[role="alert"]');
    expect(alert?.textContent?.trim()).to.equal('Grace Hopper is already a member of this account.');
    expect(errors).to.have.length(1);
    expect(errors[0].detail.error.status).to.equal(409);
    expect(created).to.have.length(0);
    expect(maybePart(el, 'add-panel')).to.not.equal(null);
  });

  it('closes the panel with Escape and Cancel, focus back on the add button', async () => {
    const el = await memberships(cobol);
    part<HTMLButtonElement>(el, 'add-button').focus();
    await sendKeys({ press: 'Enter' });
    await settled(el);
    expect(maybePart(el, 'add-panel')).to.not.equal(null);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(maybePart(el, 'add-panel')).to.equal(null);
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'add-button'));
    await sendKeys({ press: 'Enter' });
    await settled(el);
    part<HTMLButtonElement>(el, 'add-cancel').click();
    await el.updateComplete;
    expect(maybePart(el, 'add-panel')).to.equal(null);
  });

  it('adds a member with the keyboard only', async () => {
    const el = await memberships(cobol);
    const created = record<MembershipCreatedEvent>(el, 'membership-created');
    part<HTMLButtonElement>(el, 'add-button').focus();
    await sendKeys({ press: 'Enter' });
    await settled(el);
    await sendKeys({ press: 'Tab' }); // first candidate radio
    await sendKeys({ press: 'ArrowDown' }); // second candidate
    const chosen = parts(el, 'candidate')[1];
    expect(chosen.querySelector('input')?.checked).to.equal(true);
    await sendKeys({ press: 'Enter' }); // submits the form
    await settled(el);
    expect(created).to.have.length(1);
    expect(created[0].detail.member.id).to.equal(chosen.dataset.id);
    expect(parts(el, 'row')).to.have.length(4);
  });

  it('shows hostile member names as text', async () => {
    const el = await memberships(analytical, { sort: 'name', pageSize: '100' });
    expect(column(el, 'name')).to.include('<img src=x onerror=alert(1)>');
    expect(column(el, 'name')).to.include('Smith, John (Sales): *VIP*');
    expect(el.shadowRoot?.querySelector('img')).to.equal(null);
  });

  it('is accessible, with the add panel open too', async () => {
    const el = await memberships(harvard);
    await expect(el).to.be.accessible();
    part<HTMLButtonElement>(el, 'add-button').click();
    await settled(el);
    await expect(el).to.be.accessible();
  });
});
