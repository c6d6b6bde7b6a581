/**
 * Limits that stop guessing without locking anyone out: token requests counted per client address and client id
 * and per client id from everywhere; logins per browser and email, per email from browsers without a proof of a
 * previous sign-in, and per address across emails (spraying). Over a failure budget attempts are slowed (one at a
 * time at the budget's pace), and only one that finds the line full gets 429 with Retry-After in the error
 * envelope. Others at the same address (another login, a shopper's implicit token) go on, and with --trust-proxy
 * two clients behind one proxy are counted apart.
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { setImmediate as turn } from 'node:timers/promises';
import { Lines, RateLimiter, Windows } from '../../server/http/rate-limit.js';
import { DEVICE_PROOF_COOKIE } from '../../server/idp/device-proof.js';
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
 * @param {number} [maxSeconds]
 */
function assertTooMany(answer, maxSeconds = 60) {
  assert.equal(answer.status, 429);
  assert.equal(answer.body.errors[0].status, '429');
  assert.equal(answer.body.errors[0].title, 'Too Many Requests');
  const retryAfter = Number(answer.headers.get('retry-after'));
  assert.ok(retryAfter >= 1 && retryAfter <= maxSeconds, String(retryAfter));
}

/**
 * Sends six attempts at once into a slowed line: one may go at once, four wait their turn (the service is closed
 * before it comes), and one finds the line full and is answered 429 at once. Resolves with that answer.
 * @template {{ status: number }} T
 * @param {() => Promise<T>} send
 * @returns {Promise<T>}
 */
function overfill(send) {
  const attempts = Array.from({ length: 6 }, () => send());
  for (const attempt of attempts) attempt.catch(() => undefined);
  return Promise.any(
    attempts.map(async (attempt) => {
      const answer = await attempt;
      if (answer.status !== 429) throw new Error(`answered ${answer.status}`);
      return answer;
    }),
  );
}

/**
 * Whether a promise is still waiting once everything already due has run (a slowed attempt waits for a timer).
 * @param {Promise<unknown>} promise
 */
async function isWaiting(promise) {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await turn();
  return !settled;
}

describe('token grants', () => {
  it('slow an address that guessed a client secret wrong too often, never lock out the right secret there', async () => {
    const { base } = await startTestService({
      limits: { tokenGrant: { attempts: 100, failures: 3, windowMs: 60_000 } },
    });
    for (let i = 0; i < 3; i++) assert.equal((await tokenRequest(base, wrongSecret)).status, 401);
    // the back end at the same address that knows the secret is answered: the first of the slowed line goes at once
    assert.equal((await tokenRequest(base, rightSecret)).status, 200);
    // the next ones wait their turn, 20 s apart (3 a minute); one that finds the line full is refused at once
    const refused = await overfill(() => tokenRequest(base, wrongSecret));
    assertTooMany(refused, 100);
    assert.match(
      refused.body.errors[0].detail,
      /3 failed token requests for this client_id from this address in 60 s; attempts are answered one at a time/,
    );
  });

  it("never hold back a shopper's implicit token or another client id at the same address", async () => {
    const { base } = await startTestService({
      limits: { tokenGrant: { attempts: 100, failures: 3, windowMs: 60_000 } },
    });
    for (let i = 0; i < 3; i++) await tokenRequest(base, wrongSecret);
    assertTooMany(await overfill(() => tokenRequest(base, wrongSecret)), 100);
    assert.equal((await tokenRequest(base, implicit)).status, 200, "a shopper's page still gets its token");
    const other = { grant_type: 'client_credentials', client_id: 'another-client', client_secret: 'x' };
    assert.equal((await tokenRequest(base, other)).status, 401, 'another client id is counted on its own');
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
    'slow guessing spread over many addresses, new addresses included, while the secret is still answered',
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
      // the back end that knows the secret is answered, from an address that failed or not
      assert.equal((await send('127.0.0.5', rightSecret)).status, 200);
      // every address now joins one line for admin, 15 s apart: a new address gets no free guess
      let next = 10;
      const refused = await overfill(() => send(`127.0.0.${next++}`, wrongSecret));
      assert.equal(refused.status, 429);
      assert.match(JSON.parse(refused.text).errors[0].detail, /4 failed token requests for this client_id in 60 s/);
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
    // the first client, behind the proxy, guesses until it is slowed
    for (let i = 0; i < 2; i++) assert.equal((await via('127.0.0.2', '198.51.100.7')).status, 401);
    assert.equal((await overfill(() => via('127.0.0.2', '198.51.100.7'))).status, 429);
    // a second client behind the same proxy (and one behind a proxy of the range) is not
    const answers = await Promise.all(Array.from({ length: 5 }, () => via('127.0.0.2', '198.51.100.8', right)));
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
    assert.equal((await via('127.0.1.9', '203.0.113.5, 127.0.0.2', right)).status, 200);
    // a client that writes the header itself, not through the proxy, is counted by its own address
    for (let i = 0; i < 2; i++) assert.equal((await via('127.0.0.3', `10.0.0.${i}`)).status, 401);
    assert.equal((await overfill(() => via('127.0.0.3', '10.0.0.9'))).status, 429);
    // and one that puts a made-up address (the slowed client's) before the proxy's in the chain is counted by what
    // the proxy saw: it is not in that client's full line
    const madeUp = await Promise.all(
      Array.from({ length: 6 }, () => via('127.0.0.2', '198.51.100.7, 198.51.100.99', right)),
    );
    assert.deepEqual(new Set(madeUp.map((a) => a.status)), new Set([200]));
  });
});

describe('the login form', () => {
  /**
   * A login form of the embedded identity provider in a browser (a cookie jar), and a way to post to it; a post
   * keeps the cookies it is given.
   * @param {string} base
   * @param {CookieJar} [jar]
   */
  async function loginForm(base, jar = new CookieJar()) {
    const form = new URL(
      await signInAtIdentityProvider((await authorizationUrl(base)).url, '', '', {
        jar,
        stopAt: (u) => u.pathname.startsWith('/idp/interaction/'),
      }),
    );
    const page = await fetch(form, { headers: { cookie: jar.header(form) } });
    const action = new URL(/** @type {string} */ (/action="([^"]+)"/.exec(await page.text())?.[1]), form);
    return async (/** @type {string} */ login, /** @type {string} */ password, accept = 'text/html') => {
      const answer = await fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'cookie': jar.header(action), 'content-type': 'application/x-www-form-urlencoded', accept },
        body: new URLSearchParams({ login, password }),
      });
      jar.store(action, answer);
      return answer;
    };
  }

  /**
   * The browser Ada signed in with before, after its session at the identity provider ended: it keeps only its
   * proof of that sign-in.
   * @param {string} base
   */
  async function adasOwnBrowser(base) {
    const jar = new CookieJar();
    assert.equal((await (await loginForm(base, jar))('ada@example.com', 'password')).status, 303);
    const host = new URL(base).host;
    const proof = jar.byHost.get(host)?.get(DEVICE_PROOF_COOKIE);
    assert.ok(proof, 'a sign-in leaves a proof of it in the browser');
    const own = new CookieJar();
    own.byHost.set(host, new Map([[DEVICE_PROOF_COOKIE, proof]]));
    return own;
  }

  it('signs Ada in from her own browser after ten wrong passwords for her from her address', async () => {
    const { base } = await startTestService();
    const guesser = await loginForm(base);
    for (let i = 0; i < 10; i++) {
      assert.match(await (await guesser('ada@example.com', 'wrong')).text(), /Wrong email or password/);
    }
    // her own browser, at the same address, never signed in here before
    assert.equal((await (await loginForm(base))('ada@example.com', 'password')).status, 303);
  });

  it('slows a browser that got one email wrong too often, and tells it so once its line is full', async () => {
    const { base } = await startTestService({ limits: { login: { attempts: 100, failures: 2, windowMs: 60_000 } } });
    const post = await loginForm(base);
    for (let i = 0; i < 2; i++)
      assert.match(await (await post('ada@example.com', 'wrong')).text(), /Wrong email or password/);
    // its right password still signs in: the first of its slowed line goes at once
    const again = await loginForm(base);
    for (let i = 0; i < 2; i++) await again('grace@example.com', 'wrong');
    assert.equal((await again('grace@example.com', 'password')).status, 303);
    const page429 = await overfill(() => post('ada@example.com', 'wrong'));
    assert.equal(page429.status, 429);
    assert.ok(Number(page429.headers.get('retry-after')) >= 1);
    assert.match(
      await page429.text(),
      /Too many requests \(2 failed sign-in attempts for this email from this browser in 60 s; attempts are answered one at a time/,
    );
    const envelope = await overfill(() => post('ada@example.com', 'wrong', 'application/json'));
    assert.equal(envelope.status, 429);
    assert.equal((await envelope.json()).errors[0].status, '429');
  });

  it('lets the other people at the same address sign in', async () => {
    const { base } = await startTestService({ limits: { login: { attempts: 100, failures: 2, windowMs: 60_000 } } });
    const guesser = await loginForm(base);
    for (let i = 0; i < 2; i++) await guesser('ada@example.com', 'wrong');
    assert.equal((await overfill(() => guesser('ada@example.com', 'password'))).status, 429);
    // another person in another browser at the same address signs in at once
    const grace = await loginForm(base);
    assert.equal((await grace('grace@example.com', 'password')).status, 303);
  });

  it('slows guessing at one email from many browsers, but never the browser that signed in as it before', async () => {
    const { base } = await startTestService({ limits: { loginPerEmail: { failures: 3 } } });
    const own = await adasOwnBrowser(base);
    for (let i = 0; i < 3; i++) await (await loginForm(base))('ada@example.com', 'wrong');
    // new browsers now join one line for her email, 20 s apart
    const refused = await overfill(async () => (await loginForm(base))('ada@example.com', 'wrong', 'application/json'));
    assert.equal(refused.status, 429);
    assert.match((await refused.json()).errors[0].detail, /3 failed sign-in attempts for this email in 60 s/);
    // her own browser, with its proof, is answered at once, also after a typo of hers
    const post = await loginForm(base, own);
    assert.match(await (await post('ada@example.com', 'typo')).text(), /Wrong email or password/);
    assert.equal((await post('ada@example.com', 'password')).status, 303);
  });

  it('slows one address spraying a password over many emails', async () => {
    const { base } = await startTestService({ limits: { loginPerAddress: { failures: 50 } } });
    const post = await loginForm(base);
    for (let i = 0; i < 50; i++) {
      assert.equal((await post(`member${i}@example.com`, 'Summer2026!')).status, 200);
    }
    let next = 50;
    const refused = await overfill(() => post(`member${next++}@example.com`, 'Summer2026!', 'application/json'));
    assert.equal(refused.status, 429);
    assert.match((await refused.json()).errors[0].detail, /50 failed sign-in attempts from this address in 60 s/);
  });

  it('does not take a proof made for another email, or one the service did not make', async () => {
    const { base } = await startTestService({ limits: { loginPerEmail: { failures: 1 } } });
    const own = await adasOwnBrowser(base);
    const host = new URL(base).host;
    const adasProof = /** @type {string} */ (own.byHost.get(host)?.get(DEVICE_PROOF_COOKIE));
    await (
      await loginForm(base)
    )('grace@example.com', 'wrong');
    for (const proof of [adasProof, `${adasProof.slice(0, -1)}A`, 'made.up.value']) {
      const jar = new CookieJar();
      jar.byHost.set(host, new Map([[DEVICE_PROOF_COOKIE, proof]]));
      const refused = await overfill(async () =>
        (await loginForm(base, jar))('grace@example.com', 'wrong', 'application/json'),
      );
      assert.equal(refused.status, 429, proof);
    }
  });
});

describe('a limiter', () => {
  const limits = {
    own: { attempts: 100, failures: 2, windowMs: 60_000 },
    perThing: { failures: 3 },
    perAddress: { failures: 4 },
  };
  const words = { attempts: 'attempts', thing: 'this', who: 'this one' };

  it('slows who failed too often at a thing, the first of the line at once, and others not at all', async () => {
    const limiter = new RateLimiter(limits, words);
    const a = { who: 'a', thing: 'x', address: '1' };
    for (let i = 0; i < 2; i++) {
      await limiter.attempt(a);
      limiter.failed(a);
    }
    assert.equal(await isWaiting(limiter.attempt(a)), false, 'the first of the line');
    assert.equal(await isWaiting(limiter.attempt(a)), true, 'the next waits its turn');
    assert.equal(await isWaiting(limiter.attempt({ who: 'b', thing: 'x', address: '1' })), false, 'another browser');
    assert.equal(await isWaiting(limiter.attempt({ who: 'a', thing: 'y', address: '1' })), false, 'another thing');
  });

  it('slows every untrusted attempt at a thing that failed too often from everywhere, never a trusted one', async () => {
    const limiter = new RateLimiter(limits, words);
    for (const who of ['a', 'b', 'c']) {
      const attempt = { who, thing: 'x', address: who };
      await limiter.attempt(attempt);
      limiter.failed(attempt);
    }
    await limiter.attempt({ who: 'd', thing: 'x', address: 'd' });
    assert.equal(await isWaiting(limiter.attempt({ who: 'e', thing: 'x', address: 'e' })), true, 'a new one waits');
    const trusted = { who: 'proof', thing: 'x', address: 'e', trusted: true };
    assert.equal(await isWaiting(limiter.attempt(trusted)), false);
    limiter.failed(trusted);
    assert.equal(await isWaiting(limiter.attempt(trusted)), false, 'its own failure is counted on its own');
  });

  it('counts failures from one address across things, and refuses one that finds a full line', async () => {
    const limiter = new RateLimiter(limits, words);
    for (const thing of ['p', 'q', 'r', 's']) {
      const attempt = { who: 'a', thing, address: '1' };
      await limiter.attempt(attempt);
      limiter.failed(attempt);
    }
    // the first of the line goes at once, four wait, the sixth is refused
    const attempts = Array.from({ length: 6 }, (_, i) =>
      limiter.attempt({ who: `b${i}`, thing: `t${i}`, address: '1' }),
    );
    for (const attempt of attempts) attempt.catch(() => undefined);
    await assert.rejects(
      attempts[5],
      /4 failed attempts from this address in 60 s; attempts are answered one at a time/,
    );
    assert.equal(await isWaiting(attempts[4]), true);
    assert.equal(await isWaiting(limiter.attempt({ who: 'c', thing: 't', address: '2' })), false, 'another address');
  });

  it('stops slowing once the window has passed', async () => {
    const limiter = new RateLimiter(limits, words);
    const a = { who: 'a', thing: 'x', address: '1' };
    for (let i = 0; i < 2; i++) {
      await limiter.attempt(a);
      limiter.failed(a);
    }
    await limiter.attempt(a);
    const now = Date.now();
    mock.method(Date, 'now', () => now + 61_000);
    try {
      assert.equal(await isWaiting(limiter.attempt(a)), false);
      assert.equal(await isWaiting(limiter.attempt(a)), false);
    } finally {
      mock.restoreAll();
    }
  });
});

describe('the windows and lines of a limiter', () => {
  it('forget the oldest window when full and free those that ended, oldest first', () => {
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

  it('keep at most as many lines as they are made for, and forget those that are empty and past', async () => {
    const lines = new Lines(2);
    for (const key of ['a', 'b', 'c']) await lines.wait(key, 1_000, 'reason');
    assert.equal(lines.size, 2);
    const now = Date.now();
    mock.method(Date, 'now', () => now + 2_000);
    try {
      assert.equal(lines.sweep(), 2);
      assert.equal(lines.size, 0);
    } finally {
      mock.restoreAll();
    }
  });
});
