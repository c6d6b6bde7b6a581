/**
 * An OIDC profile that points at the store's own identity provider (a separate oidc-provider instance):
 * sign-in goes through it end to end, and a provider that fails one of the spec's requirements its
 * discovery document shows is refused at start with a sentence naming the requirement.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { startService } from '../../server/index.js';
import { accessToken, api, authorizationUrl, signIn } from '../support/service-client.js';
import { signInAtIdentityProvider } from '../support/idp-login.js';
import { startStoreIdp } from '../support/store-idp.js';
import { startTestService } from '../support/test-service.js';

const ACCOUNT = { id: '0b8a6f3e-2c1d-4e5f-9a7b-6c5d4e3f2a10', name: 'Shop Trade', legal_name: 'Shop Trade GmbH' };
const PAT = { id: '1c9b7a4f-3d2e-4f60-8b8c-7d6e5f4a3b21', name: 'Pat Buyer', email: 'pat@shop.example' };
const CLIENT = { client_id: 'reference-service-ci', client_secret: 'shop-ci-secret' };
const USERS = {
  'pat@shop.example': { password: 'pat-password', name: 'Pat Buyer' },
  'sam@shop.example': { password: 'sam-password', name: 'Sam New' },
};

/**
 * A store whose one OIDC profile points at an identity provider's discovery document.
 * @param {string} discoveryUrl
 */
const fixturesFor = (discoveryUrl) => ({
  clients: [{ client_id: 'storefront' }, { client_id: 'admin', client_secret: 'admin-secret' }],
  accounts: [ACCOUNT],
  account_members: [PAT],
  account_memberships: [
    { id: '2d0c8b5a-4e3f-4a71-9c9d-8e7f6a5b4c32', account_id: ACCOUNT.id, account_member_id: PAT.id },
  ],
  oidc_profiles: [
    { id: '3e1d9c6b-5f4a-4b82-8dae-9f8a7b6c5d43', name: 'Shop ID', discovery_url: discoveryUrl, ...CLIENT },
  ],
  catalogs: [
    { id: '4f2eac7c-6a5b-4c93-9ebf-a09b8c7d6e54', name: 'Everyone' },
    {
      id: '5a3fbd8d-7b6c-4da4-8fc0-b1ac9d8e7f65',
      name: 'Trade only',
      rules: [{ name: 'Trade accounts', account_ids: [ACCOUNT.id] }],
    },
  ],
});

describe("the store's own identity provider", async () => {
  const idp = await startStoreIdp({ users: USERS, client: CLIENT });
  after(() => idp.close());
  const { base } = await startTestService({ fixtures: fixturesFor(idp.discoveryUrl) });

  it('signs a member in through it, to her account token and that account catalogs', async () => {
    const { status, body } = await signIn(base, PAT.email, { password: USERS[PAT.email].password });
    assert.equal(status, 200);
    assert.equal(body.meta.account_member_id, PAT.id);
    assert.deepEqual(
      body.data.map((/** @type {any} */ t) => [t.account_id, t.account_name]),
      [[ACCOUNT.id, ACCOUNT.name]],
    );
    const implicit = await accessToken(base, 'implicit');
    const catalogs = await api(`${base}/catalogs`, {
      token: implicit,
      headers: { 'EP-Account-Management-Authentication-Token': body.data[0].token },
    });
    assert.deepEqual(
      catalogs.body.data.map((/** @type {any} */ c) => c.attributes.name),
      ['Everyone', 'Trade only'],
    );
  });

  it('adds a person the store does not know yet as an unassigned member, found by the email claim', async () => {
    const { status, body } = await signIn(base, 'sam@shop.example', { password: USERS['sam@shop.example'].password });
    assert.equal(status, 200);
    assert.deepEqual(body.data, []);
    const operator = await accessToken(base, 'operator');
    const member = await api(`${base}/v2/account-members/${body.meta.account_member_id}`, { token: operator });
    assert.deepEqual([member.body.data.name, member.body.data.email], ['Sam New', 'sam@shop.example']);
  });

  it('refuses a wrong password at the identity provider, not at the service', async () => {
    await assert.rejects(signIn(base, PAT.email, { password: 'wrong' }), /refused the sign-in/);
  });

  it('a wrong client_secret is named in the log as refused credentials of the profile, and as such to the store', async () => {
    const fixtures = fixturesFor(idp.discoveryUrl);
    fixtures.oidc_profiles[0].client_secret = 'not-the-secret';
    const logged = [];
    const { error: print } = console;
    console.error = (line) => logged.push(String(line));
    const service = await startService({ port: 0, host: '127.0.0.1', quiet: false, fixtures });
    try {
      const { url } = await authorizationUrl(service.baseUrl);
      const back = new URL(await signInAtIdentityProvider(url, PAT.email, USERS[PAT.email].password));
      assert.equal(back.searchParams.get('error'), 'server_error');
      assert.match(/** @type {string} */ (back.searchParams.get('error_description')), /refused its credentials/);
      const line = logged.find((text) => text.includes('refused its client credentials'));
      assert.ok(line, logged.join('\n'));
      assert.match(line, /OIDC profile "Shop ID" .*client_id "reference-service-ci", sent as client_secret_basic/);
      assert.ok(!logged.some((text) => /WWWAuthenticateChallengeError|not-the-secret/.test(text)), logged.join('\n'));
    } finally {
      console.error = print;
      await service.close();
    }
  });

  it("on the command line, the banner names no embedded user or password when every profile is the store's own", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'store-idp-cli-'));
    const file = join(folder, 'fixtures.json');
    await writeFile(
      file,
      JSON.stringify({
        ...fixturesFor(idp.discoveryUrl),
        idp_users: [{ email: 'x@y.z', password: 'embedded-secret', name: 'X' }],
      }),
    );
    const cli = fileURLToPath(new URL('../../server/cli.js', import.meta.url));
    const child = spawn(process.execPath, [cli, '--port', '0', '--fixtures', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const banner = [];
    for await (const line of createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) })) {
      banner.push(line);
      if (line.startsWith('Press Ctrl-C')) break;
    }
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    const text = banner.join('\n');
    assert.match(text, /^Users +those of each profile's own identity provider \(the embedded one is not used\)$/m);
    assert.doesNotMatch(text, /embedded-secret|x@y\.z|^Password/m);
  });

  it("names the provider's discovery document as the profile's", async () => {
    const implicit = await accessToken(base, 'implicit');
    const settings = (await api(`${base}/v2/settings/account-authentication`, { token: implicit })).body.data;
    const realm = settings.relationships.authentication_realm.data.id;
    const profiles = await api(`${base}/v2/authentication-realms/${realm}/oidc-profiles`, { token: implicit });
    assert.equal(profiles.body.data[0].links['client-discovery-url'], idp.discoveryUrl);
  });
});

describe('an identity provider that fails a requirement is refused at start', () => {
  /**
   * Starts the service with the profile pointing at `discoveryUrl`; resolves with the refusal's message.
   * @param {string} discoveryUrl
   */
  async function refusal(discoveryUrl) {
    const error = await startService({
      port: 0,
      quiet: true,
      fixtures: fixturesFor(discoveryUrl),
      limits: { outboundTimeoutMs: 2000 },
    }).then(
      async (service) => {
        await service.close();
        throw new Error('the service started');
      },
      (e) => e,
    );
    assert.equal(error.name, 'IdentityProviderError');
    return /** @type {string} */ (error.message);
  }

  it('one whose token endpoint does not take client_secret_basic', async () => {
    const postOnly = await startStoreIdp({ users: USERS, client: CLIENT, authMethods: ['client_secret_post'] });
    after(() => postOnly.close());
    assert.equal(
      await refusal(postOnly.discoveryUrl),
      'The OIDC profile "Shop ID" cannot be used: the spec requires an identity provider that supports the ' +
        'client_secret_basic client authentication method, and its discovery document lists ' +
        'token_endpoint_auth_methods_supported: client_secret_post.',
    );
  });

  it('one whose discovery address does not answer', async () => {
    const closed = createServer();
    await new Promise((resolve) => closed.listen(0, '127.0.0.1', () => resolve(undefined)));
    const port = /** @type {import('node:net').AddressInfo} */ (closed.address()).port;
    await new Promise((resolve) => closed.close(() => resolve(undefined)));
    const url = `http://127.0.0.1:${port}/.well-known/openid-configuration`;
    const message = await refusal(url);
    assert.match(message, /^The OIDC profile "Shop ID" cannot be used: the spec requires an identity provider that /);
    assert.ok(message.includes(`publishes an OpenID Connect Discovery document, and ${url} gave none (`), message);
    assert.match(message, /ECONNREFUSED/);
  });

  describe('what its discovery document shows', async () => {
    /** @type {Record<string, unknown>} what the stand-in's discovery document says beside the required fields */
    let fields = {};
    const stand = createServer((req, res) => {
      const issuer = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (stand.address()).port}`;
      if (req.url === '/.well-known/openid-configuration') {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            ...fields,
          }),
        );
      } else if (req.url === '/not-json/.well-known/openid-configuration') {
        res.end('<html>a sign-in page</html>');
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise((resolve) => stand.listen(0, '127.0.0.1', () => resolve(undefined)));
    after(() => stand.close());
    const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (stand.address()).port}`;

    /** @type {Array<[string, Record<string, unknown>, RegExp]>} */
    const cases = [
      [
        'no code response type',
        { response_types_supported: ['id_token'] },
        /allows the Authorization Code Flow, and its discovery document lists response_types_supported: id_token\.$/,
      ],
      [
        'no authorization_code grant',
        { grant_types_supported: ['implicit'] },
        /allows the Authorization Code Flow, .*grant_types_supported: implicit\.$/,
      ],
      [
        'scopes without email',
        { scopes_supported: ['openid', 'profile'] },
        /supports the email scope .*scopes_supported: openid, profile\.$/,
      ],
      [
        'claims without email',
        { claims_supported: ['sub', 'name'] },
        /supports the email scope .*claims_supported: sub, name\.$/,
      ],
      [
        'unsigned ID tokens only',
        { id_token_signing_alg_values_supported: ['none'] },
        /does not encrypt the ID token .*id_token_signing_alg_values_supported: none, no signature/,
      ],
      [
        'another issuer',
        { issuer: 'https://elsewhere.example' },
        /publishes an OpenID Connect Discovery document, and .* gave none/,
      ],
    ];
    for (const [name, override, expected] of cases) {
      it(name, async () => {
        fields = override;
        assert.match(await refusal(`${url}/.well-known/openid-configuration`), expected);
      });
    }

    it('a document that is not JSON', async () => {
      fields = {};
      assert.match(
        await refusal(`${url}/not-json/.well-known/openid-configuration`),
        /Discovery document, and .* gave none/,
      );
    });

    it('and takes the OpenID Connect defaults for what it leaves out (client_secret_basic, both grants)', async () => {
      fields = {};
      const service = await startService({
        port: 0,
        quiet: true,
        fixtures: fixturesFor(`${url}/.well-known/openid-configuration`),
      });
      await service.close();
    });
  });
});
