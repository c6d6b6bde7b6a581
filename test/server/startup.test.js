/**
 * The service answers nothing until all of it is ready, and writes its absolute links from its configured
 * base URL, never from the Host header a client sends.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { PROFILE_ID, REALM_ID } from '../support/fixtures.js';
import { startService } from '../../server/index.js';
import { accessToken, api } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

/** A port that was free a moment ago. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
  await new Promise((resolve) => probe.close(() => resolve(undefined)));
  return port;
}

/**
 * GET with a Host header of our choosing (fetch does not let a page set it).
 * @param {string} base
 * @param {string} path
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, body: any }>}
 */
function getWithHost(base, path, headers) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, headers: { accept: 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: /** @type {number} */ (res.statusCode), body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('start', () => {
  it('on port 0, answers 503 with Retry-After (an envelope) until the identity provider is ready', async () => {
    /** @type {Array<{ status: number, retryAfter: string | null, body: any }>} */
    const early = [];
    const service = await startService({
      port: 0,
      quiet: true,
      async onListening(baseUrl) {
        for (const path of ['/health', '/oidc/authorize', '/idp/.well-known/openid-configuration']) {
          const response = await fetch(`${baseUrl}${path}`, { headers: { accept: 'application/json' } });
          early.push({
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            body: await response.json(),
          });
        }
      },
    });
    try {
      assert.equal(early.length, 3);
      for (const answer of early) {
        assert.equal(answer.status, 503);
        assert.equal(answer.retryAfter, '1');
        assert.equal(answer.body.errors[0].status, '503');
      }
      assert.equal((await api(`${service.baseUrl}/health`)).status, 200);
      assert.equal((await fetch(`${service.issuer}/.well-known/openid-configuration`)).status, 200);
    } finally {
      await service.close();
    }
  });

  it('on a known port, listens only once ready: a caller meets a closed port or a real answer', async () => {
    const port = await freePort();
    const statuses = new Set();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        try {
          statuses.add((await fetch(`http://127.0.0.1:${port}/health`)).status);
        } catch {
          statuses.add('refused');
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const service = await startService({ port, quiet: true });
    statuses.add((await fetch(`http://127.0.0.1:${port}/health`)).status);
    polling = false;
    await poller;
    await service.close();
    assert.ok(statuses.has(200));
    for (const status of statuses) assert.ok(status === 200 || status === 'refused', `got ${status}`);
  });
});

describe('absolute links', () => {
  it('come from the base URL, not from a Host header a client sends', async () => {
    const { base } = await startTestService();
    const token = await accessToken(base, 'implicit');
    const headers = { 'authorization': `Bearer ${token}`, 'host': 'evil.example', 'x-forwarded-host': 'evil.example' };
    const profiles = await getWithHost(base, `/v2/authentication-realms/${REALM_ID}/oidc-profiles`, headers);
    assert.equal(profiles.status, 200);
    const link = profiles.body.data[0].links['authorization-endpoint'];
    assert.ok(link.startsWith(`${base}/oidc/authorize?`), link);
    const discovery = await getWithHost(base, '/idp/.well-known/openid-configuration', {
      'host': 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    assert.equal(discovery.status, 200);
    for (const key of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri']) {
      assert.ok(discovery.body[key].startsWith(`${base}/idp`), `${key}: ${discovery.body[key]}`);
    }
  });

  it('follow --base-url (a proxy in front), for the API and the identity provider', async () => {
    const { service, base } = await startTestService({ baseUrl: 'https://api.shop.test' });
    assert.equal(base, 'https://api.shop.test');
    assert.equal(service.issuer, 'https://api.shop.test/idp');
    const local = `http://127.0.0.1:${service.port}`;
    const token = await accessToken(local, 'implicit');
    const profile = await api(`${local}/v2/authentication-realms/${REALM_ID}/oidc-profiles/${PROFILE_ID}`, { token });
    assert.equal(
      profile.body.data.links['authorization-endpoint'].split('?')[0],
      'https://api.shop.test/oidc/authorize',
    );
    const discovery = await (await fetch(`${local}/idp/.well-known/openid-configuration`)).json();
    assert.equal(discovery.authorization_endpoint, 'https://api.shop.test/idp/auth');
  });

  it('refuses a base URL with a path, a query or another scheme', async () => {
    for (const baseUrl of ['https://shop.test/api', 'ftp://shop.test', 'https://shop.test/?x=1', 'not a url']) {
      await assert.rejects(startService({ port: 0, quiet: true, baseUrl }), /base URL/, baseUrl);
    }
  });
});
