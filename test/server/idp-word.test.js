/**
 * What the service believes of an identity provider's word: a provider that says what each test makes it say
 * (test/support/forged-idp.js) stands behind the store's one OIDC profile. Each refusal sends the browser back to
 * the store with an error and signs no one in; the service's log says why.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, describe, it } from 'node:test';
import { startService } from '../../server/index.js';
import { startForgedIdp } from '../support/forged-idp.js';
import { signInAtIdentityProvider } from '../support/idp-login.js';
import { accessToken, api, authorizationUrl } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const CLIENT = { client_id: 'reference-service-ci', client_secret: 'shop-ci-secret' };
const PAT = { id: '1c9b7a4f-3d2e-4f60-8b8c-7d6e5f4a3b21', name: 'Pat Buyer', email: 'pat@shop.example' };

const idp = await startForgedIdp(CLIENT);
after(() => idp.close());
const { base, service } = await startTestService({
  fixtures: {
    clients: [{ client_id: 'storefront' }, { client_id: 'admin', client_secret: 'admin-secret' }],
    account_members: [PAT],
    oidc_profiles: [
      { id: '3e1d9c6b-5f4a-4b82-8dae-9f8a7b6c5d43', name: 'Shop ID', discovery_url: idp.discoveryUrl, ...CLIENT },
    ],
  },
});

/**
 * A sign-in through the provider answering `answer`; returns where the browser is sent back to (code or error).
 * @param {import('../support/forged-idp.js').ForgedAnswer} answer
 */
async function signInWith(answer) {
  idp.answer(answer);
  const { url } = await authorizationUrl(base);
  return new URL(await signInAtIdentityProvider(url, 'anyone', 'anything'));
}

/** @param {URL} back */
const outcome = (back) => (back.searchParams.get('code') ? 'signed in' : back.searchParams.get('error'));

const PAT_VERIFIED = { email: PAT.email, email_verified: true, name: PAT.name };

describe("an identity provider's word", () => {
  it('signs Pat in when the ID token is signed with a key of its JWKS and says her email is verified', async () => {
    assert.equal(outcome(await signInWith({ claims: PAT_VERIFIED })), 'signed in');
  });

  describe('email_verified: only the boolean true verifies an address', () => {
    for (const [what, claims, userinfo] of [
      ['the string "false"', { email: PAT.email, email_verified: 'false' }],
      ['the string "true"', { email: PAT.email, email_verified: 'true' }],
      ['no claim at all', { email: PAT.email, email_verified: undefined }],
      ['null', { email: PAT.email, email_verified: null }],
      [
        '"false" in UserInfo, where the ID token has no email',
        { email: undefined, email_verified: undefined },
        {
          email: PAT.email,
          email_verified: 'false',
        },
      ],
    ]) {
      it(`${what}: access_denied, not signed in as the member with that email`, async () => {
        const back = await signInWith({ claims, userinfo });
        assert.equal(outcome(back), 'access_denied');
        assert.match(String(back.searchParams.get('error_description')), /not verified/);
      });
    }

    it('a profile that allows unverified addresses (allow_unverified_email) signs the person in', async () => {
      const lenient = await startService({
        port: 0,
        quiet: true,
        fixtures: {
          clients: [{ client_id: 'storefront' }],
          account_members: [PAT],
          oidc_profiles: [
            {
              id: '7c5adfaf-9d8e-4fc6-8b1d-d3cebfa09b87',
              name: 'Trusted ID',
              discovery_url: idp.discoveryUrl,
              allow_unverified_email: true,
              ...CLIENT,
            },
          ],
        },
      });
      try {
        idp.answer({ claims: { email: PAT.email, email_verified: 'false' } });
        const { url } = await authorizationUrl(lenient.baseUrl);
        assert.equal(outcome(new URL(await signInAtIdentityProvider(url, 'anyone', 'anything'))), 'signed in');
      } finally {
        await lenient.close();
      }
    });

    it('true in UserInfo, where the ID token has no email: signed in', async () => {
      const back = await signInWith({
        claims: { email: undefined, email_verified: undefined },
        userinfo: { email: PAT.email, email_verified: true },
      });
      assert.equal(outcome(back), 'signed in');
    });
  });

  describe('the ID token is checked in full', () => {
    for (const [what, answer] of [
      ['a signature that is no signature', { claims: PAT_VERIFIED, signature: 'garbage' }],
      ['a signature made with a key its JWKS does not list', { claims: PAT_VERIFIED, signature: 'other-key' }],
      ['two audiences, the service and another', { claims: { ...PAT_VERIFIED, aud: [CLIENT.client_id, 'other'] } }],
      ['an audience of another client only', { claims: { ...PAT_VERIFIED, aud: 'other' } }],
      ['azp naming another client', { claims: { ...PAT_VERIFIED, azp: 'other-client' } }],
      ['iat an hour ahead', { claims: { ...PAT_VERIFIED, iat: Math.floor(Date.now() / 1000) + 3600 } }],
      ['another issuer', { claims: { ...PAT_VERIFIED, iss: 'https://other-issuer.example' } }],
    ]) {
      it(`${what}: refused, no one signed in`, async () => {
        const back = await signInWith(/** @type {any} */ (answer));
        assert.notEqual(outcome(back), 'signed in');
      });
    }

    it('the JWKS is fetched to check signatures and kept between sign-ins', async () => {
      const before = idp.counts.jwks;
      for (let i = 0; i < 3; i++) assert.equal(outcome(await signInWith({ claims: PAT_VERIFIED })), 'signed in');
      assert.ok(idp.counts.jwks - before <= 1, `${idp.counts.jwks - before} fetches of the JWKS for three sign-ins`);
      assert.ok(idp.counts.jwks >= 1);
    });
  });

  describe('emails and names from a provider are taken as the fixtures take them', () => {
    for (const [what, email] of [
      ['a leading space', ` ${PAT.email}`],
      ['a NUL', `${PAT.email}\u0000`],
      ['a line feed', `pat@shop.example\nx`],
      ['no @', 'pat.shop.example'],
    ]) {
      it(`an email with ${what}: access_denied, no lookalike member made`, async () => {
        const back = await signInWith({ claims: { email, email_verified: true } });
        assert.equal(outcome(back), 'access_denied');
      });
    }

    it('a name of 100,000 characters is kept at 200', async () => {
      const email = 'long-name@shop.example';
      const back = await signInWith({ claims: { email, email_verified: true, name: 'x'.repeat(100_000) } });
      assert.equal(outcome(back), 'signed in');
      const operator = await accessToken(base, 'operator');
      const found = await api(`${base}/v2/account-members?filter=eq(email,${email})`, { token: operator });
      assert.equal(found.body.data[0].name.length, 200);
    });
  });

  describe('the discovery document is checked at every read, as at start', () => {
    it('one that now lists private_key_jwt only: no sign-in, and the secret is not sent', async () => {
      await service.reset();
      const tokens = idp.counts.token;
      const back = await signInWith({
        claims: PAT_VERIFIED,
        discovery: { token_endpoint_auth_methods_supported: ['private_key_jwt'] },
      });
      assert.equal(outcome(back), 'server_error');
      assert.equal(idp.counts.token, tokens);
    });

    it('one that moves the token endpoint to another host over plain http: no sign-in', async () => {
      await service.reset();
      const back = await signInWith({
        claims: PAT_VERIFIED,
        discovery: { token_endpoint: 'http://192.0.2.1:9/token' },
      });
      assert.equal(outcome(back), 'server_error');
      // and back as it was, the next read of the document signs Pat in again
      await service.reset();
      assert.equal(outcome(await signInWith({ claims: PAT_VERIFIED })), 'signed in');
    });

    it('a discovery document of 200 MB is refused at start as it arrives, naming the profile', async () => {
      let sent = 0;
      const huge = createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 32);
        const more = () => {
          while (sent < 200 * 2 ** 20 && res.write(chunk)) sent += chunk.length;
          if (sent >= 200 * 2 ** 20) res.end();
        };
        res.on('drain', more);
        res.write('{"issuer":"');
        more();
      });
      await new Promise((resolve) => huge.listen(0, '127.0.0.1', () => resolve(undefined)));
      try {
        const { port } = /** @type {import('node:net').AddressInfo} */ (huge.address());
        const profile = { id: '6b4fce9e-8c7d-4eb5-9a0c-c2bdae9f8a76', name: 'Huge ID', ...CLIENT };
        await assert.rejects(
          startService({
            port: 0,
            quiet: true,
            fixtures: {
              clients: [{ client_id: 'storefront' }],
              oidc_profiles: [
                { ...profile, discovery_url: `http://127.0.0.1:${port}/.well-known/openid-configuration` },
              ],
            },
          }),
          /Huge ID[\s\S]*more than \d+ bytes/,
        );
        assert.ok(sent < 50 * 2 ** 20, `${sent} bytes sent before the service gave up`);
      } finally {
        huge.closeAllConnections();
        await new Promise((resolve) => huge.close(() => resolve(undefined)));
      }
    });
  });
});
