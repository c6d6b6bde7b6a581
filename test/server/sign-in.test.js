import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { ACCOUNTS, IDP_USERS, MEMBERS } from '../support/fixtures.js';
import { browserGet, signInAtIdentityProvider } from '../support/idp-login.js';
import { accessToken, api, authorizationUrl, exchangeCode, pkce, signIn } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const { service, base } = await startTestService({ redirectUris: ['https://shop.example/account/callback'] });
beforeEach(() => service.reset());

/**
 * A browser's request (its cookie check included), redirects not followed.
 * @param {string} url
 */
const noRedirect = async (url, accept = 'text/html') => (await browserGet(url, undefined, { accept })).response;

describe('sign-in through the identity provider', () => {
  it('signs Ada in and answers one token per account', async () => {
    const { status, body } = await signIn(base, 'ada@example.com');
    assert.equal(status, 200);
    assert.equal(body.meta.account_member_id, MEMBERS.ada.id);
    const accounts = body.data.map((/** @type {any} */ t) => t.account_name).sort();
    assert.deepEqual(accounts, [ACCOUNTS.analytical.name, ACCOUNTS.harvard.name]);
    for (const t of body.data) {
      assert.equal(t.type, 'account_management_authentication_token');
      assert.match(t.token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      assert.match(t.expires, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.ok(Date.parse(t.expires) > Date.now());
    }
  });

  it('signs Grace in with one account', async () => {
    const { body } = await signIn(base, 'grace@example.com');
    assert.deepEqual(
      body.data.map((/** @type {any} */ t) => t.account_id),
      [ACCOUNTS.harvard.id],
    );
  });

  it('accepts a 127.0.0.1 redirect URI and a registered one', async () => {
    const local = await signIn(base, 'grace@example.com', { redirectUri: 'http://127.0.0.1:9999/cb?x=1' });
    assert.equal(local.status, 200);
    const registered = await signIn(base, 'grace@example.com', {
      redirectUri: 'https://shop.example/account/callback',
    });
    assert.equal(registered.status, 200);
  });

  it('holds Linus as an unassigned member after his first sign-in, with no tokens, until a membership exists', async () => {
    const operator = await accessToken(base, 'operator');
    const before = await api(`${base}/v2/account-members?filter=eq(email,linus@example.com)`, { token: operator });
    assert.equal(before.body.data.length, 0);

    const first = await signIn(base, 'linus@example.com');
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.data, []);
    const linusId = first.body.meta.account_member_id;
    const member = await api(`${base}/v2/account-members/${linusId}`, { token: operator });
    assert.equal(member.body.data.name, IDP_USERS.linus.name);
    assert.equal(member.body.data.email, 'linus@example.com');

    const unassigned = await api(
      `${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships/unassigned-account-members?filter=eq(email,linus@example.com)`,
      { token: operator },
    );
    assert.deepEqual(
      unassigned.body.data.map((/** @type {any} */ m) => m.id),
      [linusId],
    );

    const created = await api(`${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`, {
      method: 'POST',
      token: operator,
      body: { data: { type: 'account_membership', account_member_id: linusId } },
    });
    assert.equal(created.status, 201);

    const second = await signIn(base, 'linus@example.com');
    assert.equal(second.body.meta.account_member_id, linusId, 'the same member, found by email');
    assert.deepEqual(
      second.body.data.map((/** @type {any} */ t) => [t.account_id, t.account_name]),
      [[ACCOUNTS.empty.id, ACCOUNTS.empty.name]],
    );
  });

  it('shows the login form again after a wrong password', async () => {
    const { url } = await authorizationUrl(base);
    await assert.rejects(signInAtIdentityProvider(url, 'ada@example.com', 'wrong'), /Wrong email or password/);
  });

  it('serves a login form with login and password fields and a Sign in button', async () => {
    const { url } = await authorizationUrl(base, { extra: { ui_locales: 'fr', display: 'page' } });
    const first = await noRedirect(url);
    assert.equal(first.status, 302);
    const idpUrl = new URL(/** @type {string} */ (first.headers.get('location')));
    assert.equal(idpUrl.origin + idpUrl.pathname, `${service.issuer}/auth`);
    assert.equal(idpUrl.searchParams.get('ui_locales'), 'fr');
    assert.equal(idpUrl.searchParams.get('display'), 'page');
    assert.equal(idpUrl.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(idpUrl.searchParams.get('client_id'), 'reference-service');
    assert.notEqual(
      idpUrl.searchParams.get('state'),
      new URL(url).searchParams.get('state'),
      'the service has its own state',
    );
    const atIdp = await noRedirect(idpUrl.href);
    assert.ok([302, 303].includes(atIdp.status));
    const cookies = atIdp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const formPage = await fetch(new URL(/** @type {string} */ (atIdp.headers.get('location')), idpUrl), {
      headers: { cookie: cookies },
    });
    assert.equal(formPage.status, 200);
    const html = await formPage.text();
    assert.match(html, /<input[^>]+name="login"/);
    assert.match(html, /<input[^>]+name="password"[^>]+type="password"|<input[^>]+type="password"[^>]+name="password"/);
    assert.match(html, /<button type="submit">Sign in<\/button>/);
  });
});

describe('code exchange', () => {
  it('refuses a wrong PKCE verifier with 400', async () => {
    const { verifier, challenge } = pkce();
    const { url, redirectUri, token } = await authorizationUrl(base, { challenge });
    const code = /** @type {string} */ (
      new URL(await signInAtIdentityProvider(url, 'ada@example.com', 'password')).searchParams.get('code')
    );
    const wrong = await exchangeCode(base, token, { code, redirectUri, verifier: pkce().verifier });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.errors[0].status, '400');
    assert.match(wrong.body.errors[0].detail, /code_verifier/);
    // the code was spent by the failed attempt
    const again = await exchangeCode(base, token, { code, redirectUri, verifier });
    assert.equal(again.status, 400);
  });

  it('accepts a code once only', async () => {
    const first = await signIn(base, 'grace@example.com');
    assert.equal(first.status, 200);
    const reuse = await exchangeCode(base, first.implicitToken, first);
    assert.equal(reuse.status, 400);
    assert.match(reuse.body.errors[0].detail, /unknown or was already used/);
  });

  it('refuses a redirect_uri other than the one of the authorization request', async () => {
    const { verifier, challenge } = pkce();
    const { url, redirectUri, token } = await authorizationUrl(base, { challenge });
    const code = /** @type {string} */ (
      new URL(await signInAtIdentityProvider(url, 'ada@example.com', 'password')).searchParams.get('code')
    );
    const other = await exchangeCode(base, token, { code, redirectUri: `${redirectUri}/other`, verifier });
    assert.equal(other.status, 400);
    assert.match(other.body.errors[0].detail, /redirect_uri/);
  });

  it('refuses an unknown code, missing fields and a wrong data.type', async () => {
    const token = await accessToken(base, 'implicit');
    const unknown = await exchangeCode(base, token, {
      code: 'nope',
      redirectUri: 'http://localhost:5173/callback',
      verifier: pkce().verifier,
    });
    assert.equal(unknown.status, 400);
    const missing = await api(`${base}/v2/account-members/tokens`, {
      method: 'POST',
      token,
      body: { data: { type: 'account_management_authentication_token', authentication_mechanism: 'oidc' } },
    });
    assert.equal(missing.status, 400);
    assert.match(missing.body.errors[0].detail, /oauth_authorization_code/);
    const wrongType = await api(`${base}/v2/account-members/tokens`, {
      method: 'POST',
      token,
      body: { data: { type: 'x' } },
    });
    assert.equal(wrongType.status, 400);
    assert.match(wrongType.body.errors[0].detail, /data\.type/);
  });

  it('needs a bearer token, and an account token may not exchange codes', async () => {
    const none = await api(`${base}/v2/account-members/tokens`, { method: 'POST', body: { data: {} } });
    assert.equal(none.status, 401);
    const { body } = await signIn(base, 'grace@example.com');
    const forbidden = await api(`${base}/v2/account-members/tokens`, {
      method: 'POST',
      token: body.data[0].token,
      body: { data: { type: 'account_management_authentication_token', authentication_mechanism: 'oidc' } },
    });
    assert.equal(forbidden.status, 403);
  });
});

describe('account switch (authentication_mechanism account_management_authentication_token)', () => {
  const TOKEN_TYPE = 'account_management_authentication_token';
  const HEADER = 'EP-Account-Management-Authentication-Token';
  /** @param {{ token?: string, headers?: Record<string, string>, mechanism?: string }} options */
  const switchTokens = ({ token, headers, mechanism = TOKEN_TYPE }) =>
    api(`${base}/v2/account-members/tokens`, {
      method: 'POST',
      token,
      headers,
      body: { data: { type: TOKEN_TYPE, authentication_mechanism: mechanism } },
    });

  it('answers fresh tokens of the same member for the token in the header, or as the bearer', async () => {
    const implicit = await accessToken(base, 'implicit');
    const { body } = await signIn(base, 'ada@example.com');
    const current = body.data[0].token;
    for (const answer of [
      await switchTokens({ token: implicit, headers: { [HEADER]: current } }),
      await switchTokens({ token: current }),
    ]) {
      assert.equal(answer.status, 200);
      assert.equal(answer.body.meta.account_member_id, MEMBERS.ada.id);
      assert.deepEqual(
        answer.body.data.map((/** @type {any} */ t) => t.account_id).sort(),
        [ACCOUNTS.analytical.id, ACCOUNTS.harvard.id].sort(),
      );
      assert.ok(answer.body.data.every((/** @type {any} */ t) => t.token !== current));
      assert.equal(answer.body.meta.results.total, 2);
    }
  });

  it('needs the current account token: 400 without one, 401 for one that is expired or forged', async () => {
    const implicit = await accessToken(base, 'implicit');
    const none = await switchTokens({ token: implicit });
    assert.equal(none.status, 400);
    assert.match(none.body.errors[0].detail, /EP-Account-Management-Authentication-Token/);
    const expired = await service.tokens.accountToken(MEMBERS.ada.id, ACCOUNTS.analytical.id, {
      expiresAt: Math.floor(Date.now() / 1000) - 10,
    });
    assert.equal((await switchTokens({ token: implicit, headers: { [HEADER]: expired.token } })).status, 401);
    assert.equal((await switchTokens({ token: implicit, headers: { [HEADER]: 'not.a.token' } })).status, 401);
  });

  it('refuses an unknown mechanism with 422, and the code exchange ignores a stray account token header', async () => {
    const implicit = await accessToken(base, 'implicit');
    const unknown = await switchTokens({ token: implicit, mechanism: 'password' });
    assert.equal(unknown.status, 422);
    assert.match(unknown.body.errors[0].detail, /oidc or account_management_authentication_token/);
    const grace = await service.tokens.accountToken(MEMBERS.grace.id, ACCOUNTS.harvard.id);
    const { verifier, challenge } = pkce();
    const { url, redirectUri, token } = await authorizationUrl(base, { challenge });
    const code = /** @type {string} */ (
      new URL(await signInAtIdentityProvider(url, 'ada@example.com', 'password')).searchParams.get('code')
    );
    const exchange = await api(`${base}/v2/account-members/tokens`, {
      method: 'POST',
      token,
      headers: { [HEADER]: grace.token },
      body: {
        data: {
          type: TOKEN_TYPE,
          authentication_mechanism: 'oidc',
          oauth_authorization_code: code,
          oauth_redirect_uri: redirectUri,
          oauth_code_verifier: verifier,
        },
      },
    });
    assert.equal(exchange.status, 200);
    assert.equal(exchange.body.meta.account_member_id, MEMBERS.ada.id, 'the member of the sign-in, not of the header');
  });
});

describe('authorization request checks', () => {
  it('refuses an unregistered redirect_uri before the browser leaves for the identity provider', async () => {
    const { url } = await authorizationUrl(base, { redirectUri: 'https://evil.example/steal' });
    const html = await noRedirect(url);
    assert.equal(html.status, 400);
    assert.equal(html.headers.get('location'), null);
    const text = await html.text();
    assert.match(text, /not registered/);
    assert.match(text, /https:\/\/evil\.example\/steal/);

    const json = await noRedirect(url, 'application/json');
    assert.equal(json.status, 400);
    assert.match((await json.json()).errors[0].detail, /redirect_uri .* is not registered/);
  });

  it('escapes a hostile redirect_uri in the refusal page', async () => {
    const { url } = await authorizationUrl(base, { redirectUri: 'https://x.example/<script>alert(1)</script>' });
    const text = await (await noRedirect(url)).text();
    assert.ok(!text.includes('<script>alert(1)'));
    assert.match(text, /&#60;script&#62;/);
  });

  it('refuses an unknown client_id without redirecting', async () => {
    const { url } = await authorizationUrl(base, { extra: { client_id: 'someone-else' } });
    const response = await noRedirect(url, 'application/json');
    assert.equal(response.status, 400);
    assert.match((await response.json()).errors[0].detail, /client_id/);
  });

  it('sends other invalid parameters back to the redirect_uri as OAuth errors, with state', async () => {
    for (const [extra, error] of /** @type {Array<[Record<string, string>, string]>} */ ([
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'short' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'email' }, 'invalid_scope'],
    ])) {
      const { url, state, redirectUri } = await authorizationUrl(base, { extra });
      const response = await noRedirect(url);
      assert.equal(response.status, 302, JSON.stringify(extra));
      const back = new URL(/** @type {string} */ (response.headers.get('location')));
      assert.equal(`${back.origin}${back.pathname}`, redirectUri);
      assert.equal(back.searchParams.get('error'), error);
      assert.ok(back.searchParams.get('error_description'));
      assert.equal(back.searchParams.get('state'), state);
    }
  });

  it('passes an error of the identity provider on to the client (prompt=none without a session)', async () => {
    const { url, state } = await authorizationUrl(base, { extra: { prompt: 'none' } });
    const back = new URL(await signInAtIdentityProvider(url, 'ada@example.com', 'password'));
    assert.equal(back.searchParams.get('error'), 'login_required');
    assert.equal(back.searchParams.get('state'), state);
    assert.equal(back.searchParams.get('code'), null);
  });

  it('passes access_denied on when the person cancels at the identity provider', async () => {
    const { url, state } = await authorizationUrl(base);
    const back = new URL(await signInAtIdentityProvider(url, '', '', { cancel: true }));
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('state'), state);
  });

  it('refuses a callback with an unknown state', async () => {
    const response = await noRedirect(`${base}/oidc/callback?code=x&state=unknown`, 'application/json');
    assert.equal(response.status, 400);
    assert.equal((await response.json()).errors[0].status, '400');
  });
});
