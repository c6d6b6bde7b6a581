/** The endpoint functions against the reference service: request shapes and the error answers a real server gives. */
import { createAccountManagementTokens } from '../../../src/api/account-tokens.js';
import { listCatalogReleases, listCatalogs } from '../../../src/api/catalogs.js';
import { getAccountAuthenticationSettings, listOidcProfiles, requestImplicitToken } from '../../../src/api/client.js';
import { type Connection, connect } from '../../../src/api/connection.js';
import { getLink, pages } from '../../../src/api/pages.js';
import {
  createMembership,
  listMembers,
  listMemberships,
  listUnassignedMembers,
} from '../../../src/api/operator-endpoints.js';
import { expect } from '@open-wc/testing';
import { ApiError, StorefrontError } from '../../../src/api/errors.js';
import { contains, eq, like } from '../../../src/api/query.js';
import type { AccountMember, Catalog, CatalogRelease } from '../../../src/api/types.js';
import { rejectionOf } from '../helpers/fake-fetch.js';
import { SERVICE_URL, fixtureId, implicitToken, operatorToken, resetService } from '../helpers/service.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectApiError(error: unknown, status: number): ApiError {
  expect(error).to.be.instanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.code).to.equal('http_error');
  expect(apiError.status).to.equal(status);
  expect(apiError.errors.length).to.be.greaterThan(0);
  expect(apiError.errors[0].status).to.equal(String(status));
  expect(apiError.errors[0].title).to.be.a('string').and.not.equal('');
  return apiError;
}

describe('endpoints against the reference service', () => {
  let operator: Connection;
  let shopper: Connection;
  let ids: Record<string, string>;

  before(async () => {
    operator = connect({ baseUrl: SERVICE_URL, accessToken: await operatorToken() });
    shopper = connect({ baseUrl: SERVICE_URL, accessToken: implicitToken });
    ids = {};
    for (const label of [
      'settings',
      'realm',
      'profile:example-id',
      'account:analytical',
      'account:harvard',
      'account:empty',
      'member:ada',
      'member:grace',
      'member:punctuated',
      'member:quoted',
      'catalog:essentials',
    ]) {
      ids[label] = await fixtureId(label);
    }
  });

  describe('tokens, settings, profiles', () => {
    it('gets an implicit token without a bearer', async () => {
      const token = await requestImplicitToken(connect({ baseUrl: SERVICE_URL }), 'storefront');
      expect(token.access_token).to.be.a('string').with.length.greaterThan(10);
      expect(token.token_type).to.equal('Bearer');
      expect(token.expires_in).to.be.a('number').greaterThan(0);
    });

    it('refuses an unknown client id with an error envelope', async () => {
      const error = await rejectionOf(requestImplicitToken(connect({ baseUrl: SERVICE_URL }), 'nobody'));
      expect(error).to.be.instanceOf(ApiError);
      expect((error as ApiError).status).to.be.within(400, 401);
    });

    it('reads the account authentication settings with an implicit token', async () => {
      const settings = await getAccountAuthenticationSettings(shopper);
      expect(settings.id).to.equal(ids.settings);
      expect(settings.meta.client_id).to.equal('storefront');
      expect(settings.relationships.authentication_realm.data.id).to.equal(ids.realm);
    });

    it('lists the OIDC profiles of the realm', async () => {
      const profiles = await listOidcProfiles(shopper, ids.realm);
      expect(profiles.map((p) => p.id)).to.deep.equal([ids['profile:example-id']]);
      const endpoint = new URL(profiles[0].links['authorization-endpoint']);
      expect([...endpoint.searchParams.values()]).to.include(ids['profile:example-id']);
    });
  });

  describe('account members', () => {
    it('finds a member by email', async () => {
      const list = await listMembers(operator, { filter: eq('email', 'ada@example.com') });
      expect(list.data).to.have.length(1);
      const ada = list.data[0];
      expect(ada).to.include({
        id: ids['member:ada'],
        type: 'account_member',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      });
      expect(ada.meta.timestamps.created_at).to.match(ISO_MS);
      expect(list.meta.results.total).to.equal(1);
    });

    it('filters with values that need quoting and escaping', async () => {
      const exact = await listMembers(operator, { filter: eq('name', 'Smith, John (Sales): *VIP*') });
      expect(exact.data.map((m) => m.id)).to.deep.equal([ids['member:punctuated']]);
      // an eq value with a star matches only the star, not as a wildcard
      expect((await listMembers(operator, { filter: eq('name', 'Smith*') })).data).to.deep.equal([]);
      const star = await listMembers(operator, { filter: contains('name', '*VIP*') });
      expect(star.data.map((m) => m.id)).to.deep.equal([ids['member:punctuated']]);
      const quoted = await listMembers(operator, { filter: contains('name', '"Backslash\\"') });
      expect(quoted.data.map((m) => m.id)).to.deep.equal([ids['member:quoted']]);
      const quotedExact = await listMembers(operator, { filter: eq('name', 'Dana "Backslash\\" O\'Brien') });
      expect(quotedExact.data.map((m) => m.id)).to.deep.equal([ids['member:quoted']]);
    });

    it('filters with wildcards and several terms', async () => {
      const grace = await listMembers(operator, { filter: like('name', 'G*r') });
      expect(grace.data.map((m) => m.name)).to.deep.equal(['Grace Hopper']);
      const both = await listMembers(operator, { filter: [like('email', '*@example.com'), contains('name', 'love')] });
      expect(both.data.map((m) => m.name)).to.deep.equal(['Ada Lovelace']);
      const none = await listMembers(operator, {
        filter: [eq('email', 'ada@example.com'), contains('name', 'Hopper')],
      });
      expect(none.data).to.deep.equal([]);
    });

    it('sorts ascending and descending, newest first by default', async () => {
      const ascending = await listMembers(operator, { sort: 'email', limit: 100 });
      const descending = await listMembers(operator, { sort: '-email', limit: 100 });
      const emails = ascending.data.map((m) => m.email);
      expect(emails).to.have.length(30);
      expect(descending.data.map((m) => m.email)).to.deep.equal([...emails].reverse());
      expect(emails[0] < emails[emails.length - 1]).to.equal(true);
      const byDefault = await listMembers(operator, { limit: 100 });
      const created = byDefault.data.map((m) => m.meta.timestamps.created_at);
      expect(created).to.deep.equal([...created].sort().reverse());
    });

    it('pages with limit and offset, with meta and links', async () => {
      const page = await listMembers(operator, { sort: 'email', limit: 5, offset: 5 });
      const all = await listMembers(operator, { sort: 'email', limit: 100 });
      expect(page.data.map((m) => m.id)).to.deep.equal(all.data.slice(5, 10).map((m) => m.id));
      expect(page.meta.page).to.deep.equal({ limit: 5, offset: 5, current: 2, total: 6 });
      expect(page.meta.results.total).to.equal(30);
      const next = new URL(page.links.next as string);
      expect(next.searchParams.get('page[offset]')).to.equal('10');
      expect(next.searchParams.get('page[limit]')).to.equal('5');
      expect(next.searchParams.get('sort')).to.equal('email');
      expect(new URL(page.links.prev as string).searchParams.get('page[offset]')).to.equal('0');
      const last = await listMembers(operator, { limit: 5, offset: 25 });
      expect(last.links.next).to.equal(null);
    });

    it('walks every page with pages() until links.next is null', async () => {
      const walked: AccountMember[][] = [];
      for await (const data of pages(operator, (o) => listMembers(operator, { sort: 'name', limit: 7 }, o))) {
        walked.push(data);
      }
      expect(walked.map((p) => p.length)).to.deep.equal([7, 7, 7, 7, 2]);
      const ids30 = new Set(walked.flat().map((m) => m.id));
      expect(ids30.size).to.equal(30);
      const all = await listMembers(operator, { sort: 'name', limit: 100 });
      expect(walked.flat().map((m) => m.id)).to.deep.equal(all.data.map((m) => m.id));
    });

    it('answers 401 with the error envelope for a bad token', async () => {
      const error = await rejectionOf(listMembers({ ...operator, accessToken: 'not-a-token' }));
      const apiError = expectApiError(error, 401);
      expect(apiError.errors[0].title).to.equal('Unauthorized');
    });

    it('answers 401 Unauthorized for an implicit token on the member list (the error table)', async () => {
      const apiError = expectApiError(await rejectionOf(listMembers({ ...operator, accessToken: implicitToken })), 401);
      expect(apiError.errors).to.deep.equal([{ title: 'Unauthorized', status: '401' }]);
    });

    it('answers 400 for a bad filter', async () => {
      const unknown = expectApiError(await rejectionOf(listMembers(operator, { filter: 'eq(password,x)' })), 400);
      expect(unknown.message).to.contain('password');
      expectApiError(await rejectionOf(listMembers(operator, { filter: 'eq(name,' })), 400);
      expectApiError(
        await rejectionOf(listMemberships(operator, ids['account:analytical'], { filter: eq('email' as never, 'x') })),
        400,
      );
    });
  });

  describe('account memberships', () => {
    it('lists memberships with the members included', async () => {
      const list = await listMemberships(operator, ids['account:harvard'], {
        include: 'account_member',
        sort: 'created_at',
      });
      expect(list.data.map((m) => m.relationships.account_member.data.id)).to.deep.equal([
        ids['member:ada'],
        ids['member:grace'],
      ]);
      expect(list.data[0].type).to.equal('account_membership');
      expect(list.data[0].relationships.account_member.data.type).to.equal('account_member');
      const included = list.included?.account_members ?? [];
      expect(included.map((m) => m.email).sort()).to.deep.equal(['ada@example.com', 'grace@example.com']);
      expect(list.meta.results.total).to.equal(2);
    });

    it('filters memberships by member id', async () => {
      const list = await listMemberships(operator, ids['account:analytical'], {
        filter: eq('account_member_id', ids['member:ada']),
      });
      expect(list.data).to.have.length(1);
      expect(list.data[0].relationships.account_member.data.id).to.equal(ids['member:ada']);
      expect(list.included).to.equal(undefined);
    });

    it('answers 404 for an unknown account', async () => {
      const error = await rejectionOf(listMemberships(operator, '00000000-0000-4000-8000-000000000000'));
      const apiError = expectApiError(error, 404);
      expect(apiError.errors[0].title).to.equal('Not Found');
      expect(apiError.errors[0].detail).to.be.a('string');
    });

    describe('assigning', () => {
      after(() => resetService());

      it('lists unassigned members and makes one a member', async () => {
        const empty = ids['account:empty'];
        const unassigned = await listUnassignedMembers(operator, empty);
        expect(unassigned).to.have.length(30);
        expect(unassigned.map((m) => m.email)).to.include('grace@example.com');
        const harvardUnassigned = await listUnassignedMembers(operator, ids['account:harvard']);
        expect(harvardUnassigned.map((m) => m.id)).to.not.include(ids['member:ada']);
        expect(harvardUnassigned).to.have.length(28);

        const membership = await createMembership(operator, empty, ids['member:grace']);
        expect(membership.type).to.equal('account_membership');
        expect(membership.relationships.account_member.data).to.deep.equal({
          id: ids['member:grace'],
          type: 'account_member',
        });
        const after = await listMemberships(operator, empty);
        expect(after.data.map((m) => m.id)).to.deep.equal([membership.id]);
        expect((await listUnassignedMembers(operator, empty)).map((m) => m.id)).to.not.include(ids['member:grace']);

        const duplicate = await rejectionOf(createMembership(operator, empty, ids['member:grace']));
        expectApiError(duplicate, 409);
      });
    });
  });

  describe('sign-in token exchange', () => {
    it('answers 400 for a code the service never gave', async () => {
      const error = await rejectionOf(
        createAccountManagementTokens(shopper, {
          code: 'never-issued',
          redirectUri: 'http://localhost:5173/',
          codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        }),
      );
      expectApiError(error, 400);
    });
  });

  describe('catalogs', () => {
    it('lists the store-wide catalogs for an implicit token', async () => {
      const list = await listCatalogs(shopper);
      expect(list.data.map((c) => c.attributes.name).sort()).to.deep.equal([
        'Clearance',
        'Everyday Essentials',
        'Seasonal Collection',
      ]);
      const essentials = list.data.find((c) => c.id === ids['catalog:essentials']) as Catalog;
      expect(essentials.type).to.equal('catalog');
      expect(essentials.attributes.owner).to.equal('store');
      expect(essentials.relationships.releases.meta.count).to.equal(3);
      expect(list.links.self).to.be.a('string');
    });

    it('pages the catalogs with a small limit', async () => {
      const walked: Catalog[][] = [];
      for await (const data of pages(operator, (o) => listCatalogs(operator, { limit: 2 }, o))) walked.push(data);
      expect(walked.map((p) => p.length)).to.deep.equal([2, 2, 2]);
      expect(new Set(walked.flat().map((c) => c.id)).size).to.equal(6);
    });

    it('follows the releases link of a catalog', async () => {
      const list = await listCatalogs(shopper);
      const essentials = list.data.find((c) => c.id === ids['catalog:essentials']) as Catalog;
      const releases = await listCatalogReleases(shopper, essentials);
      expect(releases.data).to.have.length(3);
      const first = releases.data.filter((r: CatalogRelease) => r.attributes.is_full_publish);
      expect(first).to.have.length(1);
      for (const r of releases.data) {
        expect(r.attributes.is_full_delta).to.be.a('boolean');
      }
      const byUrl = await listCatalogReleases(shopper, essentials.relationships.releases.links.related);
      expect(byUrl.data.map((r) => r.id)).to.deep.equal(releases.data.map((r) => r.id));
    });

    it('fetches a link the API gave', async () => {
      const first = await listCatalogs(operator, { limit: 4 });
      const second = await getLink<typeof first>(operator, first.links.next as string);
      expect(second.data).to.have.length(2);
      expect(second.links.next).to.equal(null);
    });
  });

  it('reports an unreachable service as network_error', async () => {
    const client = connect({ baseUrl: 'http://127.0.0.1:9', accessToken: 't' });
    const error = await rejectionOf(listMembers(client));
    expect(error).to.be.instanceOf(StorefrontError);
    expect((error as StorefrontError).code).to.equal('network_error');
    expect((error as StorefrontError).message).to.equal('Could not reach the service at http://127.0.0.1:9.');
  });
});
