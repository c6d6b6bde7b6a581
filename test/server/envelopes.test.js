/**
 * Every answer carries the error envelope with its real status, also those node's parser gives before a
 * route runs; bodies of the wrong type or size and repeated single-valued parameters are refused.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { ACCOUNTS, CATALOGS, MEMBERS, REALM_ID } from '../support/fixtures.js';
import { api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const { base, operator } = await startTestService({
  operatorToken: true,
  limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 },
});
const { port } = new URL(base);

/**
 * Sends raw bytes and reads the answer until the service closes the connection.
 * @param {string} text
 * @returns {Promise<{ status: number, headers: string, body: any }>}
 */
function raw(text) {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (out += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = out.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1]);
      resolve({ status, headers: out.slice(0, split), body: JSON.parse(out.slice(split + 4)) });
    });
    socket.write(text);
  });
}

/**
 * @param {{ status: number, body: any }} answer
 * @param {number} status
 */
function assertEnvelope(answer, status) {
  assert.equal(answer.status, status);
  assert.equal(answer.body.errors.length, 1);
  assert.equal(answer.body.errors[0].status, String(status));
  assert.equal(typeof answer.body.errors[0].title, 'string');
}

describe('answers of the parser', () => {
  it('501 for a method the service does not know', async () => {
    const answer = await raw('FROBNICATE /health HTTP/1.1\r\nHost: x\r\n\r\n');
    assertEnvelope(answer, 501);
    assert.equal(answer.body.errors[0].title, 'Not Implemented');
    assert.match(answer.headers, /content-type: application\/json/i);
  });

  it('431 for a request line and headers over 16 KB', async () => {
    assertEnvelope(await raw(`GET /v2/account-members?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), 431);
    assertEnvelope(await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`), 431);
  });

  it('400 for a request that is not HTTP/1.1', async () => {
    assertEnvelope(await raw('GET /health HTTP/9.9\r\nHost: x\r\n\r\n'), 400);
  });

  it('408 when the headers do not arrive in time (a slow client is not held forever)', async () => {
    const started = Date.now();
    assertEnvelope(await raw('GET /health HTTP/1.1\r\nHost: x\r\n'), 408);
    assert.ok(Date.now() - started < 5000);
  });

  it('408 when the body does not arrive in time', async () => {
    const answer = await raw(
      'POST /oauth/access_token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        'Content-Length: 100\r\n\r\ngrant_type=',
    );
    assertEnvelope(answer, 408);
  });

  it('405 for CONNECT and 417 for an Expect other than 100-continue', async () => {
    assertEnvelope(await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'), 405);
    assertEnvelope(
      await raw('POST /oauth/access_token HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\nab'),
      417,
    );
  });
});

describe('answers of the routes', () => {
  it('405 with Allow, and an envelope saying 405, on the sign-in leg and the API', async () => {
    for (const [method, path] of [
      ['DELETE', '/oidc/authorize'],
      ['PUT', '/oidc/callback'],
      ['DELETE', '/v2/account-members'],
    ]) {
      const answer = await api(`${base}${path}`, { method });
      assertEnvelope(answer, 405);
      assert.match(/** @type {string} */ (answer.headers.get('allow')), /GET/, path);
    }
  });

  it('404 envelope where the identity provider has no endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/idp/nothing'],
      ['GET', '/idp'],
      ['DELETE', '/idp/token'],
    ]) {
      const answer = await api(`${base}${path}`, { method });
      assertEnvelope(answer, 404);
      assert.match(answer.body.errors[0].detail, new RegExp(`No resource at ${path}`));
    }
  });

  it('413 for a body over 1 MB, whether announced or streamed', async () => {
    const announced = await raw(
      'POST /oauth/access_token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        'Content-Length: 5000000\r\n\r\ngrant_type=implicit',
    );
    assertEnvelope(announced, 413);
    const streamed = await api(`${base}/v2/authentication-realms/${REALM_ID}/oidc-profiles`, {
      method: 'POST',
      token: operator,
      rawBody: JSON.stringify({ data: { type: 'oidc_profile', name: 'x'.repeat(2_000_000) } }),
    });
    assertEnvelope(streamed, 413);
  });

  it('415 for a body that is not JSON on a JSON endpoint', async () => {
    const url = `${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`;
    const json = JSON.stringify({ data: { type: 'account_membership', account_member_id: MEMBERS.ada.id } });
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const answer = await api(url, {
        method: 'POST',
        token: operator,
        rawBody: json,
        headers: { 'content-type': type },
      });
      assertEnvelope(answer, 415);
      assert.match(answer.body.errors[0].detail, /application\/json/);
    }
    const releases = `${base}/catalogs/${CATALOGS.essentials.id}/releases`;
    const newest = async () => (await api(releases, { token: operator })).body.data[0].id;
    const before = await newest();
    const publish = await api(releases, {
      method: 'POST',
      token: operator,
      rawBody: '<release full="true"/>',
      headers: { 'content-type': 'application/xml' },
    });
    assertEnvelope(publish, 415);
    assert.equal(await newest(), before, 'nothing was published');
    const token = await api(`${base}/oauth/access_token`, {
      method: 'POST',
      rawBody: 'grant_type=implicit&client_id=storefront',
      headers: { 'content-type': 'text/plain' },
    });
    assertEnvelope(token, 415);
    const charset = await api(url, {
      method: 'POST',
      token: operator,
      rawBody: json,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    assert.equal(charset.status, 201, 'a charset parameter is fine');
  });

  it('400 for a single-valued query parameter given twice', async () => {
    const members = `${base}/v2/account-members`;
    for (const query of [
      '?page[limit]=5&page[limit]=10',
      '?page[offset]=0&page[offset]=5',
      '?sort=name&sort=-email',
      '?filter=eq(name,a)&filter=eq(name,b)',
    ]) {
      const answer = await api(`${members}${query}`, { token: operator });
      assertEnvelope(answer, 400);
      assert.match(answer.body.errors[0].detail, /may be given once/, query);
    }
    const include = await api(
      `${base}/v2/accounts/${ACCOUNTS.analytical.id}/account-memberships?include=account_member&include=account_member`,
      { token: operator },
    );
    assertEnvelope(include, 400);
    const catalogs = await api(`${base}/catalogs?page[limit]=1&page[limit]=2`, { token: operator });
    assertEnvelope(catalogs, 400);
  });
});
