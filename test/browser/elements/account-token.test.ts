/**
 * How the elements call for an account, against the reference service: the store's implicit token as the bearer
 * and the account's token in EP-Account-Management-Authentication-Token (the vendor's way); and what a 401 to
 * that call does: the session ends in every element (`signed-out`, reason `rejected`), once, with no retry.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { forgetImplicitTokens } from '../../../src/auth/implicit-token.js';
import { MemberSession } from '../../../src/auth/session.js';
import { AccountPicker } from '../../../src/elements/account-picker/account-picker.js';
import { AccountSignIn } from '../../../src/elements/account-sign-in/account-sign-in.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import type { SignedOutEvent, StorefrontErrorEvent } from '../../../src/events.js';
import { resetSessions } from '../helpers/page-state.js';
import { SERVICE_URL } from '../helpers/service.js';
import { maybePart, part, record } from '../helpers/table.js';
import { VISIBLE, accountNamed, loaded, sessionAccounts, shownNames, signInAs } from './catalog-list-helpers.js';

const HEADER = 'EP-Account-Management-Authentication-Token';

interface Call {
  url: string;
  authorization: string | null;
  account: string | null;
}

/** The browser's fetch, recording each call's address and tokens. */
function recordingFetch(): { fetch: typeof fetch; calls: Call[]; catalogCalls: () => Call[] } {
  const calls: Call[] = [];
  const wrapped = (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url: String(input), authorization: headers.get('Authorization'), account: headers.get(HEADER) });
    return fetch(input, init);
  };
  const catalogCalls = () => calls.filter((call) => new URL(call.url).pathname === '/catalogs');
  return { fetch: wrapped as typeof fetch, calls, catalogCalls };
}

/** What the service shows a bearer token by itself. */
async function catalogNamesFor(bearer: string): Promise<string[]> {
  const response = await fetch(`${SERVICE_URL}/catalogs`, { headers: { Authorization: bearer } });
  const body = (await response.json()) as { data: { attributes: { name: string } }[] };
  return body.data.map((c) => c.attributes.name);
}

describe('account calls', () => {
  before(() => {
    AccountSignIn.define();
    AccountPicker.define();
    CatalogList.define();
  });

  beforeEach(() => {
    resetSessions();
    forgetImplicitTokens();
  });

  it('send the implicit bearer and the account token beside it; the service answers with the account', async () => {
    const ada = await signInAs('ada@example.com');
    const harvard = accountNamed(ada, 'Harvard Computation Lab');
    const session = MemberSession.for('storefront', 'memory');
    session.signIn({ accountMemberId: ada.meta.account_member_id, accounts: sessionAccounts(ada) });
    session.select(harvard.accountId);
    const recorded = recordingFetch();
    const el = await fixture<CatalogList>(
      html`<catalog-list base-url=${SERVICE_URL} client-id="storefront" .fetch=${recorded.fetch}></catalog-list>`,
    );
    await loaded(el);

    const [call] = recorded.catalogCalls();
    expect(call.account, 'the account token in its header').to.equal(harvard.token);
    expect(call.authorization).to.match(/^Bearer \S+$/);
    expect(call.authorization).to.not.contain(harvard.token);
    // what the service made of the two: the account's catalogs
    expect(shownNames(el)).to.deep.equal(VISIBLE.harvard);
    // the bearer alone is the store's implicit token: by itself it sees the store-wide catalogs only
    expect(await catalogNamesFor(call.authorization!)).to.deep.equal(VISIBLE.storeWide);
    // the releases of an account's catalog go the same way
    part(el, 'expand').click();
    await waitUntil(() => recorded.calls.some((c) => c.url.includes('/releases')), 'a releases request');
    const releases = recorded.calls.find((c) => c.url.includes('/releases'))!;
    expect([releases.authorization, releases.account]).to.deep.equal([call.authorization, harvard.token]);
  });

  it('a 401 to an account token ends the session in every element: signed-out rejected, once, no retry', async () => {
    const grace = await signInAs('grace@example.com');
    const recorded = recordingFetch();
    const page = await fixture<HTMLElement>(
      html`<div>
        <account-sign-in base-url=${SERVICE_URL} client-id="storefront" storage="memory"></account-sign-in>
        <account-picker client-id="storefront"></account-picker>
        <catalog-list base-url=${SERVICE_URL} client-id="storefront" .fetch=${recorded.fetch}></catalog-list>
      </div>`,
    );
    const signIn = page.querySelector('account-sign-in')!;
    const picker = page.querySelector('account-picker')!;
    const list = page.querySelector('catalog-list')!;
    const signedOut = record<SignedOutEvent>(document, 'signed-out');
    const errors = record<StorefrontErrorEvent>(document, 'storefront-error');
    await loaded(list);
    // a session whose token the store no longer accepts (a revoked token fails its signature check the same way)
    const [account] = sessionAccounts(grace);
    const refused = { ...account, token: `${account.token!.slice(0, -4)}AAAA` };
    const ended = oneEvent(signIn, 'signed-out') as Promise<SignedOutEvent>;
    MemberSession.for('storefront').signIn({ accountMemberId: grace.meta.account_member_id, accounts: [refused] });

    expect((await ended).detail).to.deep.equal({ reason: 'rejected' });
    await waitUntil(() => maybePart(signIn, 'button'), 'the sign-in button again');
    expect(part(signIn, 'notice').textContent).to.equal('The store ended your session. Please sign in again.');
    expect(part(signIn, 'notice').getAttribute('role')).to.equal('status');
    expect(part(picker, 'signed-out').textContent).to.equal('Sign in to choose an account.');
    await loaded(list);
    expect(shownNames(list), 'the store-wide catalogs, with the implicit token').to.deep.equal(VISIBLE.storeWide);
    expect(MemberSession.for('storefront').signedIn).to.equal(false);

    await new Promise((resolve) => setTimeout(resolve, 300));
    const withAccount = recorded.catalogCalls().filter((call) => call.account);
    expect(
      withAccount.map((call) => call.account),
      'one call with the refused token, no retry',
    ).to.deep.equal([refused.token]);
    expect(signedOut.map((event) => event.detail.reason)).to.deep.equal(['rejected']);
    expect(errors, 'an ended session is no error').to.have.length(0);
  });

  it("a 401 to the host's own token is the host's business: the session stays", async () => {
    const grace = await signInAs('grace@example.com');
    const session = MemberSession.for('storefront', 'memory');
    session.signIn({ accountMemberId: grace.meta.account_member_id, accounts: sessionAccounts(grace) });
    const errors = record<StorefrontErrorEvent>(document, 'storefront-error');
    const el = await fixture<CatalogList>(
      html`<catalog-list base-url=${SERVICE_URL} client-id="storefront" .accessToken=${'not-a-token'}></catalog-list>`,
    );
    await loaded(el);
    expect(part(el, 'error')).to.not.equal(null);
    expect(errors.map((event) => event.detail.error.status)).to.deep.equal([401]);
    expect(session.signedIn).to.equal(true);
  });
});
