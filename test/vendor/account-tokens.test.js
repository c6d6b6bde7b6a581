/**
 * The vendor's SDK against the reference service: account management tokens from a real sign-in at the
 * identity provider, the account switch, and catalogs and releases (the SDK's `/pcm` paths) read with the
 * account token in the vendor's header beside the implicit bearer.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ACCOUNTS, CATALOG_VISIBILITY, CATALOGS, MEMBERS } from '../support/fixtures.js';
import { startTestService } from '../support/test-service.js';
import {
  accountClient,
  connectedClient,
  failureOf,
  OPERATOR,
  pageOf,
  STOREFRONT,
  signInWithSdk,
} from './sdk-client.js';

const { base } = await startTestService();
const storefront = await connectedClient(base, STOREFRONT);
const operator = await connectedClient(base, OPERATOR);

/** @param {Array<keyof typeof CATALOGS>} keys */
const catalogNames = (keys) => keys.map((k) => CATALOGS[k].name).sort();
/** @param {{ data: Array<{ attributes: { name: string } }> }} list */
const namesIn = (list) => list.data.map((c) => c.attributes.name).sort();
const TOKEN_TYPE = 'account_management_authentication_token';

/** @type {Record<string, string>} Ada's account token per account id, from her sign-in */
const adaTokens = {};

describe('SDK: account management tokens', () => {
  it('AccountMembers.GenerateAccountToken() exchanges a real sign-in for one token per account', async () => {
    const answer = await signInWithSdk(storefront, MEMBERS.ada.email);
    assert.equal(answer.meta.account_member_id, MEMBERS.ada.id);
    assert.deepEqual(answer.data.map((/** @type {any} */ t) => t.account_name).sort(), [
      ACCOUNTS.analytical.name,
      ACCOUNTS.harvard.name,
    ]);
    for (const t of answer.data) {
      assert.equal(t.type, TOKEN_TYPE);
      assert.ok(Date.parse(t.expires) > Date.now());
      adaTokens[t.account_id] = t.token;
    }
    assert.deepEqual(answer.meta.page, { limit: 25, offset: 0, current: 1, total: 1 });
    assert.deepEqual(answer.meta.results, { total: 2 });
    assert.equal(answer.links.next, null);
    assert.equal(answer.links.prev, null);
    assert.equal(new URL(answer.links.current).pathname, '/v2/account-members/tokens');
    assert.deepEqual(pageOf(answer.links.current), { offset: 0, limit: 25 });
  });

  it('GenerateAccountToken() of a member without accounts answers an empty list', async () => {
    const answer = await signInWithSdk(storefront, 'linus@example.com');
    assert.deepEqual(answer.data, []);
    assert.equal(answer.meta.results.total, 0);
  });

  it('GenerateAccountToken() with the account_management_authentication_token mechanism switches', async () => {
    const analytical = await accountClient(base, adaTokens[ACCOUNTS.analytical.id]);
    const answer = await analytical.AccountMembers.GenerateAccountToken({
      type: TOKEN_TYPE,
      authentication_mechanism: TOKEN_TYPE,
    });
    assert.equal(answer.meta.account_member_id, MEMBERS.ada.id);
    assert.deepEqual(Object.keys(adaTokens).sort(), answer.data.map((/** @type {any} */ t) => t.account_id).sort());
    for (const t of answer.data) assert.notEqual(t.token, adaTokens[t.account_id], 'fresh tokens');
    const harvard = answer.data.find((/** @type {any} */ t) => t.account_id === ACCOUNTS.harvard.id);
    const harvardClient = await accountClient(base, harvard.token);
    const catalogs = await harvardClient.Catalogs.All();
    assert.deepEqual(namesIn(catalogs), catalogNames(/** @type {any} */ (CATALOG_VISIBILITY.harvard)));
  });

  it('the switch refuses an account token that does not verify with 401', async () => {
    // one attempt: on a 401 the SDK would fetch a new implicit token and try again, three times
    const forged = await accountClient(base, `${adaTokens[ACCOUNTS.analytical.id]}x`, { fetchMaxAttempts: 1 });
    const { errors } = await failureOf(
      forged.AccountMembers.GenerateAccountToken({ type: TOKEN_TYPE, authentication_mechanism: TOKEN_TYPE }),
    );
    assert.equal(errors[0].status, '401');
  });
});

describe('SDK: catalogs and releases (/pcm)', () => {
  before(async () => {
    if (Object.keys(adaTokens).length === 0) {
      for (const t of (await signInWithSdk(storefront, MEMBERS.ada.email)).data) adaTokens[t.account_id] = t.token;
    }
  });

  it('Catalogs.All() with the implicit token lists the store-wide catalogs', async () => {
    const list = await storefront.Catalogs.All();
    assert.deepEqual(namesIn(list), catalogNames(/** @type {any} */ (CATALOG_VISIBILITY.storeWide)));
    assert.equal(list.data[0].type, 'catalog');
  });

  it("Catalogs.All() with the account token in the vendor's header lists that account's catalogs", async () => {
    const analytical = await accountClient(base, adaTokens[ACCOUNTS.analytical.id]);
    const list = await analytical.Catalogs.All();
    assert.deepEqual(namesIn(list), catalogNames(/** @type {any} */ (CATALOG_VISIBILITY.analytical)));
  });

  it("Catalogs.GetCatalogReleases() of an account's catalog, with that account's token", async () => {
    const harvard = await accountClient(base, adaTokens[ACCOUNTS.harvard.id]);
    const { data } = await harvard.Catalogs.GetCatalogReleases(CATALOGS.labSupplies.id);
    assert.ok(data.length > 0);
    for (const release of data) {
      assert.equal(release.type, 'catalog-release');
      assert.equal(typeof release.meta.is_full_publish, 'boolean');
      assert.equal(typeof release.meta.is_full_delta, 'boolean');
      assert.equal(release.meta.is_full_publish, release.attributes.is_full_publish);
      assert.equal(release.attributes.catalog_id, CATALOGS.labSupplies.id);
      assert.match(release.relationships.delta.links.related, new RegExp(`/releases/${release.id}/delta$`));
    }
    assert.equal(data.at(-1).meta.is_full_publish, true, 'the first publish is a full one');
  });

  it("Catalogs.GetCatalogReleases() of an account's catalog with the implicit token is a 404", async () => {
    const { errors } = await failureOf(storefront.Catalogs.GetCatalogReleases(CATALOGS.labSupplies.id));
    assert.equal(errors[0].status, '404');
  });

  it('Catalogs.Releases.All() and Releases.Get() read the same releases', async () => {
    const list = await storefront.Catalogs.Releases.All({ catalogId: CATALOGS.essentials.id });
    const [newest] = list.data;
    const one = await storefront.Catalogs.Releases.Get({ catalogId: CATALOGS.essentials.id, releaseId: newest.id });
    assert.deepEqual(one.data, newest);
    assert.equal(one.links.self, newest.links.self);
  });

  it('Catalogs.Releases.Create() publishes with the vendor body { export_full_delta }', async () => {
    const answer = await operator.Catalogs.Releases.Create({
      catalogId: CATALOGS.seasonal.id,
      body: { export_full_delta: true },
    });
    assert.equal(answer.data.type, 'catalog-release');
    assert.equal(answer.data.meta.is_full_delta, true);
    assert.equal(answer.data.meta.release_status, 'PUBLISHED');
    const list = await operator.Catalogs.GetCatalogReleases(CATALOGS.seasonal.id);
    assert.equal(list.data[0].id, answer.data.id);
  });
});
