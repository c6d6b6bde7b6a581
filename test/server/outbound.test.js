/**
 * Calls of the sign-in leg to an identity provider (discovery, code exchange) give up after the outbound
 * timeout and send the browser back with an error; a failed discovery is not remembered.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, describe, it } from 'node:test';
import { REALM_ID } from '../support/fixtures.js';
import { browserGet, CookieJar } from '../support/idp-login.js';
import { api, pkce } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const TIMEOUT_MS = 300;

/** A stand-in identity provider whose discovery or token endpoint does not answer while `hang` says so. */
const fake = { hang: { discovery: true, token: true }, discoveries: 0, tokens: 0 };
const idp = createServer((req, res) => {
  const issuer = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (idp.address()).port}`;
  if (req.url === '/.well-known/openid-configuration') {
    fake.discoveries++;
    if (fake.hang.discovery) return; // never answers
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
    return;
  }
  if (req.url === '/token') {
    fake.tokens++;
    if (fake.hang.token) return;
  }
  res.statusCode = 404;
  res.end();
});
await new Promise((resolve) => idp.listen(0, '127.0.0.1', () => resolve(undefined)));
after(() => {
  idp.closeAllConnections();
  idp.close();
});
const idpUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (idp.address()).port}`;

const { base, operator } = await startTestService({
  operatorToken: true,
  limits: { outboundTimeoutMs: TIMEOUT_MS },
});
const created = await api(`${base}/v2/authentication-realms/${REALM_ID}/oidc-profiles`, {
  method: 'POST',
  token: operator,
  body: {
    data: {
      type: 'oidc_profile',
      name: 'Slow IdP',
      discovery_url: `${idpUrl}/.well-known/openid-configuration`,
      client_id: 'shop',
      client_secret: 'secret',
    },
  },
});
assert.equal(created.status, 201);

/** The sign-in address of the slow profile, as a storefront builds it. */
function authorizeUrl() {
  const url = new URL(created.body.data.links['authorization-endpoint']);
  const params = {
    scope: 'openid email',
    response_type: 'code',
    client_id: 'storefront',
    redirect_uri: 'http://localhost:5173/callback',
    state: 'client-state',
    code_challenge_method: 'S256',
    code_challenge: pkce().challenge,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

/** @param {Response} response */
const location = (response) => new URL(/** @type {string} */ (response.headers.get('location')));

describe('discovery', () => {
  it('gives up after the timeout with an error sent back to the store, and asks again next time', async () => {
    fake.hang.discovery = true;
    const before = fake.discoveries;
    const started = Date.now();
    const { response } = await browserGet(authorizeUrl());
    assert.ok(Date.now() - started < TIMEOUT_MS + 2000, 'it does not hang');
    assert.equal(response.status, 302);
    const back = location(response);
    assert.equal(back.origin, 'http://localhost:5173');
    assert.equal(back.searchParams.get('error'), 'temporarily_unavailable');
    assert.match(/** @type {string} */ (back.searchParams.get('error_description')), /did not answer within 300 ms/);
    assert.equal(back.searchParams.get('state'), 'client-state');

    await browserGet(authorizeUrl());
    assert.equal(fake.discoveries, before + 2, 'the failure was not remembered');

    fake.hang.discovery = false;
    const { response: working } = await browserGet(authorizeUrl());
    assert.equal(`${location(working).origin}${location(working).pathname}`, `${idpUrl}/authorize`);
  });
});

describe('code exchange', () => {
  it('gives up after the timeout and sends the browser back with an error', async () => {
    fake.hang.discovery = false;
    fake.hang.token = true;
    const jar = new CookieJar();
    const { response: start } = await browserGet(authorizeUrl(), jar);
    const state = /** @type {string} */ (location(start).searchParams.get('state'));
    const tokensBefore = fake.tokens;
    const started = Date.now();
    const { response: callback } = await browserGet(
      `${base}/oidc/callback?code=abc&state=${encodeURIComponent(state)}`,
      jar,
    );
    assert.ok(Date.now() - started < TIMEOUT_MS + 2000, 'it does not hang');
    assert.equal(fake.tokens, tokensBefore + 1, 'the code exchange was tried');
    assert.equal(callback.status, 302);
    const back = location(callback);
    assert.equal(back.searchParams.get('error'), 'temporarily_unavailable');
    assert.equal(back.searchParams.get('state'), 'client-state');
  });
});
