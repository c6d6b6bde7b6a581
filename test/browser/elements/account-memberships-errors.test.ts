/** <account-memberships> failure paths: 401 and 404 from the real service; 500 and network faults by fake fetch. */
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AccountMember } from '../../../src/api/types.js';
import { AccountMemberships } from '../../../src/elements/account-memberships/account-memberships.js';
import type { StorefrontErrorEvent } from '../../../src/events.js';
import type { MembershipCreatedEvent } from '../../../src/operator-events.js';
import { fakeFetch, hangingFetch, jsonResponse } from '../helpers/fake-fetch.js';
import { SERVICE_URL, fixtureId, operatorToken, resetService } from '../helpers/service.js';
import { focusedPart, maybePart, part, parts, record, settled } from '../helpers/table.js';

const SERVER_ERROR = {
  errors: [{ title: 'Internal Server Error', status: '500', detail: 'The request could not be processed' }],
};

describe('<account-memberships> failures', () => {
  let token: string;
  let harvard: string;

  before(async () => {
    AccountMemberships.define();
    token = await operatorToken();
    harvard = await fixtureId('account:harvard');
  });
  after(resetService);

  async function render(
    accountId: string,
    props: { accessToken?: unknown; fetch?: typeof fetch } = {},
  ): Promise<{ el: AccountMemberships; errors: StorefrontErrorEvent[] }> {
    const errors: StorefrontErrorEvent[] = [];
    const el = await fixture<AccountMemberships>(
      html`<account-memberships
        base-url=${SERVICE_URL}
        account-id=${accountId}
        .accessToken=${props.accessToken ?? token}
        .fetch=${props.fetch}
        @storefront-error=${(e: StorefrontErrorEvent) => errors.push(e)}
      ></account-memberships>`,
    );
    await settled(el);
    return { el, errors };
  }

  const message = (el: AccountMemberships) => part(el, 'error-message').textContent ?? '';

  it('reads an unknown account (404 from the service) as a sentence with a retry', async () => {
    const unknown = crypto.randomUUID();
    const { el, errors } = await render(unknown);
    expect(part(el, 'error').getAttribute('role')).to.equal('alert');
    expect(message(el)).to.equal(`This account does not exist (${unknown}).`);
    expect(maybePart(el, 'retry')).to.not.equal(null);
    expect(errors).to.have.length(1);
    expect(errors[0].detail.error.status).to.equal(404);
    expect(errors[0].detail.error.errors[0].title).to.equal('Not Found');
  });

  it('reads a wrong token (401 from the service) as a sentence', async () => {
    const { el, errors } = await render(harvard, { accessToken: 'forged.token.value' });
    expect(message(el)).to.contain('operator access token is missing, wrong or expired');
    expect(errors[0].detail.error.status).to.equal(401);
  });

  it('waits for an account id before asking anything', async () => {
    const fake = fakeFetch(() => jsonResponse({ data: [] }));
    const { el, errors } = await render('', { fetch: fake.fetch });
    expect(maybePart(el, 'not-configured')).to.not.equal(null);
    expect(part(el, 'add-button').hidden).to.equal(true);
    expect(fake.calls).to.have.length(0);
    expect(errors).to.have.length(0);
  });

  it('shows a 500 and a network failure of the list with a retry', async () => {
    let mode: 'fail' | 'down' | 'real' = 'fail';
    const fake = fakeFetch((call) => {
      if (mode === 'fail') return jsonResponse(SERVER_ERROR, 500);
      if (mode === 'down') return Promise.reject(new TypeError('Failed to fetch'));
      return fetch(call.url, { headers: call.headers, signal: call.signal });
    });
    const { el, errors } = await render(harvard, { fetch: fake.fetch });
    expect(message(el)).to.equal('The store had a problem processing the request. Please try again.');
    expect(errors[0].detail.error.status).to.equal(500);
    mode = 'down';
    part<HTMLButtonElement>(el, 'retry').click();
    await settled(el);
    expect(message(el)).to.equal('The store could not be reached. Check your connection and try again.');
    expect(errors[1].detail.error.code).to.equal('network_error');
    mode = 'real';
    part<HTMLButtonElement>(el, 'retry').click();
    await settled(el);
    expect(parts(el, 'row')).to.have.length(2);
  });

  it('shows a failure to list candidates inside the panel, with a retry', async () => {
    let failCandidates = true;
    const fake = fakeFetch((call) =>
      failCandidates && call.url.includes('unassigned-account-members')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fetch(call.url, { headers: call.headers, signal: call.signal }),
    );
    const { el, errors } = await render(harvard, { fetch: fake.fetch });
    part<HTMLButtonElement>(el, 'add-button').click();
    await settled(el);
    const panel = part(el, 'add-panel');
    expect(panel.querySelector('[part~="error-message"]')?.textContent).to.contain('could not be reached');
    expect(errors).to.have.length(1);
    failCandidates = false;
    panel.querySelector<HTMLButtonElement>('[part~="retry"]')?.click();
    await settled(el);
    expect(parts(el, 'candidate').length).to.be.greaterThan(0);
  });

  it('shows a failed add (500) with a retry that adds', async () => {
    await resetService();
    let failPost = true;
    const fake = fakeFetch((call) =>
      failPost && call.method === 'POST'
        ? jsonResponse(SERVER_ERROR, 500)
        : fetch(call.url, { method: call.method, headers: call.headers, body: call.body, signal: call.signal }),
    );
    const { el, errors } = await render(harvard, { fetch: fake.fetch });
    const created = record<MembershipCreatedEvent>(el, 'membership-created');
    part<HTMLButtonElement>(el, 'add-button').click();
    await settled(el);
    parts(el, 'candidate')[0].querySelector('input')?.click();
    part<HTMLButtonElement>(el, 'add-confirm').click();
    await settled(el);
    const alert = part(el, 'add-panel').querySelector('[role="alert"]');
    expect(alert?.textContent).to.contain('The store had a problem processing the request.');
    expect(errors.at(-1)?.detail.error.status).to.equal(500);
    expect(created).to.have.length(0);
    failPost = false;
    alert?.querySelector<HTMLButtonElement>('[part~="retry"]')?.click();
    await settled(el);
    expect(created).to.have.length(1);
    expect(parts(el, 'row')).to.have.length(3);
    await resetService();
  });

  it('reads a 404 on adding (the account is gone) as a sentence without a retry', async () => {
    const gone = crypto.randomUUID();
    // the POST goes to an account the service does not know, so the real service answers 404
    const fake = fakeFetch((call) =>
      fetch(call.method === 'POST' ? call.url.replace(harvard, gone) : call.url, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal: call.signal,
      }),
    );
    const { el, errors } = await render(harvard, { fetch: fake.fetch });
    part<HTMLButtonElement>(el, 'add-button').click();
    await settled(el);
    parts(el, 'candidate')[0].querySelector('input')?.click();
    part<HTMLButtonElement>(el, 'add-confirm').click();
    await settled(el);
    const alert = part(el, 'add-panel').querySelector('[role="alert"]');
    expect(alert?.textContent?.trim()).to.equal(`This account does not exist (${harvard}).`);
    expect(alert?.querySelector('[part~="retry"]')).to.equal(null);
    expect(errors.at(-1)?.detail.error.status).to.equal(404);
  });

  it('keeps focus in the add panel (its heading) when Try again takes its button away', async () => {
    await resetService();
    let fail = true;
    // the add that succeeds waits for this, so focus is seen before the panel closes
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeFetch(async (call) => {
      const faulty = call.method === 'POST' || call.url.includes('unassigned-account-members');
      if (fail && faulty) return jsonResponse(SERVER_ERROR, 500);
      if (call.method === 'POST') await released;
      return fetch(call.url, { method: call.method, headers: call.headers, body: call.body, signal: call.signal });
    });
    const { el } = await render(harvard, { fetch: fake.fetch });
    const created = record<MembershipCreatedEvent>(el, 'membership-created');
    part<HTMLButtonElement>(el, 'add-button').click();
    await settled(el);

    // the list of candidates failed
    part<HTMLButtonElement>(el, 'retry').focus();
    fail = false;
    await sendKeys({ press: 'Enter' });
    await settled(el);
    expect(focusedPart(el)).to.equal('add-heading');
    expect(parts(el, 'candidate').length).to.be.greaterThan(0);

    // adding failed
    fail = true;
    parts(el, 'candidate')[0].querySelector('input')?.click();
    part<HTMLButtonElement>(el, 'add-confirm').click();
    await settled(el);
    part<HTMLButtonElement>(el, 'retry').focus();
    fail = false;
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(focusedPart(el)).to.equal('add-heading');
    release();
    await settled(el);
    expect(created).to.have.length(1);
    expect(focusedPart(el)).to.equal('add-button');
    await resetService();
  });

  it('says what the host gives for the add panel, its errors and the list', async () => {
    const member = (i: number): AccountMember => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      type: 'account_member',
      name: `Person ${i}`,
      email: `person${i}@example.com`,
      meta: { timestamps: { created_at: '2025-01-06T09:00:00Z', updated_at: '2025-01-06T09:00:00Z' } },
      links: { self: '' },
    });
    let candidates: AccountMember[] = [];
    const fake = fakeFetch((call) =>
      call.url.includes('unassigned-account-members')
        ? jsonResponse({ data: candidates })
        : call.method === 'POST'
          ? jsonResponse({ errors: [{ title: 'Conflict', status: '409' }] }, 409)
          : fetch(call.url, { headers: call.headers, signal: call.signal }),
    );
    const el = await fixture<AccountMemberships>(
      html`<account-memberships
        base-url=${SERVICE_URL}
        account-id=${harvard}
        .texts=${{
          noCandidatesText: 'Niemand ist übrig.',
          findLabel: 'Mitglied finden',
          alreadyMemberText: '{name} ist schon Mitglied.',
          unknownAccountText: 'Das Konto {id} gibt es nicht.',
          notMemberText: '{id} gehört nicht zu diesem Konto.',
        }}
        .accessToken=${token}
        .fetch=${fake.fetch}
      ></account-memberships>`,
    );
    await settled(el);

    part<HTMLButtonElement>(el, 'add-button').click();
    await settled(el);
    expect(part(el, 'add-panel').querySelector('[part~="empty"]')?.textContent).to.equal('Niemand ist übrig.');
    part<HTMLButtonElement>(el, 'add-cancel').click();

    candidates = Array.from({ length: 51 }, (_, i) => member(i));
    part<HTMLButtonElement>(el, 'add-button').click();
    await settled(el);
    const filter = part<HTMLInputElement>(el, 'candidate-filter');
    expect([filter.getAttribute('aria-label'), filter.placeholder]).to.deep.equal([
      'Mitglied finden',
      'Mitglied finden',
    ]);
    parts(el, 'candidate')[3].querySelector('input')?.click();
    part<HTMLButtonElement>(el, 'add-confirm').click();
    await settled(el);
    expect(part(el, 'add-panel').querySelector('[role="alert"]')?.textContent?.trim()).to.equal(
      'Person 3 ist schon Mitglied.',
    );

    const grace = await fixtureId('member:grace');
    el.memberId = await fixtureId('member:alan.turing.');
    await settled(el);
    expect(part(el, 'empty').textContent?.trim()).to.equal(`${el.memberId} gehört nicht zu diesem Konto.`);
    el.memberId = grace;
    const unknown = crypto.randomUUID();
    el.accountId = unknown;
    await settled(el);
    expect(message(el)).to.equal(`Das Konto ${unknown} gibt es nicht.`);
  });

  it('leaves no error and no update when removed mid-request', async () => {
    const hanging = hangingFetch();
    const errors: StorefrontErrorEvent[] = [];
    const el = await fixture<AccountMemberships>(
      html`<account-memberships
        base-url=${SERVICE_URL}
        account-id=${harvard}
        .accessToken=${token}
        .fetch=${hanging.fetch}
        @storefront-error=${(e: StorefrontErrorEvent) => errors.push(e)}
      ></account-memberships>`,
    );
    await el.updateComplete;
    expect(part(el, 'table').getAttribute('aria-busy')).to.equal('true');
    let mutations = 0;
    const observer = new MutationObserver(() => mutations++);
    observer.observe(el.shadowRoot as ShadowRoot, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    el.remove();
    await nextFrame();
    await nextFrame();
    observer.disconnect();
    expect(hanging.calls[0].signal?.aborted).to.equal(true);
    expect(errors).to.have.length(0);
    expect(mutations).to.equal(0);
    expect(maybePart(el, 'error')).to.equal(null);
  });
});
