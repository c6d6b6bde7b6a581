/** <account-members> against the reference service: search, sort, pages, deep links, choosing a row. */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AccountMember, ListEnvelope } from '../../../src/api/types.js';
import { AccountMembers } from '../../../src/elements/account-members/account-members.js';
import type { MemberSelectedEvent } from '../../../src/operator-events.js';
import { SERVICE_URL, operatorToken } from '../helpers/service.js';
import {
  choose,
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

const HOSTILE = '<img src=x onerror=alert(1)>';
const SCRIPTY = '"><script>alert("x")</script>';
const PUNCTUATED = 'Smith, John (Sales): *VIP*';

describe('<account-members>', () => {
  let token: string;

  before(async () => {
    AccountMembers.define();
    token = await operatorToken();
  });

  async function members(attrs: Partial<Record<string, string>> = {}): Promise<AccountMembers> {
    const el = await fixture<AccountMembers>(
      html`<account-members
        base-url=${SERVICE_URL}
        filter-field=${attrs.filterField ?? 'name'}
        filter-value=${attrs.filterValue ?? ''}
        sort=${attrs.sort ?? '-created_at'}
        page-size=${attrs.pageSize ?? '25'}
        page=${attrs.page ?? '1'}
        .accessToken=${token}
      ></account-members>`,
    );
    await settled(el);
    return el;
  }

  async function search(el: AccountMembers, field: 'name' | 'email', text: string): Promise<void> {
    part<HTMLSelectElement>(el, 'search-field').value = field;
    part<HTMLInputElement>(el, 'search-input').value = text;
    part<HTMLButtonElement>(el, 'search-button').click();
    await settled(el);
  }

  it('lists the members newest first with the service total', async () => {
    const el = await members();
    const expected = await serviceGet<ListEnvelope<AccountMember>>('/v2/account-members', token);
    expect(column(el, 'name')).to.deep.equal(expected.data.map((m) => m.name));
    expect(column(el, 'email')).to.deep.equal(expected.data.map((m) => m.email));
    expect(pageStatus(el)).to.equal(`Showing 1–25 of ${expected.meta.results.total}`);
    expect(header(el, 'created_at').getAttribute('aria-sort')).to.equal('descending');
    expect(header(el, 'name').getAttribute('aria-sort')).to.equal('none');
    const created = parts(el, 'cell-created_at')[0].querySelector('time');
    expect(created?.getAttribute('datetime')).to.equal(expected.data[0].meta.timestamps.created_at);
    expect(created?.textContent).to.not.equal(expected.data[0].meta.timestamps.created_at);
    expect(part(el, 'table').getAttribute('aria-busy')).to.equal('false');
    // named after its table: an operator page with the memberships too has two pagers of two names
    expect(part(el, 'pager').getAttribute('aria-label')).to.equal('Pages of Store members');
  });

  it('searches by exact email through the form, without a request per keystroke', async () => {
    const requests: string[] = [];
    const el = await members();
    el.fetch = (input, init) => {
      requests.push(String(input));
      return fetch(input, init);
    };
    await settled(el);
    requests.length = 0;
    const input = part<HTMLInputElement>(el, 'search-input');
    part<HTMLSelectElement>(el, 'search-field').value = 'email';
    input.focus();
    await sendKeys({ type: 'grace@example.com' });
    await el.updateComplete;
    expect(requests).to.have.length(0);
    await sendKeys({ press: 'Enter' });
    await settled(el);
    expect(requests).to.have.length(1);
    expect(new URL(requests[0]).searchParams.get('filter')).to.equal('eq(email,grace@example.com)');
    expect(column(el, 'name')).to.deep.equal(['Grace Hopper']);
    expect(el.getAttribute('filter-field')).to.equal('email');
    expect(el.getAttribute('filter-value')).to.equal('grace@example.com');
    expect(pageStatus(el)).to.equal('Showing 1–1 of 1');
  });

  it('email search is exact, not contains', async () => {
    const el = await members();
    await search(el, 'email', 'example.com');
    expect(parts(el, 'row')).to.have.length(0);
    expect(part(el, 'empty').textContent?.trim()).to.equal('No members match “example.com”.');
    expect(pageStatus(el)).to.equal('');
  });

  it('searches names containing text with commas, parentheses, colons and stars taken literally', async () => {
    const el = await members();
    await search(el, 'name', PUNCTUATED);
    expect(column(el, 'name')).to.deep.equal([PUNCTUATED]);
    await search(el, 'name', '*');
    expect(column(el, 'name')).to.deep.equal([PUNCTUATED]);
    await search(el, 'name', '(sales)');
    expect(column(el, 'name')).to.deep.equal([PUNCTUATED]);
    await search(el, 'name', '"');
    expect(column(el, 'name').sort()).to.deep.equal([SCRIPTY, 'Dana "Backslash\\" O\'Brien'].sort());
    await search(el, 'name', 'backslash\\"');
    expect(column(el, 'name')).to.deep.equal(['Dana "Backslash\\" O\'Brien']);
  });

  it('name search matches parts of names in any case and clears', async () => {
    const el = await members();
    await search(el, 'name', 'LOVE');
    expect(column(el, 'name')).to.deep.equal(['Ada Lovelace']);
    part<HTMLButtonElement>(el, 'clear-button').click();
    await settled(el);
    expect(parts(el, 'row')).to.have.length(25);
    expect(el.getAttribute('filter-value')).to.equal('');
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'search-input'));
  });

  it('sorts by each column in both directions from the header buttons', async () => {
    const el = await members();
    for (const attribute of ['name', 'email', 'created_at', 'updated_at']) {
      sortButton(el, attribute).click();
      await settled(el);
      // created_at starts descending (the default), so its first click sorts ascending as for the others
      expect(el.sort).to.equal(attribute);
      expect(el.getAttribute('sort')).to.equal(attribute);
      expect(header(el, attribute).getAttribute('aria-sort')).to.equal('ascending');
      const up = await serviceGet<ListEnvelope<AccountMember>>(`/v2/account-members?sort=${attribute}`, token);
      expect(column(el, 'email')).to.deep.equal(up.data.map((m) => m.email));

      sortButton(el, attribute).click();
      await settled(el);
      expect(el.getAttribute('sort')).to.equal(`-${attribute}`);
      expect(header(el, attribute).getAttribute('aria-sort')).to.equal('descending');
      const down = await serviceGet<ListEnvelope<AccountMember>>(`/v2/account-members?sort=-${attribute}`, token);
      expect(column(el, 'email')).to.deep.equal(down.data.map((m) => m.email));
      const others = parts(el, 'header').filter((th) => th !== header(el, attribute));
      expect(others.map((th) => th.getAttribute('aria-sort'))).to.deep.equal(others.map(() => 'none'));
    }
  });

  it('sorts by id when the id column is shown', async () => {
    const el = await members();
    el.columns = 'id name';
    await el.updateComplete;
    sortButton(el, 'id').click();
    await settled(el);
    const expected = await serviceGet<ListEnvelope<AccountMember>>('/v2/account-members?sort=id', token);
    expect(column(el, 'id')).to.deep.equal(expected.data.map((m) => m.id));
  });

  it('pages with first, previous, next and last, and a page size choice', async () => {
    const el = await members({ sort: 'name' });
    const select = part<HTMLSelectElement>(el, 'page-size');
    expect([...select.options].map((o) => o.value)).to.deep.equal(['10', '25', '50', '100']);
    select.value = '10';
    select.dispatchEvent(new Event('change'));
    await settled(el);
    expect(el.getAttribute('page-size')).to.equal('10');
    const total = (await serviceGet<ListEnvelope<AccountMember>>('/v2/account-members', token)).meta.results.total;
    const pages = Math.ceil(total / 10);
    expect(pageStatus(el)).to.equal(`Showing 1–10 of ${total}`);
    expect(pageButton(el, 'first').getAttribute('aria-disabled')).to.equal('true');
    expect(pageButton(el, 'previous').getAttribute('aria-disabled')).to.equal('true');

    pageButton(el, 'next').click();
    await settled(el);
    expect(el.getAttribute('page')).to.equal('2');
    expect(pageStatus(el)).to.equal(`Showing 11–20 of ${total}`);
    const second = await serviceGet<ListEnvelope<AccountMember>>(
      '/v2/account-members?sort=name&page[limit]=10&page[offset]=10',
      token,
    );
    expect(column(el, 'email')).to.deep.equal(second.data.map((m) => m.email));

    pageButton(el, 'last').click();
    await settled(el);
    expect(el.page).to.equal(pages);
    expect(pageStatus(el)).to.equal(`Showing ${(pages - 1) * 10 + 1}–${total} of ${total}`);
    expect(pageButton(el, 'next').getAttribute('aria-disabled')).to.equal('true');
    pageButton(el, 'next').click();
    await el.updateComplete;
    expect(el.page).to.equal(pages);

    pageButton(el, 'previous').click();
    await settled(el);
    expect(el.page).to.equal(pages - 1);
    pageButton(el, 'first').click();
    await settled(el);
    expect(el.page).to.equal(1);
    expect(pageStatus(el)).to.equal(`Showing 1–10 of ${total}`);

    // a new page size starts over at page 1
    pageButton(el, 'next').click();
    await settled(el);
    select.value = '25';
    select.dispatchEvent(new Event('change'));
    await settled(el);
    expect(el.page).to.equal(1);
    expect(pageStatus(el)).to.equal(`Showing 1–25 of ${total}`);
  });

  it('opens where its attributes say (deep link) and reflects every change', async () => {
    const el = await members({ filterField: 'name', filterValue: 'a', sort: '-name', pageSize: '10', page: '2' });
    const expected = await serviceGet<ListEnvelope<AccountMember>>(
      `/v2/account-members?filter=${encodeURIComponent('like(name,*a*)')}&sort=-name&page[limit]=10&page[offset]=10`,
      token,
    );
    expect(column(el, 'name')).to.deep.equal(expected.data.map((m) => m.name));
    expect(pageStatus(el)).to.equal(`Showing 11–${10 + expected.data.length} of ${expected.meta.results.total}`);
    expect(part<HTMLInputElement>(el, 'search-input').value).to.equal('a');
    expect(part<HTMLSelectElement>(el, 'page-size').value).to.equal('10');
    expect(header(el, 'name').getAttribute('aria-sort')).to.equal('descending');

    // a host changing a property re-queries; a new filter starts at page 1
    el.filterValue = 'ada';
    await settled(el);
    expect(el.page).to.equal(1);
    expect(el.getAttribute('filter-value')).to.equal('ada');
    expect(column(el, 'name')).to.include('Ada Lovelace');
  });

  it('shows the page size the host sets after the user picked 50, then 25 rows', async () => {
    const el = await members({ sort: 'name' });
    const total = (await serviceGet<ListEnvelope<AccountMember>>('/v2/account-members', token)).meta.results.total;
    const select = part<HTMLSelectElement>(el, 'page-size');
    // picked with the keyboard, as a person does: 25, down to 50, back up to 25
    select.focus();
    await sendKeys({ press: 'ArrowDown' });
    await settled(el);
    expect(el.pageSize).to.equal(50);
    await sendKeys({ press: 'ArrowUp' });
    await settled(el);
    expect(el.pageSize).to.equal(25);
    expect(select.value).to.equal('25');

    el.setAttribute('page-size', '50');
    await settled(el);
    expect(pageStatus(el)).to.equal(`Showing 1–${Math.min(50, total)} of ${total}`);
    expect(part(el, 'page-size')).to.equal(select);
    expect(select.value).to.equal('50');
  });

  it('shows the size picked when a deep-linked size outside the choices leaves them', async () => {
    const el = await members({ pageSize: '1' });
    const select = part<HTMLSelectElement>(el, 'page-size');
    expect([...select.options].map((o) => o.value)).to.deep.equal(['1', '10', '25', '50', '100']);
    expect(select.value).to.equal('1');
    await choose(el, select, '10');
    expect(el.getAttribute('page-size')).to.equal('10');
    expect([...select.options].map((o) => o.value)).to.deep.equal(['10', '25', '50', '100']);
    expect(select.value).to.equal('10');
    expect(parts(el, 'row')).to.have.length(10);
  });

  it('shows the search field the host sets after the user searched by email, then by name', async () => {
    const el = await members();
    const field = part<HTMLSelectElement>(el, 'search-field');
    await search(el, 'email', 'grace@example.com');
    await search(el, 'name', 'a');
    expect(field.value).to.equal('name');

    el.setAttribute('filter-field', 'email');
    el.setAttribute('filter-value', 'ada@example.com');
    await settled(el);
    expect(column(el, 'name')).to.deep.equal(['Ada Lovelace']);
    expect(part(el, 'search-field')).to.equal(field);
    expect(field.value).to.equal('email');
  });

  it('formats dates for the lang in force, with one formatter for every cell and render', async () => {
    const original = Intl.DateTimeFormat;
    const made: unknown[][] = [];
    const counting = new Proxy(original, {
      construct: (target, args: unknown[]) => (made.push(args), Reflect.construct(target, args) as object),
    });
    Object.defineProperty(Intl, 'DateTimeFormat', { value: counting, writable: true, configurable: true });
    try {
      const page = await fixture<HTMLElement>(
        html`<div lang="fr-FR">
          <account-members base-url=${SERVICE_URL} sort="name" .accessToken=${token}></account-members>
        </div>`,
      );
      const el = page.querySelector('account-members')!;
      await settled(el);
      el.sort = '-name';
      await settled(el);
      expect(made).to.deep.equal([['fr-FR', { dateStyle: 'medium', timeStyle: 'short' }]]);

      const expected = await serviceGet<ListEnvelope<AccountMember>>('/v2/account-members?sort=-name', token);
      const format = new original('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });
      const times = parts(el, 'cell-updated_at').map((cell) => cell.querySelector('time')!);
      expect(times.map((t) => t.getAttribute('datetime'))).to.deep.equal(
        expected.data.map((m) => m.meta.timestamps.updated_at),
      );
      expect(times.map((t) => t.textContent)).to.deep.equal(
        expected.data.map((m) => format.format(new Date(m.meta.timestamps.updated_at))),
      );
    } finally {
      Object.defineProperty(Intl, 'DateTimeFormat', { value: original, writable: true, configurable: true });
    }
  });

  it('says so for a page past the end and offers the way back', async () => {
    const el = await members({ page: '9' });
    expect(part(el, 'empty').textContent?.trim()).to.equal('There is no page 9: the list has 2 pages.');
    pageButton(el, 'first').click();
    await settled(el);
    expect(parts(el, 'row')).to.have.length(25);
  });

  it('applies what changed while it was detached when it is back: a new search starts at page 1', async () => {
    const el = await members({ pageSize: '1', page: '3' });
    expect(pageStatus(el)).to.match(/^Showing 3–3 of /);
    const parent = el.parentElement!;
    el.remove();
    el.filterValue = 'a';
    await el.updateComplete;
    parent.append(el);
    await settled(el);
    expect(el.page).to.equal(1);
    expect(el.getAttribute('page')).to.equal('1');
    expect(pageStatus(el)).to.match(/^Showing 1–1 of /);
  });

  it('aborts the request in flight when the query changes', async () => {
    const signals: AbortSignal[] = [];
    const el = await members();
    el.fetch = (input, init) => {
      if (init?.signal) signals.push(init.signal);
      return fetch(input, init);
    };
    await el.updateComplete;
    el.sort = 'name';
    await el.updateComplete;
    await settled(el);
    expect(signals).to.have.length(2);
    expect(signals[0].aborted).to.equal(true);
    expect(signals[1].aborted).to.equal(false);
    expect(el.getAttribute('sort')).to.equal('name');
  });

  it('fires member-selected for a clicked row and marks it', async () => {
    const el = await members({ filterField: 'email', filterValue: 'ada@example.com' });
    const events = record<MemberSelectedEvent>(el, 'member-selected');
    parts(el, 'row')[0].querySelector<HTMLElement>('[part~="cell-email"]')?.click();
    await el.updateComplete;
    expect(events).to.have.length(1);
    expect(events[0].detail.member.email).to.equal('ada@example.com');
    expect(events[0].detail.member.type).to.equal('account_member');
    expect(events[0].bubbles && events[0].composed).to.equal(true);
    expect(parts(el, 'row')[0].getAttribute('aria-current')).to.equal('true');
    expect(parts(el, 'selected')).to.have.length(1);
  });

  it('shows hostile names as text', async () => {
    const el = await members({ filterField: 'email', filterValue: 'hostile@example.com' });
    expect(column(el, 'name')).to.deep.equal([HOSTILE]);
    await search(el, 'email', 'script+tag@example.com');
    expect(column(el, 'name')).to.deep.equal([SCRIPTY]);
    expect(el.shadowRoot?.querySelector('img, script:not([type])')).to.equal(null);
  });

  it('is accessible', async () => {
    const el = await members();
    await expect(el).to.be.accessible();
  });

  describe('keyboard', () => {
    it('sorts from a header button with Enter and keeps focus there', async () => {
      const el = await members();
      sortButton(el, 'email').focus();
      await sendKeys({ press: 'Enter' });
      await settled(el);
      expect(header(el, 'email').getAttribute('aria-sort')).to.equal('ascending');
      expect(el.shadowRoot?.activeElement).to.equal(sortButton(el, 'email'));
      await sendKeys({ press: 'Space' });
      await settled(el);
      expect(header(el, 'email').getAttribute('aria-sort')).to.equal('descending');
    });

    it('pages with Enter on the pager buttons, focus staying on the button at the end', async () => {
      const el = await members();
      pageButton(el, 'next').focus();
      await sendKeys({ press: 'Enter' });
      await settled(el);
      expect(el.page).to.equal(2);
      expect(pageStatus(el)).to.match(/^Showing 26–/);
      expect(el.shadowRoot?.activeElement).to.equal(pageButton(el, 'next'));
      await sendKeys({ press: 'Shift+Tab' });
      expect(el.shadowRoot?.activeElement).to.equal(pageButton(el, 'previous'));
      await sendKeys({ press: 'Enter' });
      await settled(el);
      expect(el.page).to.equal(1);
    });

    it('chooses a row with Tab and Enter', async () => {
      const el = await members({ sort: 'name' });
      const events = record<MemberSelectedEvent>(el, 'member-selected');
      part<HTMLButtonElement>(el, 'page-size').focus();
      const firstRowButton = part<HTMLButtonElement>(el, 'row-button');
      firstRowButton.focus();
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(events).to.have.length(1);
      expect(events[0].detail.member.name).to.equal(column(el, 'name')[1]);
      expect(maybePart(el, 'selected')?.dataset.id).to.equal(events[0].detail.member.id);
    });
  });
});
