/** <account-members> failure paths: a refused token (real service), faults a real server will not produce (fake fetch). */
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { StorefrontError } from '../../../src/api/errors.js';
import { AccountMembers } from '../../../src/elements/account-members/account-members.js';
import type { StorefrontErrorEvent } from '../../../src/events.js';
import { fakeFetch, hangingFetch, jsonResponse } from '../helpers/fake-fetch.js';
import { SERVICE_URL, operatorToken } from '../helpers/service.js';
import { focusedPart, maybePart, part, parts, settled } from '../helpers/table.js';

describe('<account-members> failures', () => {
  before(() => AccountMembers.define());

  async function render(
    props: Partial<AccountMembers>,
  ): Promise<{ el: AccountMembers; errors: StorefrontErrorEvent[] }> {
    const errors: StorefrontErrorEvent[] = [];
    const el = await fixture<AccountMembers>(
      html`<account-members
        base-url=${SERVICE_URL}
        .accessToken=${props.accessToken}
        .fetch=${props.fetch}
        @storefront-error=${(e: StorefrontErrorEvent) => errors.push(e)}
      ></account-members>`,
    );
    await settled(el);
    return { el, errors };
  }

  function errorText(el: AccountMembers): string {
    return part(el, 'error-message').textContent ?? '';
  }

  it('reads a wrong operator token (401 from the service) as a sentence, and retries', async () => {
    const good = await operatorToken();
    const tokens = ['not-a-real-token', good];
    const { el, errors } = await render({ accessToken: async () => tokens.shift() ?? good });
    expect(part(el, 'error').getAttribute('role')).to.equal('alert');
    expect(errorText(el)).to.equal(
      'The operator access token is missing, wrong or expired. Get a new token and try again.',
    );
    expect(errors).to.have.length(1);
    const error: StorefrontError = errors[0].detail.error;
    expect(error.code).to.equal('http_error');
    expect(error.status).to.equal(401);
    expect(error.errors[0].title).to.equal('Unauthorized');
    expect(maybePart(el, 'table')).to.equal(null);

    part<HTMLButtonElement>(el, 'retry').click();
    await settled(el);
    expect(maybePart(el, 'error')).to.equal(null);
    expect(parts(el, 'row')).to.have.length(25);
    expect(errors).to.have.length(1);
  });

  it('moves focus to the table when Try again takes its button away', async () => {
    const good = await operatorToken();
    const tokens = ['not-a-real-token', good];
    const { el } = await render({ accessToken: async () => tokens.shift() ?? good });
    part<HTMLButtonElement>(el, 'retry').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(focusedPart(el)).to.equal('table');
    await settled(el);
    expect(parts(el, 'row')).to.have.length(25);
    expect(focusedPart(el)).to.equal('table');
  });

  it('says loading and try again in the words the host gives', async () => {
    const hanging = hangingFetch();
    const el = await fixture<AccountMembers>(
      html`<account-members
        base-url=${SERVICE_URL}
        .texts=${{ loadingText: 'Chargement…', retryLabel: 'Réessayer' }}
        .accessToken=${'x'}
        .fetch=${hanging.fetch}
      ></account-members>`,
    );
    await el.updateComplete;
    expect(part(el, 'loading-label').textContent).to.equal('Chargement…');
    el.fetch = fakeFetch(() =>
      jsonResponse({ errors: [{ title: 'Internal Server Error', status: '500' }] }, 500),
    ).fetch;
    await settled(el);
    expect(part(el, 'retry').textContent).to.equal('Réessayer');
  });

  it('waits calmly without a token and loads once one is set', async () => {
    const { el, errors } = await render({});
    expect(part(el, 'not-configured').textContent).to.contain('operator access token');
    expect(errors).to.have.length(0);
    el.accessToken = await operatorToken();
    await settled(el);
    expect(parts(el, 'row')).to.have.length(25);
  });

  it('shows a 500 as a sentence with a retry and fires storefront-error', async () => {
    let fail = true;
    const fake = fakeFetch((call) =>
      fail
        ? jsonResponse(
            {
              errors: [{ title: 'Internal Server Error', status: '500', detail: 'The request could not be processed' }],
            },
            500,
          )
        : fetch(call.url, { headers: call.headers, signal: call.signal }),
    );
    const { el, errors } = await render({ accessToken: await operatorToken(), fetch: fake.fetch });
    expect(errorText(el)).to.equal('The store had a problem processing the request. Please try again.');
    expect(errors[0].detail.error.status).to.equal(500);
    fail = false;
    part<HTMLButtonElement>(el, 'retry').click();
    await settled(el);
    expect(parts(el, 'row')).to.have.length(25);
  });

  it('shows an unreachable service as a sentence and fires network_error', async () => {
    const fake = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { el, errors } = await render({ accessToken: 'x', fetch: fake.fetch });
    expect(errorText(el)).to.equal('The store could not be reached. Check your connection and try again.');
    expect(errors[0].detail.error.code).to.equal('network_error');
    expect(maybePart(el, 'retry')).to.not.equal(null);
  });

  it('shows a body that is not JSON as unreadable', async () => {
    const fake = fakeFetch(() => new Response('<html>proxy error</html>', { status: 200 }));
    const { el, errors } = await render({ accessToken: 'x', fetch: fake.fetch });
    expect(errorText(el)).to.equal('The store sent an answer that could not be read. Please try again.');
    expect(errors[0].detail.error.code).to.equal('invalid_response');
  });

  it('names a sort the service does not know before asking it', async () => {
    const fake = fakeFetch(() => jsonResponse({ data: [] }));
    const { el, errors } = await render({ accessToken: 'x', fetch: fake.fetch });
    el.setAttribute('sort', 'shoe_size');
    await settled(el);
    const { error } = errors[0].detail;
    // the page's mistake is named for its developer on the event; the operator reads the catalog's sentence
    expect(error.code).to.equal('invalid_query');
    expect(error.message).to.contain('Cannot sort by "shoe_size"');
    expect(errorText(el)).to.equal('This list cannot be shown with the settings of this page.');
    expect(fake.calls).to.have.length(1);
  });

  it('shows loading with aria-busy, and leaves no error and no update when removed mid-request', async () => {
    const hanging = hangingFetch();
    const errors: StorefrontErrorEvent[] = [];
    const el = await fixture<AccountMembers>(
      html`<account-members
        base-url=${SERVICE_URL}
        .accessToken=${'x'}
        .fetch=${hanging.fetch}
        @storefront-error=${(e: StorefrontErrorEvent) => errors.push(e)}
      ></account-members>`,
    );
    await el.updateComplete;
    await nextFrame();
    expect(part(el, 'loading').getAttribute('role')).to.equal('status');
    expect(part(el, 'loading').textContent).to.contain('Loading…');
    expect(part(el, 'table').getAttribute('aria-busy')).to.equal('true');
    expect(hanging.calls).to.have.length(1);

    let updates = 0;
    const observer = new MutationObserver(() => updates++);
    observer.observe(el.shadowRoot as ShadowRoot, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    el.remove();
    expect(hanging.calls[0].signal?.aborted).to.equal(true);
    await nextFrame();
    await nextFrame();
    observer.disconnect();
    expect(errors).to.have.length(0);
    expect(updates).to.equal(0);
  });
});
