/**
 * A store's fixtures file (`--fixtures FILE`): what fits the shipped schema starts the store it describes;
 * what does not is refused at start with every problem named by its path in the file, never a stack trace.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { FixturesError, startService } from '../../server/index.js';
import { readFixtures } from '../../server/domain/fixtures-file.js';
import { accessToken, api } from '../support/service-client.js';
import { ids, SHOP_FIXTURES } from '../support/shop-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'storefront-fixtures-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const CLI = new URL('../../server/cli.js', import.meta.url).pathname;

const STORE = SHOP_FIXTURES;

/**
 * Writes fixtures to a file of their own.
 * @param {unknown} fixtures
 * @param {string} [text] the file's text instead (not JSON)
 */
function fixturesFile(fixtures, text = JSON.stringify(fixtures, null, 2)) {
  const file = join(dir, `fixtures-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, text);
  return file;
}

/**
 * The store with one change made to a copy of it.
 * @param {(store: any) => void} change
 */
function broken(change) {
  const copy = structuredClone(STORE);
  change(copy);
  return copy;
}

/**
 * The problems a file is refused for.
 * @param {string} file
 */
function problemsOf(file) {
  try {
    readFixtures(file);
  } catch (error) {
    assert.ok(error instanceof FixturesError, String(error));
    return error.problems;
  }
  assert.fail(`${file} was accepted`);
}

describe('a fixtures file that does not fit is refused, each problem named by its path', () => {
  /** @type {Array<[string, (store: any) => void, string[]]>} */
  const kinds = [
    ['a required field left out', (s) => delete s.accounts[1].name, ['accounts[1].name: required']],
    ['no clients', (s) => delete s.clients, ['clients: required']],
    [
      'a field of the wrong type',
      (s) => (s.account_members[0].email = 42),
      ['account_members[0].email: must be a string'],
    ],
    [
      'an id that is not a UUID',
      (s) => (s.accounts[0].id = 'north'),
      [
        'accounts[0].id: must be a UUID (like 3f1c2a7e-8d4b-4f6a-9c2e-5b7d1e0a9f3c)',
        'account_memberships[0].account_id: names no account of accounts',
        'account_memberships[2].account_id: names no account of accounts',
        'catalogs[1].rules[0].account_ids[0]: names no account of accounts',
      ],
    ],
    [
      'a misspelt field',
      (s) => {
        s.accounts[0].legalName = s.accounts[0].legal_name;
        delete s.accounts[0].legal_name;
      },
      ['accounts[0].legal_name: required', 'accounts[0].legalName: unknown field'],
    ],
    ['a top-level list of another name', (s) => (s.members = s.account_members), ['members: unknown field']],
    [
      'the same id twice',
      (s) => (s.account_members[2].id = ids.kim),
      [
        'account_members[2].id: the same as account_members[0].id',
        'account_memberships[2].account_member_id: names no member of account_members',
      ],
    ],
    [
      'a membership of an account that does not exist',
      (s) => (s.account_memberships[1].account_id = '15f7b349-3728-4966-8b0b-1d68b34a353b'),
      ['account_memberships[1].account_id: names no account of accounts'],
    ],
    [
      'a membership of a member that does not exist',
      (s) => (s.account_memberships[1].account_member_id = '26a8c45a-4839-4a77-9c1c-2e79c45b464c'),
      ['account_memberships[1].account_member_id: names no member of account_members'],
    ],
    [
      'the same membership twice',
      (s) => s.account_memberships.push({ ...s.account_memberships[0], id: '37b9d56b-594a-4b88-8d2d-3f8ad56c575d' }),
      ['account_memberships[3]: the member already has a membership in this account'],
    ],
    [
      'two members with one email (in any case)',
      (s) => (s.account_members[1].email = 'KIM@shop.test'),
      ['account_members[1].email: the same as account_members[0].email'],
    ],
    [
      'a catalog rule naming an account that does not exist',
      (s) => (s.catalogs[1].rules[0].account_ids = [ids.north, ids.kim]),
      ['catalogs[1].rules[0].account_ids[1]: names no account of accounts'],
    ],
    [
      'an external OIDC profile without its secret',
      (s) =>
        (s.oidc_profiles[0] = {
          ...s.oidc_profiles[0],
          discovery_url: 'https://id.shop.test/.well-known/openid-configuration',
          client_id: 'ci',
        }),
      [
        'oidc_profiles[0].client_secret: required with discovery_url',
        'oidc_profiles[0].client_secret: required with client_id',
      ],
    ],
    [
      'a discovery address over plain http to another machine',
      (s) =>
        Object.assign(s.oidc_profiles[0], {
          discovery_url: 'http://id.shop.test/.well-known/openid-configuration',
          client_id: 'ci',
          client_secret: 'ci-secret',
        }),
      [
        'oidc_profiles[0].discovery_url: must be an https URL (http is accepted only for localhost, 127.0.0.1 and [::1])',
      ],
    ],
    [
      'a redirect URI that is not an address',
      (s) => (s.redirect_uris = ['shop.test/callback', 'https://shop.test/cb#top']),
      ['redirect_uris[0]: must be an absolute URL', 'redirect_uris[1]: must have no fragment (#...)'],
    ],
    [
      'a timestamp that is not ISO 8601',
      (s) => (s.accounts[0].created_at = '06/01/2025'),
      ['accounts[0].created_at: must be an ISO 8601 instant (like 2025-01-06T09:00:00.000Z)'],
    ],
    [
      'an owner the vendor does not know',
      (s) => (s.catalogs[0].owner = 'me'),
      ['catalogs[0].owner: must be one of "store", "organization"'],
    ],
    ['an empty name', (s) => (s.catalogs[1].rules[0].name = ''), ['catalogs[1].rules[0].name: must not be empty']],
    [
      'two clients of one client_id, and settings naming none of them',
      (s) => {
        s.clients[1].client_id = 'shop';
        s.account_authentication_settings = { client_id: 'storefront' };
      },
      [
        'clients[1].client_id: the same as clients[0].client_id',
        'account_authentication_settings.client_id: names no client of clients',
      ],
    ],
  ];
  for (const [kind, change, expected] of kinds) {
    it(kind, () => {
      assert.deepEqual(problemsOf(fixturesFile(broken(change))), expected);
    });
  }

  it('a file that is not JSON, or not an object', () => {
    const [notJson] = problemsOf(fixturesFile(null, '{ "clients": [ }'));
    assert.match(notJson, /^it is not valid JSON: /);
    assert.deepEqual(problemsOf(fixturesFile([STORE])), ['the file: must be an object']);
  });

  it('a file that starts with a byte-order mark: named as that', () => {
    const withBom = fixturesFile(null, `\uFEFF${JSON.stringify(STORE)}`);
    assert.deepEqual(problemsOf(withBom), [
      'it starts with a byte-order mark (U+FEFF), which JSON does not allow: save it as UTF-8 without one',
    ]);
  });

  it('a file that does not exist', () => {
    assert.deepEqual(problemsOf(join(dir, 'missing.json')), ['the file does not exist']);
  });

  it('every problem of a file at once, counted in the message', () => {
    const file = fixturesFile(
      broken((s) => {
        delete s.accounts[1].name;
        s.account_members[2].email = 'not an email';
        s.account_memberships[0].account_member_id = ids.north;
      }),
    );
    assert.throws(
      () => readFixtures(file),
      (error) => {
        assert.ok(error instanceof Error);
        assert.equal(
          error.message,
          `The fixtures file ${file} has 3 problems:\n` +
            '  accounts[1].name: required\n' +
            '  account_members[2].email: must be an email address\n' +
            '  account_memberships[0].account_member_id: names no member of account_members',
        );
        return true;
      },
    );
  });

  it('from the command line: the sentence and every problem, exit code 1, no stack trace', async () => {
    const file = fixturesFile(broken((s) => delete s.accounts[1].name));
    const run = await promisify(execFile)('node', [CLI, '--port', '0', '--fixtures', file]).then(
      () => assert.fail('the service started'),
      (error) => error,
    );
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      `Could not start: The fixtures file ${file} has a problem:\n  accounts[1].name: required\n`,
    );
  });

  it('given to startService() as an object', async () => {
    await assert.rejects(
      startService({ port: 0, quiet: true, fixtures: broken((s) => delete s.clients) }),
      (error) => error instanceof FixturesError && error.message.startsWith('The fixtures given to startService()'),
    );
  });
});

describe('a fixtures file that fits', () => {
  it('is the store: clients, accounts with their legal names, members, catalog rules', async () => {
    const service = await startService({ port: 0, quiet: true, fixtures: fixturesFile(STORE) });
    after(() => service.close());
    const base = service.baseUrl;
    const token = async (/** @type {Record<string, string>} */ form) =>
      (await fetch(`${base}/oauth/access_token`, { method: 'POST', body: new URLSearchParams(form) })).json();
    const operator = (
      await token({ grant_type: 'client_credentials', client_id: 'back-office', client_secret: 'back-office-secret' })
    ).access_token;
    const implicit = (await token({ grant_type: 'implicit', client_id: 'shop' })).access_token;
    assert.ok(operator && implicit);
    assert.equal((await token({ grant_type: 'implicit', client_id: 'storefront' })).errors[0].status, '401');

    const accounts = await api(`${base}/v2/accounts`, { token: operator });
    assert.deepEqual(
      accounts.body.data.map((/** @type {any} */ a) => [a.name, a.legal_name]),
      [
        ['North Trade', 'North Trade Ltd'],
        ['South Trade', 'South Trade Ltd'],
      ],
    );
    const single = await api(`${base}/v2/accounts/${ids.north}`, { token: operator });
    assert.equal(single.body.data.legal_name, 'North Trade Ltd');
    const members = await api(`${base}/v2/accounts/${ids.north}/account-memberships?include=account_member`, {
      token: operator,
    });
    assert.deepEqual(members.body.included.account_members.map((/** @type {any} */ m) => m.email).sort(), [
      'joe@shop.test',
      'kim@shop.test',
    ]);
    const settings = await api(`${base}/v2/settings/account-authentication`, { token: implicit });
    assert.equal(settings.body.data.meta.client_id, 'shop');
    assert.deepEqual(
      (await api(`${base}/catalogs`, { token: implicit })).body.data.map((/** @type {any} */ c) => c.id),
      [ids.everyone],
    );
    const all = await api(`${base}/catalogs/${ids.northPrices}/rules`, { token: operator });
    assert.deepEqual(all.body.data[0].attributes.account_ids, [ids.north]);
  });

  it('the default fixtures fit the schema, and every top-level list of the format is in it', () => {
    const fixtures = readFixtures(new URL('../../server/fixtures.default.json', import.meta.url));
    const schema = JSON.parse(readFileSync(new URL('../../server/fixtures.schema.json', import.meta.url), 'utf8'));
    const lists = [
      'clients',
      'redirect_uris',
      'accounts',
      'account_members',
      'account_memberships',
      'idp_users',
      'oidc_profiles',
      'catalogs',
    ];
    assert.deepEqual(
      lists.filter((list) => !(list in schema.properties)),
      [],
    );
    assert.deepEqual(
      lists.filter((list) => !(list in fixtures)),
      [],
    );
  });
});

describe('--data on top of --fixtures', () => {
  it('the fixtures seed a new data file; the data file is the store after that', async () => {
    const data = join(dir, 'store.json');
    const first = await startService({ port: 0, quiet: true, fixtures: fixturesFile(STORE), dataFile: data });
    const operator = await (
      await fetch(`${first.baseUrl}/oauth/access_token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: 'back-office',
          client_secret: 'back-office-secret',
        }),
      })
    ).json();
    const added = await api(`${first.baseUrl}/v2/accounts/${ids.south}/account-memberships`, {
      method: 'POST',
      token: operator.access_token,
      body: { data: { type: 'account_membership', account_member_id: ids.joe } },
    });
    assert.equal(added.status, 201);
    await first.close();

    // started again with the default fixtures: the data file's store, with its clients and the new membership
    const again = await startService({ port: 0, quiet: true, dataFile: data });
    after(() => again.close());
    assert.deepEqual(
      again.store.accounts.map((a) => a.legal_name),
      ['North Trade Ltd', 'South Trade Ltd'],
    );
    assert.equal(again.store.membershipsOf(ids.south).length, 2);
    await assert.rejects(accessToken(again.baseUrl, 'operator'), /401/);
  });
});
