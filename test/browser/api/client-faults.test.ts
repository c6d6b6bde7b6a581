/** The endpoints' failure handling, through an injected fetch: what a real server will not do on demand. */
import { createAccountManagementTokens } from '../../../src/api/account-tokens.js';
import { listCatalogReleases, listCatalogs } from '../../../src/api/catalogs.js';
import { getAccountAuthenticationSettings, listOidcProfiles, requestImplicitToken } from '../../../src/api/client.js';
import { type Connection, connect } from '../../../src/api/connection.js';
import { getLink, pages } from '../../../src/api/pages.js';
import {
  createMembership,
  listMembers,
  listMemberships,
  listUnassignedMembers,
} from '../../../src/api/operator-endpoints.js';
import { expect, waitUntil } from '@open-wc/testing';
import { ApiError, StorefrontError, isAbortError } from '../../../src/api/errors.js';
import { eq } from '../../../src/api/query.js';
import { REQUEST_TIMEOUT_MS, send } from '../../../src/api/http.js';
import type { Catalog, OidcProfile } from '../../../src/api/types.js';
import { endSessionUrl } from '../../../src/auth/end-session.js';
import { fakeFetch, hangingFetch, jsonResponse, rejectionOf } from '../helpers/fake-fetch.js';

const BASE = 'https://api.example.test';

function connection(fetch: typeof globalThis.fetch, accessToken: string | (() => string | Promise<string>) = 'tok') {
  return connect({ baseUrl: BASE, accessToken, fetch });
}

function expectCode(error: unknown, code: string): StorefrontError {
  expect(error).to.be.instanceOf(StorefrontError);
  expect((error as StorefrontError).code).to.equal(code);
  return error as StorefrontError;
}

describe('connect', () => {
  it('normalizes the base addresses', () => {
    const c = connect({ baseUrl: 'https://api.example.test/' });
    expect(c.baseUrl).to.equal('https://api.example.test');
    expect(c.catalogBaseUrl).to.equal('https://api.example.test');
    const d = connect({ baseUrl: 'https://a.example.test/x/', catalogBaseUrl: 'https://c.example.test' });
    expect(d.baseUrl).to.equal('https://a.example.test/x');
    expect(d.catalogBaseUrl).to.equal('https://c.example.test');
  });

  it('refuses a base address that is not http(s)', () => {
    for (const baseUrl of ['', 'not a url', 'ftp://x.example.test', 'javascript:alert(1)']) {
      expect(() => connect({ baseUrl }), baseUrl).to.throw(StorefrontError);
    }
  });
});

describe('endpoints: request shape', () => {
  it('sends bearer and accept headers, and JSON bodies with their content type', async () => {
    const f = fakeFetch(() => jsonResponse({ data: { id: 'm1', type: 'account_membership' } }, 201));
    const membership = await createMembership(connection(f.fetch), 'acc/1', 'mem-1');
    expect(membership.id).to.equal('m1');
    const [call] = f.calls;
    expect(call.method).to.equal('POST');
    expect(call.url).to.equal(`${BASE}/v2/accounts/acc%2F1/account-memberships`);
    expect(call.headers.get('Authorization')).to.equal('Bearer tok');
    expect(call.headers.get('Accept')).to.equal('application/json');
    expect(call.headers.get('Content-Type')).to.equal('application/json');
    expect(JSON.parse(call.body as string)).to.deep.equal({
      data: { type: 'account_membership', account_member_id: 'mem-1' },
    });
  });

  it('sends no content type without a body', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    await listOidcProfiles(connection(f.fetch), 'realm 1');
    expect(f.calls[0].url).to.equal(`${BASE}/v2/authentication-realms/realm%201/oidc-profiles/`);
    expect(f.calls[0].headers.has('Content-Type')).to.equal(false);
    expect(f.calls[0].method).to.equal('GET');
  });

  it('writes the token exchange body of the spec', async () => {
    const answer = { meta: { account_member_id: 'm' }, data: [] };
    const f = fakeFetch(() => jsonResponse(answer));
    const result = await createAccountManagementTokens(connection(f.fetch), {
      code: 'c0de',
      redirectUri: 'http://localhost:5173/cb',
      codeVerifier: 'v',
    });
    expect(result).to.deep.equal(answer);
    expect(f.calls[0].url).to.equal(`${BASE}/v2/account-members/tokens`);
    expect(JSON.parse(f.calls[0].body as string)).to.deep.equal({
      data: {
        type: 'account_management_authentication_token',
        authentication_mechanism: 'oidc',
        oauth_authorization_code: 'c0de',
        oauth_redirect_uri: 'http://localhost:5173/cb',
        oauth_code_verifier: 'v',
      },
    });
  });

  it('asks for the implicit token with a form and no bearer', async () => {
    const f = fakeFetch(() => jsonResponse({ access_token: 'abc', token_type: 'Bearer', expires_in: 3600 }));
    const token = await requestImplicitToken(connect({ baseUrl: BASE, fetch: f.fetch }), 'store front');
    expect(token.access_token).to.equal('abc');
    expect(f.calls[0].url).to.equal(`${BASE}/oauth/access_token`);
    expect(f.calls[0].headers.get('Content-Type')).to.equal('application/x-www-form-urlencoded');
    expect(f.calls[0].headers.has('Authorization')).to.equal(false);
    expect(f.calls[0].body).to.equal('grant_type=implicit&client_id=store+front');
  });

  it('puts the list query on the address', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [], links: { next: null } }));
    await listMembers(connection(f.fetch), { filter: eq('name', 'Smith, John'), sort: 'name', limit: 2, offset: 4 });
    const url = new URL(f.calls[0].url);
    expect(url.pathname).to.equal('/v2/account-members');
    expect(url.searchParams.get('filter')).to.equal('eq(name,"Smith, John")');
    expect(url.searchParams.get('sort')).to.equal('name');
    expect(url.searchParams.get('page[limit]')).to.equal('2');
    expect(url.searchParams.get('page[offset]')).to.equal('4');
  });

  it('sends catalog calls to the catalog address', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [], links: {} }));
    const c = connect({
      baseUrl: BASE,
      catalogBaseUrl: 'https://catalog.example.test',
      accessToken: 't',
      fetch: f.fetch,
    });
    await listCatalogs(c, { limit: 3 });
    expect(f.calls[0].url).to.equal('https://catalog.example.test/catalogs?page%5Blimit%5D=3');
    await listCatalogReleases(c, {
      relationships: { releases: { links: { related: '/catalogs/c1/releases' }, meta: { count: 1 } } },
    } as Catalog);
    expect(f.calls[1].url).to.equal('https://catalog.example.test/catalogs/c1/releases');
  });

  it('another token is the same connection with another accessToken: the addresses and fetch stay', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    const c = { ...connection(f.fetch, 'first'), accessToken: 'second' };
    expect(c.baseUrl).to.equal(BASE);
    await listUnassignedMembers(c, 'a');
    expect(f.calls[0].headers.get('Authorization')).to.equal('Bearer second');
    expect(f.calls[0].url).to.equal(`${BASE}/v2/accounts/a/account-memberships/unassigned-account-members`);
  });
});

describe('endpoints: tokens', () => {
  it('awaits a token function for every call', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    let n = 0;
    const c = connection(f.fetch, async () => `t${++n}`);
    await listOidcProfiles(c, 'r');
    await listOidcProfiles(c, 'r');
    expect(f.calls.map((call) => call.headers.get('Authorization'))).to.deep.equal(['Bearer t1', 'Bearer t2']);
  });

  it('refuses to call without a token, before fetch', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    const error = await rejectionOf(listOidcProfiles(connect({ baseUrl: BASE, fetch: f.fetch }), 'r'));
    expectCode(error, 'not_configured');
    expect(f.calls).to.have.length(0);
  });

  it('reports a token function that rejects, without calling fetch', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    const cause = new Error('token service down');
    const error = await rejectionOf(
      listOidcProfiles(
        connection(f.fetch, () => Promise.reject(cause)),
        'r',
      ),
    );
    expect(expectCode(error, 'not_configured').cause).to.equal(cause);
    expect((error as Error).message).to.contain('token service down');
    expect(f.calls).to.have.length(0);
  });

  it('passes a StorefrontError of the token function through', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    const own = new StorefrontError('network_error', 'no token service');
    expect(
      await rejectionOf(
        listOidcProfiles(
          connection(f.fetch, () => Promise.reject(own)),
          'r',
        ),
      ),
    ).to.equal(own);
  });

  it('refuses an empty token from the function', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    expectCode(
      await rejectionOf(
        listOidcProfiles(
          connection(f.fetch, () => ''),
          'r',
        ),
      ),
      'not_configured',
    );
    expect(f.calls).to.have.length(0);
  });
});

describe('endpoints: error answers', () => {
  it('turns a 500 envelope into ApiError with its errors', async () => {
    const errors = [{ title: 'Internal Server Error', status: '500', detail: 'The request could not be processed' }];
    const f = fakeFetch(() => jsonResponse({ errors }, 500));
    const error = await rejectionOf(listMembers(connection(f.fetch)));
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).code).to.equal('http_error');
    expect((error as ApiError).status).to.equal(500);
    expect((error as ApiError).errors).to.deep.equal(errors);
    expect((error as ApiError).message).to.equal('Internal Server Error: The request could not be processed');
  });

  it('gives ApiError with no errors for a body that is not an envelope', async () => {
    for (const body of ['<html>Bad gateway</html>', '', '{"message":"nope"}', '{"errors":"text"}', 'null']) {
      const f = fakeFetch(() => new Response(body, { status: 502 }));
      const error = await rejectionOf(listMembers(connection(f.fetch)));
      expect(error, body).to.be.instanceOf(ApiError);
      expect((error as ApiError).status).to.equal(502);
      expect((error as ApiError).errors, body).to.deep.equal([]);
    }
  });

  it('keeps only well-formed error objects, with status as text', async () => {
    const f = fakeFetch(() =>
      jsonResponse({ errors: [{ title: 'Conflict', status: 409 }, 'junk', { detail: 'x' }] }, 409),
    );
    const error = (await rejectionOf(createMembership(connection(f.fetch), 'a', 'm'))) as ApiError;
    expect(error.errors).to.deep.equal([{ title: 'Conflict', status: '409' }]);
  });

  it('reports a body that is not JSON on 200 as invalid_response', async () => {
    const f = fakeFetch(() => new Response('<html>hello</html>', { status: 200 }));
    const error = expectCode(await rejectionOf(listMembers(connection(f.fetch))), 'invalid_response');
    expect(error.status).to.equal(200);
  });

  it('reports a 200 of the wrong shape as invalid_response', async () => {
    const cases: Array<[string, (c: Connection) => Promise<unknown>, unknown]> = [
      ['members without data', (c) => listMembers(c), { items: [] }],
      ['members with data object', (c) => listMembers(c), { data: {} }],
      ['profiles null', (c) => listOidcProfiles(c, 'r'), null],
      ['settings without realm', (c) => getAccountAuthenticationSettings(c), { data: { meta: { client_id: 'x' } } }],
      ['membership with data list', (c) => createMembership(c, 'a', 'm'), { data: [] }],
      [
        'tokens without member id',
        (c) => createAccountManagementTokens(c, { code: 'c', redirectUri: 'r', codeVerifier: 'v' }),
        { data: [] },
      ],
      ['catalogs as array', (c) => listCatalogs(c), []],
      ['implicit token without access_token', (c) => requestImplicitToken(c, 'storefront'), { token: 'x' }],
    ];
    for (const [label, call, body] of cases) {
      const f = fakeFetch(() => jsonResponse(body));
      const error = await rejectionOf(call(connection(f.fetch)));
      expect(error, label).to.be.instanceOf(StorefrontError);
      expect((error as StorefrontError).code, label).to.equal('invalid_response');
    }
  });

  it('reports a fetch that rejects as network_error naming the origin', async () => {
    const cause = new TypeError('Failed to fetch');
    const f = fakeFetch(() => Promise.reject(cause));
    const error = expectCode(await rejectionOf(listMembers(connection(f.fetch))), 'network_error');
    expect(error.message).to.equal(`Could not reach the service at ${BASE}.`);
    expect(error.cause).to.equal(cause);
    expect(error).to.not.be.instanceOf(ApiError);
  });

  it('reports a body that breaks off as network_error', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":['));
        controller.error(new TypeError('network error'));
      },
    });
    const f = fakeFetch(() => new Response(stream, { status: 200 }));
    expectCode(await rejectionOf(listMembers(connection(f.fetch))), 'network_error');
  });

  it('refuses to send the token to another origin through a link', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    const error = await rejectionOf(getLink(connection(f.fetch), 'https://evil.example.test/v2/account-members'));
    expectCode(error, 'unsafe_endpoint');
    expect(f.calls).to.have.length(0);
  });

  it('refuses a catalog without a releases link', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    expectCode(
      await rejectionOf(listCatalogReleases(connection(f.fetch), { relationships: {} } as Catalog)),
      'invalid_response',
    );
  });

  it('rejects bad page bounds before fetch', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    const c = connection(f.fetch);
    for (const call of [
      () => listMembers(c, { limit: 0 }),
      () => listMembers(c, { limit: 10001 }),
      () => listMembers(c, { offset: 10001 }),
      () => listMembers(c, { limit: 1.5 }),
      () => listMemberships(c, 'a', { offset: -1 }),
      () => listCatalogs(c, { limit: 0 }),
    ]) {
      expectCode(await rejectionOf(call()), 'invalid_query');
    }
    expect(f.calls).to.have.length(0);
  });
});

describe('endpoints: timeouts', () => {
  it('gives up on a service that does not answer: network_error naming the origin', async () => {
    const f = hangingFetch();
    const error = await rejectionOf(send({ url: `${BASE}/health`, token: false, fetch: f.fetch, timeoutMs: 50 }));
    const failure = expectCode(error, 'network_error');
    expect(failure.message).to.include(BASE);
    expect((failure.cause as DOMException).name).to.equal('TimeoutError');
    expect(f.calls[0].signal?.aborted, 'the request is aborted').to.equal(true);
  });

  it('gives up on an answer whose body never ends', async () => {
    const stalled = new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{')) });
    const f = fakeFetch((call) => {
      const body = stalled.pipeThrough(new TransformStream(), { signal: call.signal });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    const error = await rejectionOf(send({ url: `${BASE}/health`, token: false, fetch: f.fetch, timeoutMs: 50 }));
    expectCode(error, 'network_error');
  });

  it('waits 30 s by default, and an abort of the caller is still an abort', async () => {
    expect(REQUEST_TIMEOUT_MS).to.equal(30_000);
    const f = hangingFetch();
    const controller = new AbortController();
    const pending = send({ url: `${BASE}/health`, token: false, fetch: f.fetch, signal: controller.signal });
    await waitUntil(() => f.calls.length === 1, 'the request');
    controller.abort();
    expect(isAbortError(await rejectionOf(pending))).to.equal(true);
  });

  it('gives up on the discovery of sign-out everywhere too', async () => {
    const f = hangingFetch();
    const profile = {
      id: 'p',
      type: 'oidc-profile',
      name: 'Slow ID',
      links: { 'client-discovery-url': 'http://127.0.0.1:9/.well-known/openid-configuration' },
    } as unknown as OidcProfile;
    const error = await rejectionOf(endSessionUrl(profile, location.href, f.fetch, 50));
    expectCode(error, 'network_error');
  });
});

describe('endpoints: abort', () => {
  it('rejects with AbortError, without calling fetch, when already aborted', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    const controller = new AbortController();
    controller.abort();
    const error = await rejectionOf(listMembers(connection(f.fetch), {}, { signal: controller.signal }));
    expect(error).to.be.instanceOf(DOMException);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(isAbortError(error)).to.equal(true);
    expect(f.calls).to.have.length(0);
  });

  it('rejects with AbortError when aborted during the request, and aborts the fetch with it', async () => {
    const f = hangingFetch();
    const controller = new AbortController();
    const pending = listMembers(connection(f.fetch), {}, { signal: controller.signal });
    await waitUntil(() => f.calls.length === 1, 'the request');
    expect(f.calls[0].signal?.aborted).to.equal(false);
    controller.abort();
    expect(f.calls[0].signal?.aborted, "the caller's abort reaches fetch").to.equal(true);
    const error = await rejectionOf(pending);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(error).to.not.be.instanceOf(StorefrontError);
  });

  it('gives AbortError, not network_error, even when the reason is something else', async () => {
    const f = hangingFetch();
    const controller = new AbortController();
    const pending = listMembers(connection(f.fetch), {}, { signal: controller.signal });
    await waitUntil(() => f.calls.length === 1, 'the request');
    controller.abort(new Error('custom reason'));
    const error = await rejectionOf(pending);
    expect(error).to.be.instanceOf(DOMException);
    expect((error as DOMException).name).to.equal('AbortError');
  });

  it('rejects with AbortError when aborted while the token function runs', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    const controller = new AbortController();
    let release: (token: string) => void = () => {};
    const tokenPromise = new Promise<string>((resolve) => (release = resolve));
    const pending = listMembers(
      connection(f.fetch, () => tokenPromise),
      {},
      { signal: controller.signal },
    );
    controller.abort();
    release('late');
    const error = await rejectionOf(pending);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(f.calls).to.have.length(0);
  });

  it('rejects with AbortError at once when aborted while a token function hangs', async () => {
    const f = fakeFetch(() => jsonResponse({ data: [] }));
    const controller = new AbortController();
    const hanging = connection(f.fetch, () => new Promise<string>(() => {}));
    const pending = listMembers(hanging, {}, { signal: controller.signal });
    controller.abort();
    const error = await rejectionOf(pending);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(f.calls).to.have.length(0);
  });

  it('rejects with AbortError when aborted after the answer arrived but before it was read', async () => {
    const controller = new AbortController();
    const f = fakeFetch(() => {
      controller.abort();
      return jsonResponse({ data: [] });
    });
    const error = await rejectionOf(listMembers(connection(f.fetch), {}, { signal: controller.signal }));
    expect((error as DOMException).name).to.equal('AbortError');
  });

  it('leaves no unhandled rejection behind', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (event: PromiseRejectionEvent) => {
      unhandled.push(event.reason);
      event.preventDefault();
    };
    window.addEventListener('unhandledrejection', onUnhandled);
    try {
      const controller = new AbortController();
      const f = hangingFetch();
      const pending = listMembers(connection(f.fetch), {}, { signal: controller.signal });
      controller.abort();
      await rejectionOf(pending);
      await rejectionOf(listMembers(connection(fakeFetch(() => Promise.reject(new TypeError('x'))).fetch)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).to.deep.equal([]);
    } finally {
      window.removeEventListener('unhandledrejection', onUnhandled);
    }
  });
});

describe('endpoints: pages()', () => {
  const page = (n: number, next: string | null) => ({ data: [`item${n}`], links: { next } });

  it('follows links.next until null', async () => {
    const f = fakeFetch((call) => {
      const n = Number(new URL(call.url).searchParams.get('n'));
      return jsonResponse(page(n, n < 3 ? `${BASE}/list?n=${n + 1}` : null));
    });
    const c = connection(f.fetch);
    const seen: string[][] = [];
    for await (const data of pages<string>(c, (o) => getLink(c, `${BASE}/list?n=1`, o))) seen.push(data);
    expect(seen).to.deep.equal([['item1'], ['item2'], ['item3']]);
    expect(f.calls.map((call) => call.url)).to.deep.equal([`${BASE}/list?n=1`, `${BASE}/list?n=2`, `${BASE}/list?n=3`]);
  });

  it('stops quietly when aborted between pages', async () => {
    const f = fakeFetch((call) => {
      const n = Number(new URL(call.url).searchParams.get('n'));
      return jsonResponse(page(n, `${BASE}/list?n=${n + 1}`));
    });
    const c = connection(f.fetch);
    const controller = new AbortController();
    const seen: string[][] = [];
    for await (const data of pages<string>(c, (o) => getLink(c, `${BASE}/list?n=1`, o), {
      signal: controller.signal,
    })) {
      seen.push(data);
      if (seen.length === 2) controller.abort();
    }
    expect(seen).to.deep.equal([['item1'], ['item2']]);
    expect(f.calls).to.have.length(2);
  });

  it('stops quietly when aborted during a page request', async () => {
    const controller = new AbortController();
    const f = fakeFetch((call) => {
      if (call.url.endsWith('n=2')) {
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      }
      return jsonResponse(page(1, `${BASE}/list?n=2`));
    });
    const c = connection(f.fetch);
    const seen: string[][] = [];
    for await (const data of pages<string>(c, (o) => getLink(c, `${BASE}/list?n=1`, o), {
      signal: controller.signal,
    })) {
      seen.push(data);
    }
    expect(seen).to.deep.equal([['item1']]);
  });

  it('throws the errors of a page', async () => {
    const f = fakeFetch((call) =>
      call.url.endsWith('n=1') ? jsonResponse(page(1, `${BASE}/list?n=2`)) : jsonResponse({ errors: [] }, 500),
    );
    const c = connection(f.fetch);
    const seen: string[][] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const data of pages<string>(c, (o) => getLink(c, `${BASE}/list?n=1`, o))) seen.push(data);
      })(),
    );
    expect(seen).to.deep.equal([['item1']]);
    expect((error as ApiError).status).to.equal(500);
  });

  it('stops before repeating the first page when its next link points back at it (links.self)', async () => {
    const f = fakeFetch(() => jsonResponse({ data: ['item1'], links: { self: `${BASE}/list`, next: `${BASE}/list` } }));
    const c = connection(f.fetch);
    const seen: string[][] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const data of pages<string>(c, (o) => getLink(c, `${BASE}/list`, o))) seen.push(data);
      })(),
    );
    expectCode(error, 'invalid_response');
    expect(seen).to.deep.equal([['item1']]);
    expect(f.calls).to.have.length(1);
  });

  it('refuses a page without data and a list that loops', async () => {
    const c1 = connection(fakeFetch(() => jsonResponse({ links: { next: null } })).fetch);
    const e1 = await rejectionOf(
      (async () => {
        for await (const _ of pages(c1, (o) => getLink<never>(c1, `${BASE}/list`, o))) void _;
      })(),
    );
    expectCode(e1, 'invalid_response');
    const c2 = connection(fakeFetch(() => jsonResponse(page(1, `${BASE}/list`))).fetch);
    let count = 0;
    const e2 = await rejectionOf(
      (async () => {
        for await (const _ of pages(c2, (o) => getLink<never>(c2, `${BASE}/list`, o))) count++;
      })(),
    );
    expectCode(e2, 'invalid_response');
    expect(count).to.equal(2);
  });
});
