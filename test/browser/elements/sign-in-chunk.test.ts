/**
 * The sign-in flow is a chunk of its own (src/internal/chunks.ts), which the browser fetches when a shopper first starts
 * a sign-in or comes back from the identity provider. With the network down for it (the browser's request fails as
 * without a connection), the element says so in words, fires `storefront-error` (`chunk_unavailable`), names the file
 * in the console and offers its retry; nothing is left half done. Once the file can be fetched again, the retry loads
 * it without a reload of the page (the last test). These tests must run before anything on the page loads the chunk.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { MemberSession } from '../../../src/auth/session.js';
import type { SignInRedirectEvent, StorefrontErrorEvent } from '../../../src/events.js';
import { TRANSACTION_KEY_PREFIX } from '../../../src/internal/storage.js';
import { resetService } from '../helpers/service.js';
import { cleanUpSignIn, landOn, part, recordNavigation, renderSignIn, waitForPart } from '../helpers/sign-in-flow.js';

const CHUNK_UNAVAILABLE_TEXT = "Some of the store's files could not be loaded. Please try again later.";

function next<E extends Event>(target: EventTarget, type: string): Promise<E> {
  return new Promise((resolve) => target.addEventListener(type, (e) => resolve(e as E), { once: true }));
}

/** The console.warn messages from now on. */
function recordWarnings(): string[] {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    warnings.push(args.map(String).join(' '));
    warn.apply(console, args);
  };
  after(() => (console.warn = warn));
  return warnings;
}

const transactions = () => Object.keys(sessionStorage).filter((key) => key.startsWith(TRANSACTION_KEY_PREFIX));

describe('<account-sign-in> when its sign-in chunk cannot be fetched', function () {
  this.timeout(20000);

  before(async () => {
    await resetService();
    await executeServerCommand('block-requests', { pattern: '/sign-in-flow\\.' });
  });
  after(() => executeServerCommand('unblock-requests'));
  afterEach(async () => {
    await executeServerCommand('close-popups');
    cleanUpSignIn();
  });

  it('a click on Sign in: chunk_unavailable with a readable sentence and Try again; the console names the file', async () => {
    const visited = recordNavigation();
    const warnings = recordWarnings();
    const el = await renderSignIn();
    const error = next<StorefrontErrorEvent>(el, 'storefront-error');
    (await waitForPart(el, 'button')).click();

    const reported = (await error).detail.error;
    expect(reported.code).to.equal('chunk_unavailable');
    expect(reported.message).to.match(
      /^Could not load http:\/\/\S+sign-in-flow\S* \(network, integrity value, or hosting/,
    );
    expect(
      warnings.some((warning) => /^storefront-elements: Could not load http\S+sign-in-flow/.test(warning)),
    ).to.equal(true, warnings.join('\n'));
    expect((await waitForPart(el, 'error-message')).textContent).to.equal(CHUNK_UNAVAILABLE_TEXT);
    expect(visited).to.deep.equal([]);
    expect(transactions()).to.deep.equal([]);

    part(el, 'retry')!.click();
    const button = await waitForPart(el, 'button');
    expect(button.hasAttribute('disabled'), 'the button works again').to.equal(false);
    expect(part(el, 'error')).to.equal(null);
  });

  it('mode="popup": the window opened during the click closes again, and the element says why', async () => {
    const el = await renderSignIn({ mode: 'popup' });
    const error = next<StorefrontErrorEvent>(el, 'storefront-error');
    (await waitForPart(el, 'button')).click();

    expect((await error).detail.error.code).to.equal('chunk_unavailable');
    expect((await waitForPart(el, 'error-message')).textContent).to.equal(CHUNK_UNAVAILABLE_TEXT);
    await waitUntil(async () => (await executeServerCommand('popups')) === 0, 'the sign-in window closed');
    expect(transactions()).to.deep.equal([]);
  });

  it('the page the identity provider sends back to: chunk_unavailable instead of a silent hang; the code leaves the address bar', async () => {
    landOn('http://localhost/?code=c1&state=s1');
    const el = await renderSignIn();
    const error = next<StorefrontErrorEvent>(el, 'storefront-error');

    expect((await error).detail.error.code).to.equal('chunk_unavailable');
    expect((await waitForPart(el, 'error-message')).textContent).to.equal(CHUNK_UNAVAILABLE_TEXT);
    expect(location.search).not.to.contain('code=');
    expect(MemberSession.for('storefront').signedIn).to.equal(false);

    part(el, 'retry')!.click();
    await waitForPart(el, 'button');
  });

  // last: from here on the page has the chunk
  it('once the file can be fetched again, Try again loads it without a reload: the sign-in starts', async () => {
    const el = await renderSignIn();
    el.addEventListener('sign-in-redirect', (event) => event.preventDefault());
    const error = next<StorefrontErrorEvent>(el, 'storefront-error');
    (await waitForPart(el, 'button')).click();
    expect((await error).detail.error.code).to.equal('chunk_unavailable');

    await executeServerCommand('unblock-requests');
    part(el, 'retry')!.click();
    const redirect = next<SignInRedirectEvent>(el, 'sign-in-redirect');
    (await waitForPart(el, 'button')).click();
    expect(new URL((await redirect).detail.url).searchParams.get('code_challenge_method')).to.equal('S256');
    expect(part(el, 'error')).to.equal(null);
  });
});
