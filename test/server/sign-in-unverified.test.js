/**
 * An identity provider that says email_verified: false does not sign anyone in by that email.
 * The embedded identity provider takes `email_verified` from its user fixtures, so this file marks
 * users unverified for one test (each test file runs in its own process).
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { IDP_USERS } from '../../server/domain/fixtures.js';
import { signInAtIdentityProvider } from '../support/idp-login.js';
import { api, authorizationUrl, signIn } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const { service, base, operator } = await startTestService({ operatorToken: true });
/** @type {Record<string, { email_verified?: boolean }>} */
const users = IDP_USERS;

beforeEach(() => service.reset());
afterEach(() => {
  for (const user of Object.values(users)) delete user.email_verified;
});

describe('email_verified: false', () => {
  it('refuses to sign in as the store member with that email: access_denied back to the client', async () => {
    users.ada.email_verified = false;
    const { url, state } = await authorizationUrl(base);
    const back = new URL(await signInAtIdentityProvider(url, 'ada@example.com', 'password'));
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.match(/** @type {string} */ (back.searchParams.get('error_description')), /not verified/);
    assert.equal(back.searchParams.get('state'), state);
    assert.equal(back.searchParams.get('code'), null);
  });

  it('does not create a member for an unverified email either', async () => {
    users.linus.email_verified = false;
    const { url } = await authorizationUrl(base);
    const back = new URL(await signInAtIdentityProvider(url, 'linus@example.com', 'password'));
    assert.equal(back.searchParams.get('error'), 'access_denied');
    const found = await api(`${base}/v2/account-members?filter=eq(email,linus@example.com)`, { token: operator });
    assert.equal(found.body.data.length, 0);
  });

  it('still signs in a verified user', async () => {
    users.linus.email_verified = false;
    const { status } = await signIn(base, 'grace@example.com');
    assert.equal(status, 200);
  });
});
