import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { ACCOUNTS, MEMBERS, PROFILE_ID, PROFILE_NAME, REALM_ID, SETTINGS_ID } from '../support/fixtures.js';
import { accessToken, api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const { service, base } = await startTestService();

/** @param {Record<string, string>} form */
const tokenRequest = (form) =>
  api(`${base}/oauth/access_token`, {
    method: 'POST',
    rawBody: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('POST /oauth/access_token', () => {
  it('issues an implicit token to the storefront client', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await tokenRequest({ grant_type: 'implicit', client_id: 'storefront' });
    assert.equal(status, 200);
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.identifier, 'implicit');
    assert.equal(body.expires_in, 3600);
    assert.ok(body.expires >= before + 3600 && body.expires <= before + 3602);
    assert.equal(typeof body.access_token, 'string');
  });

  it('issues a client-credentials token to admin with its secret', async () => {
    const { status, body } = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: 'admin',
      client_secret: 'admin-secret',
    });
    assert.equal(status, 200);
    assert.equal(body.identifier, 'client_credentials');
  });

  it('refuses bad clients with 401 and unknown grants with 400', async () => {
    const wrongSecret = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: 'admin',
      client_secret: 'nope',
    });
    assert.equal(wrongSecret.status, 401);
    assert.equal(wrongSecret.body.errors[0].title, 'Unauthorized');
    const wrongClient = await tokenRequest({ grant_type: 'implicit', client_id: 'someone' });
    assert.equal(wrongClient.status, 401);
    const grant = await tokenRequest({ grant_type: 'password', client_id: 'storefront' });
    assert.equal(grant.status, 400);
    assert.match(grant.body.errors[0].detail, /grant_type/);
    const none = await tokenRequest({});
    assert.equal(none.status, 400);
  });
});

describe('bearer tokens', () => {
  const url = () => `${base}/v2/account-members`;

  it('401 Unauthorized without detail when the token is missing, malformed or forged', async () => {
    const forged = await new SignJWT({ kind: 'operator' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('storefront-elements-reference-service')
      .setSubject('admin')
      .setExpirationTime('1h')
      .sign(new Uint8Array(32));
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
      { authorization: `Bearer ${forged}` },
      { authorization: 'Bearer not.a.jwt' },
    ]) {
      const { status, body, headers: h } = await api(url(), { headers });
      assert.equal(status, 401, JSON.stringify(headers));
      assert.deepEqual(body, { errors: [{ title: 'Unauthorized', status: '401' }] });
      assert.equal(h.get('www-authenticate'), 'Bearer');
    }
  });

  it('401 for an expired account management token', async () => {
    const { token } = await service.tokens.accountToken(MEMBERS.ada.id, ACCOUNTS.analytical.id, {
      expiresAt: Math.floor(Date.now() / 1000) - 10,
    });
    const { status } = await api(`${base}/catalogs`, { token });
    assert.equal(status, 401);
    const valid = await service.tokens.accountToken(MEMBERS.ada.id, ACCOUNTS.analytical.id);
    assert.equal((await api(`${base}/catalogs`, { token: valid.token })).status, 200);
  });

  it('403 when the kind of token may not do it', async () => {
    const implicit = await accessToken(base, 'implicit');
    const memberships = `${base}/v2/accounts/${ACCOUNTS.analytical.id}/account-memberships`;
    const { status, body } = await api(memberships, { token: implicit });
    assert.equal(status, 403);
    assert.match(body.errors[0].detail, /implicit token/);
    const { token } = await service.tokens.accountToken(MEMBERS.ada.id, ACCOUNTS.analytical.id);
    const settings = await api(`${base}/v2/settings/account-authentication`, { token });
    assert.equal(settings.status, 403);
  });

  it('401 Unauthorized without detail for a caller not allowed to list account members (the error table)', async () => {
    const implicit = await accessToken(base, 'implicit');
    const { token } = await service.tokens.accountToken(MEMBERS.ada.id, ACCOUNTS.analytical.id);
    const unassigned = `${base}/v2/accounts/${ACCOUNTS.analytical.id}/account-memberships/unassigned-account-members`;
    for (const [list, caller] of [
      [url(), implicit],
      [url(), token],
      [unassigned, implicit],
      [unassigned, token],
      [`${url()}?filter=eq(email,ada@example.com)`, implicit],
    ]) {
      const { status, body, headers } = await api(list, { token: caller });
      assert.equal(status, 401, list);
      assert.deepEqual(body, { errors: [{ title: 'Unauthorized', status: '401' }] });
      assert.equal(headers.get('www-authenticate'), 'Bearer');
    }
  });
});

describe('settings and OIDC profiles', () => {
  it('reads the settings with an implicit token', async () => {
    const token = await accessToken(base, 'implicit');
    const { status, body } = await api(`${base}/v2/settings/account-authentication`, { token });
    assert.equal(status, 200);
    assert.equal(body.data.id, SETTINGS_ID);
    assert.equal(body.data.meta.client_id, 'storefront');
    assert.equal(body.data.relationships.authentication_realm.data.id, REALM_ID);
  });

  it('lists the profiles of the realm, with and without the trailing slash', async () => {
    const token = await accessToken(base, 'implicit');
    for (const path of [
      `/v2/authentication-realms/${REALM_ID}/oidc-profiles/`,
      `/v2/authentication-realms/${REALM_ID}/oidc-profiles`,
    ]) {
      const { status, body } = await api(`${base}${path}`, { token });
      assert.equal(status, 200);
      assert.equal(body.data.length, 1);
      assert.equal(body.data[0].id, PROFILE_ID);
      assert.equal(body.data[0].name, PROFILE_NAME);
      assert.equal(body.data[0].links['authorization-endpoint'], `${base}/oidc/authorize?profile_id=${PROFILE_ID}`);
      assert.equal(body.data[0].client_secret, undefined);
    }
    const unknown = await api(`${base}/v2/authentication-realms/00000000-0000-4000-8000-000000000000/oidc-profiles`, {
      token,
    });
    assert.equal(unknown.status, 404);
  });

  it('creates a profile with an operator token', async () => {
    const operator = await accessToken(base, 'operator');
    const url = `${base}/v2/authentication-realms/${REALM_ID}/oidc-profiles`;
    const body = {
      data: {
        type: 'oidc_profile',
        name: 'Other IdP',
        discovery_url: 'https://idp.example/.well-known/openid-configuration',
        client_id: 'shop',
        client_secret: 's3cret',
      },
    };
    const implicit = await accessToken(base, 'implicit');
    assert.equal((await api(url, { method: 'POST', token: implicit, body })).status, 403);
    const created = await api(url, { method: 'POST', token: operator, body });
    assert.equal(created.status, 201);
    assert.equal(created.body.data.name, 'Other IdP');
    assert.equal(created.body.data.client_secret, undefined);
    assert.match(created.body.data.links['authorization-endpoint'], /\/oidc\/authorize\?profile_id=[0-9a-f-]{36}$/);
    const list = await api(url, { token: implicit });
    assert.equal(list.body.data.length, 2);
    const invalid = await api(url, {
      method: 'POST',
      token: operator,
      body: { data: { ...body.data, discovery_url: 'not a url' } },
    });
    assert.equal(invalid.status, 422);
    const missing = await api(url, {
      method: 'POST',
      token: operator,
      body: { data: { type: 'oidc_profile', name: 'x' } },
    });
    assert.equal(missing.status, 400);
    await service.reset();
    assert.equal((await api(url, { token: implicit })).body.data.length, 1);
  });
});

describe("settings and profiles beyond the spec, as the vendor's API answers them", () => {
  it('the settings name the lifetime the account tokens really have', async () => {
    const token = await accessToken(base, 'implicit');
    const { body } = await api(`${base}/v2/settings/account-authentication`, { token });
    const { expires } = await service.tokens.accountToken(MEMBERS.ada.id, ACCOUNTS.analytical.id);
    const lifetime = (Date.parse(expires) - Date.now()) / 1000;
    assert.ok(Math.abs(body.data.account_management_authentication_token_timeout_secs - lifetime) < 5);
  });

  it('profiles: both type spellings are taken, the list pages within bounds, dates also directly in meta', async () => {
    const operator = await accessToken(base, 'operator');
    const url = `${base}/v2/authentication-realms/${REALM_ID}/oidc-profiles`;
    const data = {
      name: 'Other IdP',
      discovery_url: 'https://idp.example/.well-known/openid-configuration',
      client_id: 'shop',
      client_secret: 's3cret',
    };
    for (const type of ['oidc-profile', 'oidc_profile']) {
      const created = await api(url, { method: 'POST', token: operator, body: { data: { ...data, type } } });
      assert.equal(created.status, 201, type);
      assert.equal(created.body.data.type, 'oidc-profile');
      assert.equal(created.body.data.meta.created_at, created.body.data.meta.timestamps.created_at);
      assert.deepEqual(created.body.links, created.body.data.links);
    }
    const wrong = await api(url, { method: 'POST', token: operator, body: { data: { ...data, type: 'profile' } } });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.errors[0].detail, /"oidc-profile"/);
    const page = await api(`${url}?page[limit]=2&page[offset]=2`, { token: operator });
    assert.deepEqual(page.body.meta, { page: { limit: 2, offset: 2, current: 2, total: 2 }, results: { total: 3 } });
    assert.equal(page.body.data.length, 1);
    assert.equal(page.body.links.self, url);
    assert.equal((await api(`${url}?page[limit]=0`, { token: operator })).status, 400);
    await service.reset();
  });
});

describe('HTTP behaviour', () => {
  it('answers CORS preflights for any origin', async () => {
    const response = await fetch(`${base}/v2/account-members`, {
      method: 'OPTIONS',
      headers: {
        'origin': 'http://shop.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, accept',
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(/** @type {string} */ (response.headers.get('access-control-allow-methods')), /POST/);
    const allowed = /** @type {string} */ (response.headers.get('access-control-allow-headers')).toLowerCase();
    for (const h of ['authorization', 'content-type', 'accept']) assert.ok(allowed.includes(h), h);
  });

  it("lets a page use the vendor's SDK: its headers pass the preflight", async () => {
    const response = await fetch(`${base}/pcm/catalogs`, {
      method: 'OPTIONS',
      headers: {
        'origin': 'http://shop.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers':
          'authorization, content-type, x-moltin-sdk-language, x-moltin-sdk-version, x-moltin-application',
      },
    });
    assert.equal(response.status, 204);
    const allowed = /** @type {string} */ (response.headers.get('access-control-allow-headers')).toLowerCase();
    for (const h of ['x-moltin-sdk-language', 'x-moltin-sdk-version', 'x-moltin-application']) {
      assert.ok(allowed.split(/,\s*/).includes(h), h);
    }
  });

  it('adds the CORS header to answers and errors', async () => {
    const { headers } = await api(`${base}/v2/account-members`, { headers: { origin: 'http://shop.example' } });
    assert.equal(headers.get('access-control-allow-origin'), '*');
  });

  it('404 envelope for an unknown route, 405 for an unsupported method', async () => {
    const missing = await api(`${base}/v3/nothing`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.errors[0].title, 'Not Found');
    const method = await api(`${base}/v2/account-members`, { method: 'DELETE' });
    assert.equal(method.status, 405);
    assert.equal(method.body.errors[0].status, '405');
    assert.match(/** @type {string} */ (method.headers.get('allow')), /GET/);
  });

  it('never answers a stack trace or a 500 for bad input', async () => {
    const operator = await accessToken(base, 'operator');
    for (const path of [
      '/v2/accounts/%E0%A4%A/account-memberships',
      '/v2/account-members?filter=%22',
      '/catalogs?page[limit]=1e3',
    ]) {
      const { status, body } = await api(`${base}${path}`, { token: operator });
      assert.ok(status >= 400 && status < 500, `${path}: ${status}`);
      assert.ok(!/\.js:\d|node:internal|Error:/.test(JSON.stringify(body)), path);
    }
    const big = await api(`${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`, {
      method: 'POST',
      token: operator,
      rawBody: `{"data": "${'x'.repeat(1_100_000)}"}`,
    });
    assert.equal(big.status, 413);
  });

  it('has a health route', async () => {
    const { status, body } = await api(`${base}/health`);
    assert.equal(status, 200);
    assert.deepEqual(body, { status: 'ok' });
  });
});
