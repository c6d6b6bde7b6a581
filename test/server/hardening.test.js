/**
 * Bad input and odd requests get an error envelope with the right status, never a 500 or a wrong route.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { ACCOUNTS, MEMBERS, REALM_ID } from '../support/fixtures.js';
import { api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const { base, operator } = await startTestService({ operatorToken: true });

/** @param {number} depth */
const nested = (depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/**
 * A raw GET with the request target exactly as given (fetch would normalise `//v2/...`).
 * @param {string} target
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, body: any }>}
 */
function rawGet(target, headers = {}) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, path: target, method: 'GET', headers: { accept: 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: /** @type {number} */ (res.statusCode), body: text ? JSON.parse(text) : null }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('deeply nested bodies', () => {
  const memberships = () => `${base}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`;
  /** Asks for a membership of Ada whose `data.type` is `type`. */
  const membershipOfType = (/** @type {unknown} */ type) =>
    api(memberships(), {
      method: 'POST',
      token: operator,
      body: { data: { type, account_member_id: MEMBERS.ada.id } },
    });
  /** The same with `data.type` nested `depth` deep, as raw JSON. */
  const nestedMembership = (/** @type {number} */ depth) =>
    api(memberships(), {
      method: 'POST',
      token: operator,
      rawBody: `{"data": {"type": ${nested(depth)}, "account_member_id": "${MEMBERS.ada.id}"}}`,
    });

  it('refuses one nested deeper than the route reads (400) before parsing it, without echoing it', async () => {
    const { status, body } = await nestedMembership(1000);
    assert.equal(status, 400);
    assert.equal(body.errors[0].status, '400');
    assert.equal(body.errors[0].title, 'Bad Request');
    assert.equal(body.errors[0].detail, 'The request body nests deeper than 8 levels');
    // brackets inside strings are text, not nesting
    const inString = await membershipOfType(nested(1000));
    assert.equal(inString.status, 400);
    assert.match(inString.body.errors[0].detail, /data\.type must be "account_membership"$/);
  });

  it('refuses one of 200,000 arrays (400 kB) as too large (413) for a route that reads a few hundred bytes', async () => {
    const { status, body, headers } = await nestedMembership(200_000);
    assert.equal(status, 413);
    assert.equal(body.errors[0].status, '413');
    assert.equal(body.errors[0].detail, 'The body may be at most 8192 bytes here');
    assert.equal(headers.get('connection'), 'close');
  });

  it('answers 400 for a non-string or very long data.type, and quotes a short wrong one back', async () => {
    for (const type of [{ a: 1 }, 42, ['account_membership'], 'x'.repeat(5_000)]) {
      const { status, body } = await membershipOfType(type);
      assert.equal(status, 400, JSON.stringify(type).slice(0, 40));
      assert.ok(body.errors[0].detail.length < 200);
    }
    const short = await membershipOfType('member');
    assert.equal(short.status, 400);
    assert.match(short.body.errors[0].detail, /not "member"/);
  });

  it('answers 4xx, not 500, for a deeply nested body elsewhere', async () => {
    for (const depth of [100, 200_000]) {
      const deep = nested(depth);
      const membership = await api(memberships(), {
        method: 'POST',
        token: operator,
        rawBody: `{"data": {"type": "account_membership", "account_member_id": ${deep}}, "x": ${deep}}`,
      });
      assert.ok(membership.status >= 400 && membership.status < 500, String(membership.status));
      const top = await api(`${base}/v2/authentication-realms/${REALM_ID}/oidc-profiles`, {
        method: 'POST',
        token: operator,
        rawBody: deep,
      });
      assert.ok(top.status === 400 || top.status === 413, String(top.status));
      const form = await api(`${base}/oauth/access_token`, { method: 'POST', rawBody: `{"grant_type": ${deep}}` });
      assert.ok(form.status === 400 || form.status === 413, String(form.status));
    }
  });

  it('reads a token request of a few hundred bytes, and refuses a larger one before reading it', async () => {
    const big = await api(`${base}/oauth/access_token`, {
      method: 'POST',
      rawBody: `grant_type=implicit&client_id=storefront&pad=${'x'.repeat(5000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(big.status, 413);
    assert.equal(big.body.errors[0].detail, 'The body may be at most 4096 bytes here');
  });
});

describe('connections', () => {
  /**
   * Writes `requests` on one connection at once and reads until `enough` says so, or the service closes it.
   * @param {string} requests
   * @param {(text: string) => boolean} enough
   * @returns {Promise<{ text: string, closed: boolean }>}
   */
  function pipeline(requests, enough = () => false) {
    const { hostname, port } = new URL(base);
    return new Promise((resolve) => {
      const socket = connect(Number(port), hostname);
      let text = '';
      const done = (/** @type {boolean} */ closed) => {
        socket.destroy();
        resolve({ text, closed });
      };
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        text += chunk;
        if (enough(text)) done(false);
      });
      socket.on('close', () => done(true));
      socket.on('error', () => {});
      socket.write(requests);
    });
  }
  const health = (/** @type {number} */ count) => 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(count);
  const answers = (/** @type {string} */ text) => text.split('HTTP/1.1 200 OK').length - 1;

  it('answers up to 4 pipelined requests on one connection', async () => {
    const { text, closed } = await pipeline(health(4), (received) => answers(received) === 4);
    assert.equal(answers(text), 4);
    assert.equal(closed, false);
  });

  it('closes a connection that sends thousands of requests at once, without working on them', async () => {
    const { text, closed } = await pipeline(health(2000));
    assert.ok(closed, 'the service closed it');
    assert.ok(answers(text) <= 4, `${answers(text)} answers`);
  });

  it('closes a connection after its 1,000th answer', async () => {
    const { hostname, port } = new URL(base);
    const socket = connect(Number(port), hostname);
    socket.setEncoding('utf8');
    let text = '';
    let closed = false;
    socket.on('data', (chunk) => (text += chunk));
    socket.on('close', () => (closed = true));
    for (let i = 1; i <= 1000; i++) {
      text = '';
      socket.write(health(1));
      // each answer is read before the next request goes
      while (!text.endsWith('{"status":"ok"}') && !closed) await new Promise((resolve) => socket.once('data', resolve));
      assert.equal(/connection: close/i.test(text), i === 1000, `answer ${i}`);
    }
    await new Promise((resolve) => (closed ? resolve(undefined) : socket.once('close', resolve)));
  });
});

describe('request targets', () => {
  it('does not read //v2/... as a host name: 404 envelope', async () => {
    const ok = await rawGet('/catalogs', { authorization: `Bearer ${operator}` });
    assert.equal(ok.status, 200);
    for (const target of ['//v2/catalogs', '//catalogs', '/\\catalogs', '//health']) {
      const { status, body } = await rawGet(target, { authorization: `Bearer ${operator}` });
      assert.equal(status, 404, target);
      assert.equal(body.errors[0].status, '404');
      assert.equal(body.errors[0].title, 'Not Found');
    }
  });
});

describe('sign-in leg methods', () => {
  it('answers 405 Method Not Allowed with a matching envelope for a non-GET request to /oidc/*', async () => {
    for (const path of ['/oidc/authorize', '/oidc/callback']) {
      const { status, headers, body } = await api(`${base}${path}`, { method: 'POST', body: {} });
      assert.equal(status, 405, path);
      assert.equal(body.errors[0].status, '405');
      assert.equal(body.errors[0].title, 'Method Not Allowed');
      assert.match(/** @type {string} */ (headers.get('allow')), /GET/);
    }
  });
});

describe('OIDC profile discovery URL', () => {
  const url = `${base}/v2/authentication-realms/${REALM_ID}/oidc-profiles`;
  /** @param {string} discoveryUrl */
  const create = (discoveryUrl) =>
    api(url, {
      method: 'POST',
      token: operator,
      body: {
        data: {
          type: 'oidc_profile',
          name: 'IdP',
          discovery_url: discoveryUrl,
          client_id: 'shop',
          client_secret: 's3cret',
        },
      },
    });

  it('refuses http:// to a host other than the loopback with 422', async () => {
    for (const discoveryUrl of [
      'http://idp.example/.well-known/openid-configuration',
      'http://10.0.0.5:8080/.well-known/openid-configuration',
      'http://localhost.example/x',
    ]) {
      const { status, body } = await create(discoveryUrl);
      assert.equal(status, 422, discoveryUrl);
      assert.equal(body.errors[0].status, '422');
      assert.match(body.errors[0].detail, /https/);
    }
  });

  it('accepts https://, and http:// to localhost, 127.0.0.1 and [::1]', async () => {
    for (const discoveryUrl of [
      'https://idp.example/.well-known/openid-configuration',
      'http://localhost:9000/.well-known/openid-configuration',
      'http://127.0.0.1:9000/.well-known/openid-configuration',
      'http://[::1]:9000/.well-known/openid-configuration',
    ]) {
      assert.equal((await create(discoveryUrl)).status, 201, discoveryUrl);
    }
  });
});
