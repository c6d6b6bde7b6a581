/**
 * Rate limits per client address on the token grants and the identity provider's login form: 429 with
 * Retry-After in the error envelope, for guessing (failed attempts) and for floods (all attempts).
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { canUseOtherLoopbackAddresses, sendFrom } from '../support/from-address.js';
import { CookieJar, signInAtIdentityProvider } from '../support/idp-login.js';
import { api, authorizationUrl } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'accept': 'application/json' };

/**
 * @param {string} base
 * @param {Record<string, string>} form
 */
const tokenRequest = (base, form) =>
  api(`${base}/oauth/access_token`, { method: 'POST', rawBody: new URLSearchParams(form).toString(), headers: FORM });

const wrongSecret = { grant_type: 'client_credentials', client_id: 'admin', client_secret: 'guess' };
const rightSecret = { grant_type: 'client_credentials', client_id: 'admin', client_secret: 'admin-secret' };

/**
 * @param {{ status: number, headers: Headers, body: any }} answer
 */
function assertTooMany(answer) {
  assert.equal(answer.status, 429);
  assert.equal(answer.body.errors[0].status, '429');
  assert.equal(answer.body.errors[0].title, 'Too Many Requests');
  const retryAfter = Number(answer.headers.get('retry-after'));
  assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
}

describe('token grants', () => {
  it('answer 429 with Retry-After once an address has guessed wrong too often, even with the right secret', async () => {
    const { base } = await startTestService({
      limits: { tokenGrant: { attempts: 100, failures: 3, windowMs: 60_000 } },
    });
    for (let i = 0; i < 3; i++) assert.equal((await tokenRequest(base, wrongSecret)).status, 401);
    assertTooMany(await tokenRequest(base, wrongSecret));
    assertTooMany(await tokenRequest(base, rightSecret));
  });

  it('open again when the window has passed', async () => {
    const { base } = await startTestService({
      limits: { tokenGrant: { attempts: 100, failures: 2, windowMs: 60_000 } },
    });
    for (let i = 0; i < 2; i++) await tokenRequest(base, wrongSecret);
    assertTooMany(await tokenRequest(base, rightSecret));
    const now = Date.now();
    mock.method(Date, 'now', () => now + 61_000);
    try {
      assert.equal((await tokenRequest(base, rightSecret)).status, 200);
    } finally {
      mock.restoreAll();
    }
  });

  it(
    'limit every attempt of an address too, and count each address on its own',
    { skip: !canUseOtherLoopbackAddresses },
    async () => {
      const { base } = await startTestService({
        limits: { tokenGrant: { attempts: 5, failures: 100, windowMs: 60_000 } },
      });
      const implicit = new URLSearchParams({ grant_type: 'implicit', client_id: 'storefront' }).toString();
      const from = (/** @type {string} */ address) =>
        sendFrom(address, 'POST', `${base}/oauth/access_token`, FORM, implicit);
      for (let i = 0; i < 5; i++) assert.equal((await from('127.0.0.2')).status, 200);
      const refused = await from('127.0.0.2');
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers['retry-after']) >= 1);
      assert.equal(JSON.parse(refused.text).errors[0].status, '429');
      assert.equal((await from('127.0.0.3')).status, 200, 'another address is not affected');
    },
  );

  it('do not throttle normal use with the default limits', async () => {
    const { base } = await startTestService();
    const results = await Promise.all(
      Array.from({ length: 200 }, () => tokenRequest(base, { grant_type: 'implicit', client_id: 'storefront' })),
    );
    assert.deepEqual(new Set(results.map((r) => r.status)), new Set([200]));
  });
});

describe('the login form', () => {
  it('answers 429 with Retry-After after too many wrong passwords from an address', async () => {
    const { base } = await startTestService({ limits: { login: { attempts: 100, failures: 2, windowMs: 60_000 } } });
    const jar = new CookieJar();
    const form = new URL(
      await signInAtIdentityProvider((await authorizationUrl(base)).url, '', '', {
        jar,
        stopAt: (u) => u.pathname.startsWith('/idp/interaction/'),
      }),
    );
    const page = await fetch(form, { headers: { cookie: jar.header(form) } });
    const action = new URL(/** @type {string} */ (/action="([^"]+)"/.exec(await page.text())?.[1]), form);
    const post = (/** @type {string} */ password, accept = 'text/html') =>
      fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'cookie': jar.header(action), 'content-type': 'application/x-www-form-urlencoded', accept },
        body: new URLSearchParams({ login: 'ada@example.com', password }),
      });
    for (let i = 0; i < 2; i++) assert.match(await (await post('wrong')).text(), /Wrong email or password/);
    const page429 = await post('password');
    assert.equal(page429.status, 429);
    assert.ok(Number(page429.headers.get('retry-after')) >= 1);
    assert.match(await page429.text(), /Too many requests from this address/);
    const envelope = await post('password', 'application/json');
    assert.equal(envelope.status, 429);
    assert.equal((await envelope.json()).errors[0].status, '429');
  });
});
