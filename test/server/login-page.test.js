/**
 * The embedded identity provider's login page, which anyone who reaches the service can read: it lists the users
 * and their passwords for the built-in example store only, never for a store's own fixtures unless asked
 * (`showTestUsers`, `--show-test-users`).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { browserGet, CookieJar } from '../support/idp-login.js';
import { authorizationUrl } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

/** A store's own fixtures: the built-in ones, read from the file as a store's would be. */
const ownFixtures = JSON.parse(readFileSync(new URL('../../server/fixtures.default.json', import.meta.url), 'utf8'));
const [{ email, password }] = ownFixtures.idp_users;

/** The HTML of the login form a browser is shown at the start of a sign-in. @param {string} base */
async function loginPage(base) {
  const { url } = await authorizationUrl(base);
  const jar = new CookieJar();
  let target = new URL(url);
  for (let step = 0; step < 10; step++) {
    const { response } = await browserGet(target, jar, { accept: 'text/html' });
    const location = response.headers.get('location');
    if (!location) return response.text();
    await response.body?.cancel();
    target = new URL(location, target);
  }
  throw new Error('no login page');
}

describe('the login page', () => {
  it("of the built-in example store names its users and their password (it is the demo's)", async () => {
    const { base } = await startTestService();
    const html = await loginPage(base);
    assert.match(html, /Test users/);
    assert.ok(html.includes(email) && html.includes(password));
  });

  it("of a store's own fixtures names no user and no password", async () => {
    const { base } = await startTestService({ fixtures: ownFixtures });
    const html = await loginPage(base);
    assert.match(html, /name="password"/);
    assert.doesNotMatch(html, /Test users/);
    assert.ok(!html.includes(email), 'a user is named');
  });

  it('of a store that asks for it (showTestUsers) names them', async () => {
    const { base } = await startTestService({ fixtures: ownFixtures, showTestUsers: true });
    assert.match(await loginPage(base), /Test users/);
  });
});
