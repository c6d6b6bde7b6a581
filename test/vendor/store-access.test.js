/** The vendor's SDK against the reference service: both grants, the account authentication settings, profiles. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROFILE_ID, PROFILE_NAME, REALM_ID, SETTINGS_ID } from '../support/fixtures.js';
import { startTestService } from '../support/test-service.js';
import { OPERATOR, pageOf, STOREFRONT, sdkClient } from './sdk-client.js';

const { base } = await startTestService();
const storefront = sdkClient(base, STOREFRONT);
const operator = sdkClient(base, OPERATOR);

/** @param {any} envelope */
function assertListEnvelope(envelope, { total = envelope.data.length } = {}) {
  assert.deepEqual(Object.keys(envelope.meta.page).sort(), ['current', 'limit', 'offset', 'total']);
  assert.equal(envelope.meta.results.total, total);
  const { limit, offset, total: pages } = envelope.meta.page;
  assert.deepEqual(pageOf(envelope.links.current), { offset, limit });
  assert.deepEqual(pageOf(envelope.links.first), { offset: 0, limit });
  assert.deepEqual(pageOf(envelope.links.last), { offset: Math.max(0, pages - 1) * limit, limit });
  for (const name of ['next', 'prev']) assert.ok(name in envelope.links, name);
}

describe('SDK: authentication', () => {
  it('Authenticate() with only a client id gets an implicit token', async () => {
    const answer = await storefront.Authenticate();
    assert.equal(answer.identifier, 'implicit');
    assert.equal(answer.token_type, 'Bearer');
    assert.ok(answer.expires > Date.now() / 1000);
    assert.equal(storefront.credentials().access_token, answer.access_token);
  });

  it('Authenticate() with a client secret gets a client credentials token', async () => {
    const answer = await operator.Authenticate();
    assert.equal(answer.identifier, 'client_credentials');
    assert.equal(operator.credentials().client_id, OPERATOR.clientId);
  });
});

describe('SDK: account authentication settings', () => {
  it('AccountAuthenticationSettings.Get() has the realm, the client id and the documented flags', async () => {
    const { data, links } = await storefront.AccountAuthenticationSettings.Get();
    assert.equal(data.id, SETTINGS_ID);
    assert.equal(data.type, 'account_authentication_settings');
    assert.equal(data.meta.client_id, STOREFRONT.clientId);
    assert.equal(data.relationships.authentication_realm.data.id, REALM_ID);
    assert.equal(data.enable_self_signup, false);
    assert.equal(data.auto_create_account_for_account_members, false);
    assert.equal(data.account_member_self_management, 'disabled');
    assert.equal(links.self, `${base}/v2/settings/account-authentication`);
  });
});

describe('SDK: OIDC profiles', () => {
  /** @type {any} */
  let created;

  it('OidcProfile.All(realm) lists the profile with its links in the list envelope', async () => {
    const list = await storefront.OidcProfile.All(REALM_ID);
    assertListEnvelope(list, { total: 1 });
    const [profile] = list.data;
    assert.equal(profile.id, PROFILE_ID);
    assert.equal(profile.type, 'oidc-profile');
    assert.equal(profile.name, PROFILE_NAME);
    assert.equal(profile.links['authorization-endpoint'], `${base}/oidc/authorize?profile_id=${PROFILE_ID}`);
    assert.equal(profile.links['callback-endpoint'], `${base}/oidc/callback`);
    assert.equal(profile.links['client-discovery-url'], `${base}/idp/.well-known/openid-configuration`);
    assert.equal(profile.links.self, `${base}/v2/authentication-realms/${REALM_ID}/oidc-profiles/${PROFILE_ID}`);
  });

  it('OidcProfile.Get() answers the profile with the links beside it', async () => {
    const answer = await storefront.OidcProfile.Get({ realmId: REALM_ID, profileId: PROFILE_ID });
    assert.equal(answer.data.id, PROFILE_ID);
    assert.equal(answer.links.self, `${base}/v2/authentication-realms/${REALM_ID}/oidc-profiles/${PROFILE_ID}`);
    assert.equal(answer.links['authorization-endpoint'], answer.data.links['authorization-endpoint']);
  });

  it('OidcProfile.Create() takes the vendor type "oidc-profile"', async () => {
    created = await operator.OidcProfile.Create(REALM_ID, {
      data: {
        type: 'oidc-profile',
        name: 'Partner ID',
        discovery_url: 'https://id.partner.example/.well-known/openid-configuration',
        client_id: 'shop',
        client_secret: 'shop-secret',
      },
    });
    assert.equal(created.data.type, 'oidc-profile');
    assert.equal(created.data.name, 'Partner ID');
    assert.equal(created.data.client_secret, undefined);
    assert.equal(created.links.self, `${base}/v2/authentication-realms/${REALM_ID}/oidc-profiles/${created.data.id}`);
    assert.equal(created.links['client-discovery-url'], 'https://id.partner.example/.well-known/openid-configuration');
  });

  it('OidcProfile.Limit().Offset().All() pages the profiles', async () => {
    const page = await storefront.OidcProfile.Limit(1).Offset(1).All(REALM_ID);
    assertListEnvelope(page, { total: 2 });
    assert.deepEqual(
      page.data.map((/** @type {any} */ p) => p.id),
      [created?.data.id],
    );
    assert.deepEqual(page.meta.page, { limit: 1, offset: 1, current: 2, total: 2 });
    assert.equal(page.links.next, null);
    assert.deepEqual(pageOf(page.links.prev), { offset: 0, limit: 1 });
  });
});
