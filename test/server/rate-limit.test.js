/**
 * Rate limits that single out the client that misbehaves: token requests counted per client address and client
 * id, logins per address and email, guessing from many addresses per client id or email; 429 with Retry-After in
 * the error envelope. Others at the same address (another login, a shopper's implicit token) go on, and with
 * --trust-proxy two clients behind one proxy are counted apart.
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { RateLimiter, Windows } from '../../server/http/rate-limit.js';
import { canUseOtherLoopbackAddresses, sendFrom } from '../support/from-address.js';
import { CookieJar, signInAtIdentityProvider } from '../support/idp-login.js';
import { api, authorizationUrl } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'accept': 'application/json' };

/**
 * @param {string} base
 * @param {Record<string, string>} form
 * @param {Record<string, string>} [headers]
 */
const tokenRequest = (base, form, headers = {}) =>
  api(`${base}/oauth/access_token`, {
    method: 'POST',
    rawBody: new URLSearchParams(form).toString(),
    headers: { ...FORM, ...headers },
  });

const implicit = { grant_type: 'implicit', client_id: 'storefront' };
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
  it('answer 429 with Retry-After once an address guessed a client secret wrong too often, even with the right one', async () => {
    const { base } = await startTestService({
      limits: { tokenGrant: { attempts: 100, failures: 3, windowMs: 60_000 } },
    });
    for (let i = 0; i < 3; i++) assert.equal((await tokenRequest(base, wrongSecret)).status, 401);
    assertTooMany(await tokenRequest(base, wrongSecret));
    assertTooMany(await tokenRequest(base, rightSecret));
  });

  it("never hold back a shopper's implicit token or another client id at the same address", async () => {
    const { base } = await startTestService({
      limits: { tokenGrant: { attempts: 100, failures: 3, windowMs: 60_000 } },
    });
    for (let i = 0; i < 20; i++) await tokenRequest(base, wrongSecret);
    assertTooMany(await tokenRequest(base, rightSecret));
    assert.equal((await tokenRequest(base, implicit)).status, 200, "a shopper's page still gets its token");
    const other = { grant_type: 'client_credentials', client_id: 'another-client', client_secret: 'x' };
    assert.equal((await tokenRequest(base, other)).status, 401, 'another client id is counted on its own');
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
    'limit every attempt of an address at a client id too, and count each address on its own',
    { skip: !canUseOtherLoopbackAddresses },
    async () => {
      const { base } = await startTestService({
        limits: { tokenGrant: { attempts: 5, failures: 100, windowMs: 60_000 } },
      });
      const form = new URLSearchParams(rightSecret).toString();
      const from = (/** @type {string} */ address) =>
        sendFrom(address, 'POST', `${base}/oauth/access_token`, FORM, form);
      for (let i = 0; i < 5; i++) assert.equal((await from('127.0.0.2')).status, 200);
      const refused = await from('127.0.0.2');
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers['retry-after']) >= 1);
      assert.equal(JSON.parse(refused.text).errors[0].status, '429');
      assert.equal((await from('127.0.0.3')).status, 200, 'another address is not affected');
    },
  );

  it(
    'stop guessing spread over many addresses, while the address that knows the secret goes on',
    { skip: !canUseOtherLoopbackAddresses },
    async () => {
      const { base } = await startTestService({
        limits: { tokenGrant: { attempts: 100, failures: 20, windowMs: 60_000 }, tokenGrantPerClient: { failures: 4 } },
      });
      const send = (/** @type {string} */ address, /** @type {Record<string, string>} */ form) =>
        sendFrom(address, 'POST', `${base}/oauth/access_token`, FORM, new URLSearchParams(form).toString());
      for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']) {
        assert.equal((await send(address, wrongSecret)).status, 401);
      }
      // every address that guessed is refused now, also with the right secret; one that never failed is not
      assert.equal((await send('127.0.0.2', wrongSecret)).status, 429);
      assert.equal((await send('127.0.0.5', rightSecret)).status, 429);
      assert.equal((await send('127.0.0.6', rightSecret)).status, 200);
    },
  );

  it('do not throttle normal use with the default limits', async () => {
    const { base } = await startTestService();
    const results = await Promise.all(Array.from({ length: 200 }, () => tokenRequest(base, implicit)));
    assert.deepEqual(new Set(results.map((r) => r.status)), new Set([200]));
  });

  it('refuse a form parameter given twice, and never echo a long value', async () => {
    const { base } = await startTestService();
    const twice = await api(`${base}/oauth/access_token`, {
      method: 'POST',
      rawBody: 'grant_type=implicit&client_id=storefront&client_id=admin',
      headers: FORM,
    });
    assert.equal(twice.status, 400);
    assert.match(twice.body.errors[0].detail, /"client_id" is given more than once/);
    const long = await tokenRequest(base, { grant_type: 'x'.repeat(3000), client_id: 'storefront' });
    assert.equal(long.status, 400);
    assert.ok(long.body.errors[0].detail.length < 150, long.body.errors[0].detail);
  });
});

describe('behind a trusted proxy', { skip: !canUseOtherLoopbackAddresses }, () => {
  it('counts two forwarded clients apart, and believes X-Forwarded-For from the named proxy only', async () => {
    const { base } = await startTestService({
      trustProxy: ['127.0.0.2', '127.0.1.0/24'],
      limits: { tokenGrant: { attempts: 100, failures: 2, windowMs: 60_000 } },
    });
    const form = new URLSearchParams(wrongSecret).toString();
    const right = new URLSearchParams(rightSecret).toString();
    const via = (/** @type {string} */ proxy, /** @type {string} */ forwarded, body = form) =>
      sendFrom(proxy, 'POST', `${base}/oauth/access_token`, { ...FORM, 'x-forwarded-for': forwarded }, body);
    // the first client, behind the proxy, guesses until it is refused
    for (let i = 0; i < 2; i++) assert.equal((await via('127.0.0.2', '198.51.100.7')).status, 401);
    assert.equal((await via('127.0.0.2', '198.51.100.7', right)).status, 429);
    // a second client behind the same proxy (and one behind a proxy of the range) is not
    assert.equal((await via('127.0.0.2', '198.51.100.8', right)).status, 200);
    assert.equal((await via('127.0.1.9', '203.0.113.5, 127.0.0.2', right)).status, 200);
    // a client that writes the header itself, not through the proxy, is counted by its own address
    for (let i = 0; i < 2; i++) assert.equal((await via('127.0.0.3', `10.0.0.${i}`)).status, 401);
    assert.equal((await via('127.0.0.3', '10.0.0.9', right)).status, 429);
    // and one that puts a made-up address before the proxy's in the chain is counted by what the proxy saw
    assert.equal((await via('127.0.0.2', '198.51.100.7, 198.51.100.99')).status, 401);
  });
});

describe('the login form', () => {
  /**
   * A login form of the embedded identity provider in a browser of its own, and a way to post to it.
   * @param {string} base
   */
  async function loginForm(base) {
    const jar = new CookieJar();
    const form = new URL(
      await signInAtIdentityProvider((await authorizationUrl(base)).url, '', '', {
        jar,
        stopAt: (u) => u.pathname.startsWith('/idp/interaction/'),
      }),
    );
    const page = await fetch(form, { headers: { cookie: jar.header(form) } });
    const action = new URL(/** @type {string} */ (/action="([^"]+)"/.exec(await page.text())?.[1]), form);
    return (/** @type {string} */ login, /** @type {string} */ password, accept = 'text/html') =>
      fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'cookie': jar.header(action), 'content-type': 'application/x-www-form-urlencoded', accept },
        body: new URLSearchParams({ login, password }),
      });
  }

  it('answers 429 with Retry-After after too many wrong passwords for one email from an address', async () => {
    const { base } = await startTestService({ limits: { login: { attempts: 100, failures: 2, windowMs: 60_000 } } });
    const post = await loginForm(base);
    for (let i = 0; i < 2; i++)
      assert.match(await (await post('ada@example.com', 'wrong')).text(), /Wrong email or password/);
    const page429 = await post('ada@example.com', 'password');
    assert.equal(page429.status, 429);
    assert.ok(Number(page429.headers.get('retry-after')) >= 1);
    assert.match(
      await page429.text(),
      /Too many requests \(2 failed sign-in attempts for this email from this address/,
    );
    const envelope = await post('ada@example.com', 'password', 'application/json');
    assert.equal(envelope.status, 429);
    assert.equal((await envelope.json()).errors[0].status, '429');
  });

  it('lets the other people at the same address sign in', async () => {
    const { base } = await startTestService({ limits: { login: { attempts: 100, failures: 2, windowMs: 60_000 } } });
    const guesser = await loginForm(base);
    for (let i = 0; i < 5; i++) await guesser('ada@example.com', 'wrong');
    assert.equal((await guesser('ada@example.com', 'password')).status, 429);
    // another person in another browser at the same address signs in at once
    const grace = await loginForm(base);
    assert.equal((await grace('grace@example.com', 'password')).status, 303);
  });
});

describe('the windows of a limiter', () => {
  it('forget the oldest when full and free those that ended, oldest first', () => {
    const windows = new Windows(60_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) windows.open(key).attempts++;
    assert.equal(windows.size, 3);
    assert.equal(windows.get('a'), undefined, 'the oldest went');
    const now = Date.now();
    mock.method(Date, 'now', () => now + 61_000);
    try {
      windows.open('e');
      assert.equal(windows.sweep(), 2, 'b went to make room for e; c and d ended');
      assert.equal(windows.size, 1);
    } finally {
      mock.restoreAll();
    }
  });

  it('counts guesses at one thing from several addresses, and refuses only the addresses that failed', () => {
    const limiter = new RateLimiter(
      { attempts: 100, failures: 10, windowMs: 60_000 },
      { failures: 3 },
      { attempts: 'attempts', thing: 'this' },
    );
    for (const address of ['a', 'b', 'c']) {
      limiter.attempt(address, 'x');
      limiter.failed(address, 'x');
    }
    assert.throws(() => limiter.attempt('a', 'x'), /3 failed attempts for this in 60 s/);
    assert.doesNotThrow(() => limiter.attempt('d', 'x'));
    assert.doesNotThrow(() => limiter.attempt('a', 'y'));
  });
});
