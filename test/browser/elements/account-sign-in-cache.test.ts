/**
 * <account-sign-in> caches the public sign-in configuration (settings and OIDC profiles) for the tab and
 * revalidates it: a warm start shows the cached buttons before the network answers.
 */
import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { jsonResponse } from '../helpers/fake-fetch.js';
import { SERVICE_URL, resetService } from '../helpers/service.js';
import { cleanUpSignIn, part, parts, renderSignIn, waitForPart } from '../helpers/sign-in-flow.js';

const KEY = `storefront-elements:options:${SERVICE_URL} storefront`;

/** The browser's fetch, held back until `release()`; `answer` may replace the profiles' answer. */
function gatedFetch(answer?: (url: URL) => Response | undefined) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    await gate;
    return answer?.(url) ?? window.fetch(input, init);
  }) as typeof fetch;
  return { fetch: fetchImpl, release, calls };
}

describe('<account-sign-in> sign-in configuration cache', function () {
  this.timeout(20000);

  before(resetService);
  afterEach(cleanUpSignIn);

  it('shows the cached buttons at once on a warm start, then updates them and the cache', async () => {
    const cold = await renderSignIn();
    await waitForPart(cold, 'button');
    cold.remove();
    const cached = sessionStorage.getItem(KEY) as string;
    expect(cached).to.be.a('string');
    expect(cached, 'public configuration only, never a token').to.not.match(/token/i);

    const renamed = gatedFetch((url) =>
      url.pathname.includes('/oidc-profiles')
        ? jsonResponse({
            data: [
              {
                id: 'p2',
                type: 'oidc_profile',
                name: 'Renamed ID',
                links: { 'authorization-endpoint': 'https://idp.example/a' },
              },
            ],
          })
        : undefined,
    );
    const warm = await renderSignIn({}, { fetch: renamed.fetch });
    expect(part(warm, 'button')?.textContent?.trim(), 'before the network answers').to.equal('Sign in with Example ID');
    expect(part(warm, 'base')?.getAttribute('aria-busy')).to.equal('false');
    expect(renamed.calls.length, 'revalidating in the background').to.be.greaterThan(0);

    renamed.release();
    await waitUntil(() => part(warm, 'button')?.textContent?.trim() === 'Sign in with Renamed ID', 'not revalidated');
    expect(parts(warm, 'button')).to.have.length(1);
    expect(JSON.parse(sessionStorage.getItem(KEY) as string).profiles[0].name).to.equal('Renamed ID');
  });

  it('keeps the cached buttons and reports nothing when the revalidation fails', async () => {
    const cold = await renderSignIn();
    await waitForPart(cold, 'button');
    cold.remove();

    let errors = 0;
    const count = () => errors++;
    document.addEventListener('storefront-error', count);
    try {
      const down = gatedFetch(() => {
        throw new TypeError('Failed to fetch');
      });
      const warm = await renderSignIn({}, { fetch: down.fetch });
      down.release();
      await waitUntil(() => down.calls.length > 0);
      await aTimeout(50);
      expect(parts(warm, 'button')).to.have.length(1);
      expect(part(warm, 'error')).to.equal(null);
      expect(errors).to.equal(0);
    } finally {
      document.removeEventListener('storefront-error', count);
    }
  });

  /** Replaces a Storage method (sessionStorage's own cannot be: assigning to it stores an item) until the test ends. */
  function breakStorage(method: 'getItem' | 'setItem', error: DOMException): () => void {
    const original = Storage.prototype[method];
    Storage.prototype[method] = () => {
      throw error;
    };
    return () => (Storage.prototype[method] = original as never);
  }

  async function expectButtonsWithoutError(el: Element, errors: () => number): Promise<void> {
    await waitForPart(el, 'button');
    await aTimeout(50);
    expect(part(el, 'error')).to.equal(null);
    expect(errors()).to.equal(0);
  }

  it('loads the buttons from the network when sessionStorage is blocked (throws on access)', async () => {
    let errors = 0;
    const count = () => errors++;
    document.addEventListener('storefront-error', count);
    const restore = [
      breakStorage('getItem', new DOMException('Access is denied for this document.', 'SecurityError')),
      breakStorage('setItem', new DOMException('Access is denied for this document.', 'SecurityError')),
    ];
    try {
      await expectButtonsWithoutError(await renderSignIn(), () => errors);
    } finally {
      restore.forEach((undo) => undo());
      document.removeEventListener('storefront-error', count);
    }
  });

  it('treats a cache it cannot write (storage full) as no cache, not as an error', async () => {
    let errors = 0;
    const count = () => errors++;
    document.addEventListener('storefront-error', count);
    const restore = breakStorage('setItem', new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    try {
      await expectButtonsWithoutError(await renderSignIn(), () => errors);
    } finally {
      restore();
      document.removeEventListener('storefront-error', count);
    }
    expect(sessionStorage.getItem(KEY)).to.equal(null);
  });

  for (const [name, stored] of [
    ['not JSON', '{oops'],
    ['an object of another shape', JSON.stringify({ clientId: 'x', profiles: [] })],
    ['the pair an earlier version kept', JSON.stringify(['x', []])],
    ['a number', '42'],
    ['a client id that is not a string', JSON.stringify({ authorizationClientId: 1, profiles: [] })],
    ['profiles that are not a list', JSON.stringify({ authorizationClientId: 'x', profiles: 'not a list' })],
  ] as const) {
    it(`ignores a malformed cached value (${name}): a cold start that replaces it`, async () => {
      sessionStorage.setItem(KEY, stored);
      let errors = 0;
      const count = () => errors++;
      document.addEventListener('storefront-error', count);
      try {
        await expectButtonsWithoutError(await renderSignIn(), () => errors);
      } finally {
        document.removeEventListener('storefront-error', count);
      }
      const { authorizationClientId, profiles } = JSON.parse(sessionStorage.getItem(KEY) as string);
      expect(authorizationClientId).to.equal('storefront');
      expect(profiles[0].name).to.equal('Example ID');
    });
  }

  it('keys the cache by base URL and client id', async () => {
    sessionStorage.setItem(
      `storefront-elements:options:${SERVICE_URL} another-client`,
      JSON.stringify({ authorizationClientId: 'x', profiles: [] }),
    );
    const hanging = gatedFetch();
    const el = await renderSignIn({}, { fetch: hanging.fetch });
    expect(part(el, 'loading'), 'no cache for this client: cold start').to.not.equal(null);
    hanging.release();
    await waitForPart(el, 'button');
  });
});
