/**
 * An identity provider that says email_verified: false does not sign anyone in by that email.
 * The embedded identity provider takes `email_verified` from its users in the fixtures: this store's
 * fixtures are the default ones with Ada and Linus unverified.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, it } from 'node:test';
import { signInAtIdentityProvider } from '../support/idp-login.js';
import { api, authorizationUrl, signIn } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const UNVERIFIED = ['ada@example.com', 'linus@example.com'];
const fixtures = JSON.parse(readFileSync(new URL('../../server/fixtures.default.json', import.meta.url), 'utf8'));
for (const user of fixtures.idp_users) if (UNVERIFIED.includes(user.email)) user.email_verified = false;

const { service, base, operator } = await startTestService({ operatorToken: true, fixtures });
beforeEach(() => service.reset());

describe('email_verified: false', () => {
  it('refuses to sign in as the store member with that email: access_denied back to the client', async () => {
    const { url, state } = await authorizationUrl(base);
    const back = new URL(await signInAtIdentityProvider(url, 'ada@example.com', 'password'));
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.match(/** @type {string} */ (back.searchParams.get('error_description')), /not verified/);
    assert.equal(back.searchParams.get('state'), state);
    assert.equal(back.searchParams.get('code'), null);
  });

  it('does not create a member for an unverified email either', async () => {
    const { url } = await authorizationUrl(base);
    const back = new URL(await signInAtIdentityProvider(url, 'linus@example.com', 'password'));
    assert.equal(back.searchParams.get('error'), 'access_denied');
    const found = await api(`${base}/v2/account-members?filter=eq(email,linus@example.com)`, { token: operator });
    assert.equal(found.body.data.length, 0);
  });

  it('still signs in a verified user', async () => {
    const { status } = await signIn(base, 'grace@example.com');
    assert.equal(status, 200);
  });
});
