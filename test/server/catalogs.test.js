import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { ACCOUNTS, CATALOG_LIST, CATALOG_VISIBILITY, CATALOGS, MEMBERS } from '../support/fixtures.js';
import { accessToken, api, signIn } from '../support/service-client.js';
import { startTestService } from '../support/test-service.js';

const { service, base, operator } = await startTestService({ operatorToken: true });
beforeEach(() => service.reset());

/** @param {string} token */
async function catalogNames(token) {
  const { status, body } = await api(`${base}/catalogs`, { token });
  assert.equal(status, 200);
  return body.data.map((/** @type {any} */ c) => c.attributes.name).sort();
}
/** @param {Array<keyof typeof CATALOGS>} keys */
const namesOf = (keys) => keys.map((k) => CATALOGS[k].name).sort();

describe('GET /catalogs', () => {
  it('shows an implicit token the store-wide catalogs only', async () => {
    assert.deepEqual(
      await catalogNames(await accessToken(base, 'implicit')),
      namesOf(/** @type {any} */ (CATALOG_VISIBILITY.storeWide)),
    );
  });

  it('shows each account token its account catalogs, and they differ', async () => {
    const ada = await signIn(base, 'ada@example.com');
    const byAccount = Object.fromEntries(ada.body.data.map((/** @type {any} */ t) => [t.account_id, t.token]));
    const analytical = await catalogNames(byAccount[ACCOUNTS.analytical.id]);
    const harvard = await catalogNames(byAccount[ACCOUNTS.harvard.id]);
    assert.deepEqual(analytical, namesOf(/** @type {any} */ (CATALOG_VISIBILITY.analytical)));
    assert.deepEqual(harvard, namesOf(/** @type {any} */ (CATALOG_VISIBILITY.harvard)));
    assert.notDeepEqual(analytical, harvard);
    const cobol = await service.tokens.accountToken(MEMBERS.quoted.id, ACCOUNTS.cobol.id);
    assert.deepEqual(await catalogNames(cobol.token), namesOf(/** @type {any} */ (CATALOG_VISIBILITY.cobol)));
  });

  it('takes the account token in EP-Account-Management-Authentication-Token beside an implicit bearer', async () => {
    const ada = await signIn(base, 'ada@example.com');
    const harvard = ada.body.data.find((/** @type {any} */ t) => t.account_id === ACCOUNTS.harvard.id).token;
    const implicit = await accessToken(base, 'implicit');
    const headers = { 'EP-Account-Management-Authentication-Token': harvard };
    const { status, body } = await api(`${base}/catalogs`, { token: implicit, headers });
    assert.equal(status, 200);
    assert.deepEqual(
      body.data.map((/** @type {any} */ c) => c.attributes.name).sort(),
      namesOf(/** @type {any} */ (CATALOG_VISIBILITY.harvard)),
    );
    const forged = await api(`${base}/catalogs`, {
      token: implicit,
      headers: { ...headers, [Object.keys(headers)[0]]: 'x' },
    });
    assert.equal(forged.status, 401, 'a header token that does not verify is refused, not ignored');
    const noBearer = await api(`${base}/catalogs`, { headers });
    assert.equal(noBearer.status, 401, 'the header needs a valid bearer beside it');
  });

  it('lets a browser send that header (CORS preflight)', async () => {
    const res = await fetch(`${base}/catalogs`, {
      method: 'OPTIONS',
      headers: {
        'Origin': 'https://shop.example',
        'Access-Control-Request-Headers': 'ep-account-management-authentication-token',
      },
    });
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /EP-Account-Management-Authentication-Token/i);
  });

  it('shows an operator every catalog', async () => {
    assert.equal((await catalogNames(operator)).length, CATALOG_LIST.length);
  });

  it('answers the catalog shape of the spec', async () => {
    const { body } = await api(`${base}/catalogs`, { token: operator });
    const c = body.data.find((/** @type {any} */ x) => x.id === CATALOGS.seasonal.id);
    assert.equal(c.type, 'catalog');
    assert.match(c.attributes.description, /<script>/, "the data is returned as is; escaping is the client's job");
    assert.match(c.attributes.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    assert.equal(c.attributes.owner, 'store');
    assert.ok(Array.isArray(c.attributes.hierarchy_ids));
    assert.equal(typeof c.attributes.pricebook_ids[0].priority, 'number');
    assert.equal(c.relationships.releases.meta.count, 2);
    assert.equal(c.relationships.releases.links.related, `${base}/catalogs/${c.id}/releases`);
    assert.equal(c.relationships.rules.links.related, `${base}/catalogs/${c.id}/rules`);
  });

  it('pages with links self, first, last, prev and next', async () => {
    const { body } = await api(`${base}/catalogs?page[limit]=2&page[offset]=2`, { token: operator });
    assert.equal(body.data.length, 2);
    const offsetOf = (/** @type {string} */ link) => new URL(link).searchParams.get('page[offset]');
    assert.equal(offsetOf(body.links.self), '2');
    assert.equal(offsetOf(body.links.first), '0');
    assert.equal(offsetOf(body.links.last), '4');
    assert.equal(offsetOf(body.links.prev), '0');
    assert.equal(offsetOf(body.links.next), '4');
    const last = await api(body.links.last, { token: operator });
    assert.equal(last.body.links.next, null);
    const bad = await api(`${base}/catalogs?page[limit]=10001`, { token: operator });
    assert.equal(bad.status, 400);
  });

  it("needs a token and hides other accounts' catalogs", async () => {
    assert.equal((await api(`${base}/catalogs`)).status, 401);
    const implicit = await accessToken(base, 'implicit');
    const hidden = await api(`${base}/catalogs/${CATALOGS.engineParts.id}/releases`, { token: implicit });
    assert.equal(hidden.status, 404);
  });
});

describe('catalog releases', () => {
  it('lists releases newest first, keeping at most three', async () => {
    const { body } = await api(`${base}/catalogs/${CATALOGS.essentials.id}/releases`, { token: operator });
    assert.equal(body.data.length, 3);
    assert.equal(body.data[0].type, 'catalog-release');
    assert.equal(body.data[2].attributes.is_full_publish, true, 'the first release is a full publish');
    assert.equal(body.data[0].attributes.is_full_publish, false);
  });

  it('publishes: first time full, later not unless asked, keeps the current and two before it, answers a delta link', async () => {
    const url = `${base}/catalogs/${CATALOGS.clearance.id}/releases`;
    const seen = [];
    const first = await api(url, { method: 'POST', token: operator });
    assert.equal(first.status, 201);
    assert.equal(first.body.data.attributes.is_full_publish, false);
    assert.equal(first.body.data.attributes.is_full_delta, false);
    assert.equal(first.body.data.links.delta, `${first.body.data.links.self}/delta`);
    seen.push(first.body.data.id);
    const full = await api(url, {
      method: 'POST',
      token: operator,
      body: { data: { type: 'catalog_release', attributes: { full_publish: true } } },
    });
    assert.equal(full.body.data.attributes.is_full_publish, true);
    assert.equal(full.body.data.attributes.is_full_delta, true);
    seen.push(full.body.data.id);
    const third = await api(url, { method: 'POST', token: operator, body: {} });
    seen.push(third.body.data.id);
    const list = await api(url, { token: operator });
    assert.deepEqual(
      list.body.data.map((/** @type {any} */ r) => r.id),
      [...seen].reverse(),
    );
    const delta = await api(third.body.data.links.delta, { token: operator });
    assert.equal(delta.status, 200);
    assert.equal(delta.body.data.release_id, third.body.data.id);
    assert.equal(delta.body.data.previous_release_id, full.body.data.id);
    const catalog = await api(`${base}/catalogs/${CATALOGS.clearance.id}`, { token: operator });
    assert.equal(catalog.body.data.relationships.releases.meta.count, 3);
  });

  it("export_full_delta (the vendor's flag) asks a full delta without a full publish; both type spellings", async () => {
    const url = `${base}/catalogs/${CATALOGS.clearance.id}/releases`;
    /** @param {unknown} data */
    const publish = async (data) => (await api(url, { method: 'POST', token: operator, body: { data } })).body.data;
    for (const data of [
      { export_full_delta: true },
      { type: 'catalog-release', attributes: { export_full_delta: true } },
      { type: 'catalog_release', export_full_delta: true },
    ]) {
      const release = await publish(data);
      assert.deepEqual([release.meta.is_full_publish, release.meta.is_full_delta], [false, true], JSON.stringify(data));
      assert.equal(release.attributes.is_full_delta, true);
    }
    const full = await publish({ type: 'catalog-release', attributes: { full_publish: true } });
    assert.deepEqual([full.meta.is_full_publish, full.meta.is_full_delta], [true, true]);
    const bad = await api(url, { method: 'POST', token: operator, body: { data: { export_full_delta: 'yes' } } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.errors[0].detail, /export_full_delta/);
  });

  it('answers a single catalog and a single release with links.self beside the data', async () => {
    const catalog = await api(`${base}/catalogs/${CATALOGS.essentials.id}`, { token: operator });
    assert.equal(catalog.body.links.self, `${base}/catalogs/${CATALOGS.essentials.id}`);
    const release = await api(catalog.body.data.relationships.releases.links.related, { token: operator });
    const one = await api(release.body.data[0].links.self, { token: operator });
    assert.equal(one.body.links.self, release.body.data[0].links.self);
    assert.deepEqual(one.body.data.relationships.delta.links.related, one.body.data.links.delta);
  });

  it("answers under /pcm as at the spec's paths (the vendor SDK's catalog paths)", async () => {
    const ada = await signIn(base, 'ada@example.com');
    const harvard = ada.body.data.find((/** @type {any} */ t) => t.account_id === ACCOUNTS.harvard.id).token;
    const release = CATALOG_LIST[0].releases[0].id;
    for (const path of [
      '/catalogs',
      '/catalogs?page[limit]=2&page[offset]=2',
      `/catalogs/${CATALOGS.labSupplies.id}`,
      `/catalogs/${CATALOGS.labSupplies.id}/releases`,
      `/catalogs/${CATALOG_LIST[0].id}/releases/${release}`,
      `/catalogs/${CATALOG_LIST[0].id}/releases/${release}/delta`,
      `/catalogs/${CATALOGS.engineParts.id}`,
      '/catalogs/00000000-0000-4000-8000-000000000000/releases',
    ]) {
      const spec = await api(`${base}${path}`, { token: harvard });
      const pcm = await api(`${base}/pcm${path}`, { token: harvard });
      assert.equal(pcm.status, spec.status, path);
      assert.deepEqual(pcm.body.data, spec.body.data, path);
      assert.deepEqual(pcm.body.errors, spec.body.errors, path);
    }
    const rules = await api(`${base}/pcm/catalogs/${CATALOGS.labSupplies.id}/rules`, { token: operator });
    assert.equal(rules.body.data[0].attributes.account_ids[0], ACCOUNTS.harvard.id);
    assert.equal((await api(`${base}/pcm/catalogs`, { method: 'DELETE', token: operator })).status, 405);
  });

  it('makes the first publish of a catalog without releases a full one', async () => {
    service.store.catalog(CATALOGS.labSupplies.id)?.releases.splice(0);
    const { body } = await api(`${base}/catalogs/${CATALOGS.labSupplies.id}/releases`, {
      method: 'POST',
      token: operator,
    });
    assert.equal(body.data.attributes.is_full_publish, true);
    assert.equal(body.data.attributes.is_full_delta, true);
    assert.equal(body.data.meta.previous_release_id, null);
  });

  it('validates the publish body and the caller', async () => {
    const url = `${base}/catalogs/${CATALOGS.clearance.id}/releases`;
    assert.equal((await api(url, { method: 'POST', token: operator, rawBody: '{' })).status, 400);
    assert.equal((await api(url, { method: 'POST', token: operator, body: { data: { type: 'x' } } })).status, 400);
    assert.equal(
      (await api(url, { method: 'POST', token: operator, body: { data: { attributes: { full_publish: 'yes' } } } }))
        .status,
      400,
    );
    const implicit = await accessToken(base, 'implicit');
    assert.equal((await api(url, { method: 'POST', token: implicit })).status, 403);
    assert.equal(
      (await api(`${base}/catalogs/00000000-0000-4000-8000-000000000000/releases`, { method: 'POST', token: operator }))
        .status,
      404,
    );
  });
});
