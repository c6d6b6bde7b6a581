/** src/auth/sign-in.ts: the authorization request, the safety check, the callback, and the token exchange. */
import { connect } from '../../../src/api/connection.js';
import { expect } from '@open-wc/testing';
import { StorefrontError } from '../../../src/api/errors.js';
import { computeCodeChallenge } from '../../../src/auth/pkce.js';
import {
  type SignInCallback,
  defaultRedirectUri,
  readCallback,
  withoutCallbackParams,
} from '../../../src/auth/callback.js';
import {
  buildAuthorizationUrl,
  checkSignInEndpoint,
  completeSignIn,
  startSignIn,
  toSignedInDetail,
} from '../../../src/auth/sign-in.js';
import { consumeTransaction, createMemoryStorage, saveTransaction } from '../../../src/auth/transaction.js';
import { type RecordedCall, fakeFetch, jsonResponse, rejectionOf } from '../helpers/fake-fetch.js';

const PROFILE = {
  id: 'p1',
  name: 'Example ID',
  links: { 'authorization-endpoint': 'https://idp.example/authorize?profile_id=p1&scope=wrong' },
};

/** The callback a redirect back with these query parameters brings. */
const callbackOf = (params: Record<string, string>): SignInCallback => ({
  state: params.state,
  query: `?${new URLSearchParams(params)}`,
});

function codeOf(error: unknown): string | undefined {
  return error instanceof StorefrontError ? error.code : undefined;
}

describe('sign-in: authorization request', () => {
  it('sets every parameter, keeps the link’s own, replaces ones it sets', () => {
    const url = new URL(
      buildAuthorizationUrl({
        endpoint: PROFILE.links['authorization-endpoint'],
        clientId: 'store-client',
        redirectUri: 'https://shop.example/back?x=1',
        state: 'st',
        codeChallenge: 'ch',
        display: 'popup',
        prompt: 'login',
        uiLocales: 'de',
      }),
    );
    const q = url.searchParams;
    expect(q.get('profile_id')).to.equal('p1');
    expect(q.getAll('scope')).to.deep.equal(['openid email']);
    expect(q.get('response_type')).to.equal('code');
    expect(q.get('client_id')).to.equal('store-client');
    expect(q.get('redirect_uri')).to.equal('https://shop.example/back?x=1');
    expect(q.get('state')).to.equal('st');
    expect(q.get('code_challenge_method')).to.equal('S256');
    expect(q.get('code_challenge')).to.equal('ch');
    expect([q.get('display'), q.get('prompt'), q.get('ui_locales')]).to.deep.equal(['popup', 'login', 'de']);
  });

  it('starts a sign-in: fresh PKCE pair and state, transaction saved, S256 challenge of the saved verifier', async () => {
    const storage = createMemoryStorage();
    const options = {
      profile: PROFILE,
      authorizationClientId: 'store-client',
      clientId: 'storefront',
      baseUrl: 'https://api.example',
      redirectUri: 'https://shop.example/',
      pageUrl: 'https://shop.example/',
      storage,
    };
    const first = await startSignIn(options);
    const second = await startSignIn(options);
    expect(first.transaction.state).to.not.equal(second.transaction.state);
    expect(first.transaction.codeVerifier).to.not.equal(second.transaction.codeVerifier);
    const q = new URL(first.url).searchParams;
    expect(q.get('state')).to.equal(first.transaction.state);
    expect(q.get('code_challenge')).to.equal(await computeCodeChallenge(first.transaction.codeVerifier));
    expect(q.has('display')).to.equal(false);
    const saved = consumeTransaction(first.transaction.state, { storage });
    expect(saved?.profileId).to.equal('p1');
    expect(saved?.redirectUri).to.equal('https://shop.example/');
  });

  it('a renewal asks with prompt=none, also after a sign-out, and its transaction remembers the page and account', async () => {
    const storage = createMemoryStorage();
    const { url, transaction } = await startSignIn({
      profile: PROFILE,
      authorizationClientId: 'store-client',
      clientId: 'storefront',
      baseUrl: 'https://api.example',
      redirectUri: 'https://shop.example/',
      pageUrl: 'https://shop.example/orders?page=2',
      prompt: 'login consent',
      loginAgain: true,
      renewal: true,
      returnTo: 'https://shop.example/orders?page=2',
      accountId: 'a2',
      storage,
    });
    expect(new URL(url).searchParams.get('prompt')).to.equal('none');
    const saved = consumeTransaction(transaction.state, { storage });
    expect(saved).to.include({ renewal: true, returnTo: 'https://shop.example/orders?page=2', accountId: 'a2' });
  });

  it('refuses unsafe sign-in addresses before saving anything', async () => {
    const storage = createMemoryStorage();
    const error = await rejectionOf(
      startSignIn({
        profile: { id: 'p', links: { 'authorization-endpoint': 'javascript:alert(1)' } },
        authorizationClientId: 'c',
        clientId: 'c',
        baseUrl: 'https://api.example',
        redirectUri: 'https://shop.example/',
        storage,
      }),
    );
    expect(codeOf(error)).to.equal('unsafe_endpoint');
    expect(storage.length).to.equal(0);
  });

  for (const [link, pages, safe] of [
    ['https://idp.example/a', ['https://shop.example/'], true],
    ['http://idp.example/a', ['http://shop.example/'], true],
    ['http://idp.example/a', ['https://shop.example/'], false],
    ['http://idp.example/a', ['http://shop.example/', 'https://shop.example/back'], false],
    ['http://localhost:8787/a', ['https://shop.example/'], true],
    ['http://127.0.0.1:8787/a', ['https://shop.example/'], true],
    ['http://[::1]:8787/a', ['https://shop.example/'], true],
    ['javascript:alert(1)', [], false],
    ['JAVASCRIPT:alert(1)', [], false],
    ['data:text/html,x', [], false],
    ['vbscript:x', [], false],
    ['//idp.example/a', [], false],
    ['', [], false],
    ['https://user:pw@idp.example/a', [], false],
  ] as const) {
    it(`${safe ? 'allows' : 'refuses'} ${link || '(empty)'} from ${pages.join(' + ') || 'any page'}`, () => {
      const check = () => checkSignInEndpoint(link, [...pages]);
      if (safe) expect(check().href).to.be.a('string');
      else {
        let error: unknown;
        try {
          check();
        } catch (e) {
          error = e;
        }
        expect(codeOf(error)).to.equal('unsafe_endpoint');
      }
    });
  }
});

describe('sign-in: callback address', () => {
  it('reads code+state and error+state; anything else is no callback', () => {
    expect(readCallback('https://s.example/?code=c&state=s')).to.deep.equal({ state: 's', query: '?code=c&state=s' });
    expect(readCallback('https://s.example/?error=access_denied&error_description=No&state=s')).to.deep.equal({
      state: 's',
      query: '?error=access_denied&error_description=No&state=s',
    });
    expect(readCallback('https://s.example/?code=c')).to.equal(undefined);
    expect(readCallback('https://s.example/?state=s')).to.equal(undefined);
    expect(readCallback('https://s.example/?q=1')).to.equal(undefined);
    expect(readCallback('not a url')).to.equal(undefined);
  });

  it('removes only the callback parameters, keeping the others and the hash', () => {
    expect(
      withoutCallbackParams(
        'https://s.example/p?a=1&code=c&state=s&error=e&error_description=d&error_uri=u&iss=i&session_state=x&b=2#h',
      ),
    ).to.equal('https://s.example/p?a=1&b=2#h');
  });

  it('defaults the redirect URI to the page address without query and hash', () => {
    expect(defaultRedirectUri('https://s.example/shop/?a=1#x')).to.equal('https://s.example/shop/');
  });
});

describe('sign-in: completing', () => {
  const NOW = Date.UTC(2026, 0, 1);
  function setup(answer: (call: RecordedCall) => Response | Promise<Response>) {
    const storage = createMemoryStorage();
    saveTransaction(
      {
        state: 's1',
        codeVerifier: 'v'.repeat(43),
        redirectUri: 'https://shop.example/',
        profileId: 'p',
        clientId: 'c',
        baseUrl: 'https://api.example',
      },
      { storage, now: () => NOW },
    );
    const fake = fakeFetch(answer);
    const connection = connect({ baseUrl: 'https://api.example', accessToken: 'tok', fetch: fake.fetch });
    return { storage, fake, connection, now: () => NOW + 1000 };
  }
  /** The store: the token answer, and the member's own record to a read with her account token. */
  const good = ({ url, headers }: RecordedCall) =>
    url.endsWith('/v2/account-members/m1')
      ? jsonResponse(
          headers.get('EP-Account-Management-Authentication-Token') === 't1'
            ? { data: { id: 'm1', type: 'account_member', name: 'Mia', email: 'mia@example.com' } }
            : { errors: [{ status: '401', title: 'Unauthorized' }] },
          headers.get('EP-Account-Management-Authentication-Token') === 't1' ? 200 : 401,
        )
      : jsonResponse({
          meta: { account_member_id: 'm1' },
          data: [
            {
              type: 'account_management_authentication_token',
              account_id: 'a1',
              account_name: 'A',
              token: 't1',
              expires: '2026-01-01T01:00:00.000Z',
            },
          ],
        });

  it('exchanges code, redirect URI and verifier once; a replay is a state mismatch without a request', async () => {
    const { storage, fake, connection, now } = setup(good);
    const detail = await completeSignIn(callbackOf({ code: 'c1', state: 's1' }), {
      connection,
      clientId: 'c',
      storage,
      now,
    });
    expect(detail).to.deep.equal({
      accountMemberId: 'm1',
      accounts: [{ accountId: 'a1', accountName: 'A', token: 't1', expires: '2026-01-01T01:00:00.000Z' }],
      member: { id: 'm1', name: 'Mia', email: 'mia@example.com' },
      profileId: 'p',
    });
    // the exchange, then who signed in, read with her own account token
    expect(fake.calls.map((call) => call.url)).to.deep.equal([
      'https://api.example/v2/account-members/tokens',
      'https://api.example/v2/account-members/m1',
    ]);
    expect(JSON.parse(fake.calls[0].body as string).data).to.deep.equal({
      type: 'account_management_authentication_token',
      authentication_mechanism: 'oidc',
      oauth_authorization_code: 'c1',
      oauth_redirect_uri: 'https://shop.example/',
      oauth_code_verifier: 'v'.repeat(43),
    });
    const replay = await rejectionOf(
      completeSignIn(callbackOf({ code: 'c1', state: 's1' }), { connection, clientId: 'c', storage, now }),
    );
    expect(codeOf(replay)).to.equal('state_mismatch');
    expect(fake.calls).to.have.length(2);
  });

  it("reads each account's parent with that account's own token, a few at a time; one that fails stays at the top", async () => {
    const accounts = Array.from({ length: 9 }, (_, i) => ({
      type: 'account_management_authentication_token',
      account_id: `a${i}`,
      account_name: `A${i}`,
      token: `t${i}`,
      expires: '2026-01-01T01:00:00.000Z',
    }));
    let reading = 0;
    let most = 0;
    const { storage, connection, now } = setup(({ url, headers }) => {
      if (url.endsWith('/tokens')) return jsonResponse({ meta: { account_member_id: 'm1' }, data: accounts });
      const id = /\/v2\/accounts\/(a\d)$/.exec(url)?.[1];
      if (!id) return jsonResponse({ errors: [{ status: '404', title: 'Not Found' }] }, 404);
      // each account is read with its own token
      expect(headers.get('EP-Account-Management-Authentication-Token')).to.equal(id.replace('a', 't'));
      // answered a task later, so that the reads under way at once can be counted
      most = Math.max(most, ++reading);
      return new Promise<Response>((resolve) =>
        setTimeout(() => {
          reading--;
          const parent = id === 'a0' ? null : 'a0';
          resolve(
            id === 'a3'
              ? jsonResponse({ errors: [{ status: '500', title: 'Internal Server Error' }] }, 500)
              : jsonResponse({ data: { id, type: 'account', name: id, parent_id: parent } }),
          );
        }),
      );
    });
    saveTransaction(
      {
        state: 's2',
        codeVerifier: 'v'.repeat(43),
        redirectUri: 'https://shop.example/',
        profileId: 'p',
        clientId: 'c',
        baseUrl: 'https://api.example',
        returnTo: 'https://shop.example/orders',
        accountId: 'a4',
      },
      { storage, now: () => NOW },
    );
    const detail = await completeSignIn(callbackOf({ code: 'c1', state: 's2' }), {
      connection,
      clientId: 'c',
      storage,
      now,
    });
    expect(detail.accounts.map((account) => account.parentId)).to.deep.equal([
      undefined,
      'a0',
      'a0',
      undefined,
      'a0',
      'a0',
      'a0',
      'a0',
      'a0',
    ]);
    expect(most, 'six at once').to.equal(6);
    expect(detail).to.include({ returnTo: 'https://shop.example/orders', accountId: 'a4' });
  });

  it('names the member by id alone where the store does not let her read her own record', async () => {
    const refusing = (call: RecordedCall) =>
      call.url.endsWith('/v2/account-members/m1')
        ? jsonResponse({ errors: [{ status: '403', title: 'Forbidden' }] }, 403)
        : good(call);
    const { storage, connection, now } = setup(refusing);
    const detail = await completeSignIn(callbackOf({ code: 'c1', state: 's1' }), {
      connection,
      clientId: 'c',
      storage,
      now,
    });
    expect(detail.member).to.deep.equal({ id: 'm1' });
    expect(detail.accounts).to.have.length(1);
  });

  it('refuses a callback whose `iss` names another issuer (RFC 9207, a mix-up): state_mismatch, no request', async () => {
    const { storage, fake, connection, now } = setup(good);
    const mixedUp = callbackOf({ code: 'c1', state: 's1', iss: 'https://other-issuer.example' });
    const error = await rejectionOf(completeSignIn(mixedUp, { connection, clientId: 'c', storage, now }));
    expect(codeOf(error)).to.equal('state_mismatch');
    expect(fake.calls).to.have.length(0);
  });

  it("takes a callback whose `iss` is the service's own", async () => {
    const { storage, connection, now } = setup(good);
    const callback = callbackOf({ code: 'c1', state: 's1', iss: 'https://api.example' });
    const detail = await completeSignIn(callback, { connection, clientId: 'c', storage, now });
    expect(detail.accountMemberId).to.equal('m1');
  });

  it('refuses an expired transaction', async () => {
    const { storage, fake, connection } = setup(good);
    const error = await rejectionOf(
      completeSignIn(callbackOf({ code: 'c1', state: 's1' }), {
        connection,
        clientId: 'c',
        storage,
        now: () => NOW + 10 * 60_000,
      }),
    );
    expect(codeOf(error)).to.equal('state_mismatch');
    expect(fake.calls).to.have.length(0);
  });

  it('turns an error callback into idp_error and uses up the transaction', async () => {
    const { storage, fake, connection, now } = setup(good);
    const error = await rejectionOf(
      completeSignIn(callbackOf({ error: 'access_denied', error_description: 'User said no', state: 's1' }), {
        connection,
        clientId: 'c',
        storage,
        now,
      }),
    );
    expect(codeOf(error)).to.equal('idp_error');
    expect((error as Error).message).to.equal('User said no (access_denied)');
    expect(consumeTransaction('s1', { storage, now })).to.equal(undefined);
    expect(fake.calls).to.have.length(0);
  });

  it('believes no error callback without a live transaction: state_mismatch, not the text it carries', async () => {
    const { storage, fake, connection, now } = setup(good);
    const forged = callbackOf({
      error: 'access_denied',
      error_description: 'Account locked, call 555-0100',
      state: 'forged',
    });
    const error = await rejectionOf(completeSignIn(forged, { connection, clientId: 'c', storage, now }));
    expect(codeOf(error)).to.equal('state_mismatch');
    expect((error as Error).message).to.not.include('555');
    expect(fake.calls).to.have.length(0);
  });

  it('sends no code for a sign-in another store client or another service started (state_mismatch)', async () => {
    for (const [clientId, baseUrl] of [
      ['other-client', 'https://api.example'],
      ['c', 'https://other-service.example'],
    ]) {
      const { storage, fake, now } = setup(good);
      const connection = connect({ baseUrl, accessToken: 'tok', fetch: fake.fetch });
      const error = await rejectionOf(
        completeSignIn(callbackOf({ code: 'c1', state: 's1' }), { connection, clientId, storage, now }),
      );
      expect(codeOf(error)).to.equal('state_mismatch');
      expect(fake.calls).to.have.length(0);
    }
  });

  it('rejects an incomplete token as invalid_response', () => {
    for (const bad of [
      { account_id: 'a', account_name: 'A', expires: '2026-01-01T00:00:00.000Z' },
      { account_id: 'a', account_name: 'A', token: 't', expires: 'soon' },
      { account_name: 'A', token: 't', expires: '2026-01-01T00:00:00.000Z' },
    ]) {
      let error: unknown;
      try {
        toSignedInDetail({ meta: { account_member_id: 'm' }, data: [bad as never] });
      } catch (e) {
        error = e;
      }
      expect(codeOf(error)).to.equal('invalid_response');
    }
  });
});
