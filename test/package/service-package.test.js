// storefront-reference-service as a store gets it: `npm pack` of server/, installed into a new project, its bin
// started with the store's own fixtures file, and a shopper signed in over HTTP to account tokens and that
// account's catalogs; its types compile in the store's TypeScript.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInAtIdentityProvider } from '../support/idp-login.js';
import { api, exchangeCode, pkce } from '../support/service-client.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const serviceFolder = new URL('../../server/', import.meta.url).pathname;
const project = mkdtempSync(join(tmpdir(), 'store-ci-'));
after(() => rmSync(project, { recursive: true, force: true }));

const packed = JSON.parse(
  execFileSync(npm, ['pack', '--json', '--pack-destination', project], {
    cwd: serviceFolder,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }),
)[0];
const files = packed.files.map((/** @type {{ path: string }} */ file) => file.path);

writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-store', private: true, type: 'module' }));
execFileSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', `./${packed.filename}`], {
  cwd: project,
  stdio: ['ignore', 'ignore', 'pipe'],
});

const ids = {
  north: '6b4c0e9e-8c7d-4eb5-90d1-c2bd0e9f8a76',
  south: '7c5d1faf-9d8e-4fc6-a1e2-d3ce1fa09b87',
  kim: '8d6e2ab0-ae9f-40d7-b2f3-e4df2ab1ac98',
  lee: '9e7f3bc1-bfa0-41e8-83a4-f5e03bc2bda9',
  joe: 'af804cd2-c0b1-42f9-94b5-a6f14cd3ceba',
  everyone: 'a0815cd3-c1b2-4300-95c6-b7025de4dfcb',
  north_prices: 'b0915de3-d1c2-4300-a5c6-b7025de4dfcb',
};

/** The store's own data: two accounts, three members, a store-wide catalog and one with a rule. */
const STORE = {
  $schema: './node_modules/storefront-reference-service/fixtures.schema.json',
  clients: [{ client_id: 'shop-web' }, { client_id: 'shop-ci', client_secret: 'shop-ci-secret' }],
  accounts: [
    { id: ids.north, name: 'North Trade', legal_name: 'North Trade Ltd' },
    { id: ids.south, name: 'South Trade', legal_name: 'South Trade Ltd' },
  ],
  account_members: [
    { id: ids.kim, name: 'Kim North', email: 'kim@shop.test' },
    { id: ids.lee, name: 'Lee South', email: 'lee@shop.test' },
    { id: ids.joe, name: 'Joe Both', email: 'joe@shop.test' },
  ],
  account_memberships: [
    { id: 'd2b37f05-f3e4-4522-87e8-d9247f06f1ed', account_id: ids.north, account_member_id: ids.kim },
    { id: 'e3c48016-04f5-4633-98f9-ea358017020e', account_id: ids.south, account_member_id: ids.lee },
    { id: 'f4d59127-1506-4744-a90a-fb469128131f', account_id: ids.north, account_member_id: ids.joe },
    { id: '05e6a238-2617-4855-ba1b-0c57a239242a', account_id: ids.south, account_member_id: ids.joe },
  ],
  idp_users: [{ email: 'kim@shop.test', password: 'kim-secret', name: 'Kim North' }],
  oidc_profiles: [{ id: 'c1a26ef4-e2d3-4411-b6d7-c8136ef5e0dc', name: 'Shop Login' }],
  catalogs: [
    { id: ids.everyone, name: 'Everyone' },
    { id: ids.north_prices, name: 'North prices', rules: [{ name: 'North only', account_ids: [ids.north] }] },
  ],
};
writeFileSync(join(project, 'store.fixtures.json'), JSON.stringify(STORE, null, 2));

test('the package holds the service, its types, the schema and the default fixtures, and nothing of the tests', () => {
  for (const file of ['cli.js', 'index.js', 'types.d.ts', 'fixtures.schema.json', 'fixtures.default.json']) {
    assert.ok(files.includes(file), `${file} is missing from the package`);
  }
  for (const folder of ['http/', 'routes/', 'domain/', 'idp/']) {
    assert.ok(
      files.some((file) => file.startsWith(folder)),
      `${folder} is missing`,
    );
  }
  assert.ok(!files.includes('domain/fixtures.js'), "the tests' names for the default fixtures are in the package");
  const manifest = JSON.parse(
    readFileSync(join(project, 'node_modules/storefront-reference-service/package.json'), 'utf8'),
  );
  assert.equal(manifest.bin['storefront-reference-service'], './cli.js');
  assert.ok(manifest.dependencies['oidc-provider'], 'oidc-provider is a dependency');
});

test("its bin starts with the store's fixtures file; a member signs in over HTTP to account tokens and catalogs", async () => {
  // what `npx storefront-reference-service` runs: the bin npm linked into the project
  const bin = join(project, 'node_modules/.bin/storefront-reference-service');
  const child = spawn(bin, ['--port', '0', '--fixtures', 'store.fixtures.json'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  after(() => {
    if (!exited) child.kill('SIGTERM');
  });
  const base = await new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const started = /^Reference service\s+(\S+)/m.exec(out);
      if (started) resolve(started[1]);
    });
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => reject(new Error(`the service exited with ${code}: ${err}${out}`)));
  });

  const token = async (/** @type {Record<string, string>} */ form) =>
    (await fetch(`${base}/oauth/access_token`, { method: 'POST', body: new URLSearchParams(form) })).json();
  const implicit = (await token({ grant_type: 'implicit', client_id: 'shop-web' })).access_token;
  const settings = (await api(`${base}/v2/settings/account-authentication`, { token: implicit })).body.data;
  assert.equal(settings.meta.client_id, 'shop-web');
  const realm = settings.relationships.authentication_realm.data.id;
  const [profile] = (await api(`${base}/v2/authentication-realms/${realm}/oidc-profiles`, { token: implicit })).body
    .data;
  assert.equal(profile.name, 'Shop Login');

  const { verifier, challenge } = pkce();
  const redirectUri = 'http://localhost:3000/account/callback';
  const authorize = new URL(profile.links['authorization-endpoint']);
  for (const [name, value] of Object.entries({
    scope: 'openid email',
    response_type: 'code',
    client_id: settings.meta.client_id,
    redirect_uri: redirectUri,
    state: 'store-ci-state',
    code_challenge_method: 'S256',
    code_challenge: challenge,
  })) {
    authorize.searchParams.set(name, value);
  }
  const back = new URL(await signInAtIdentityProvider(authorize.href, 'kim@shop.test', 'kim-secret'));
  assert.equal(back.searchParams.get('state'), 'store-ci-state');
  const code = /** @type {string} */ (back.searchParams.get('code'));
  const tokens = await exchangeCode(base, implicit, { code, redirectUri, verifier });
  assert.equal(tokens.status, 200);
  assert.equal(tokens.body.meta.account_member_id, ids.kim);
  assert.deepEqual(
    tokens.body.data.map((/** @type {any} */ t) => [t.account_id, t.account_name]),
    [[ids.north, 'North Trade']],
  );

  const catalogs = await api(`${base}/catalogs`, {
    token: implicit,
    headers: { 'EP-Account-Management-Authentication-Token': tokens.body.data[0].token },
  });
  assert.deepEqual(
    catalogs.body.data.map((/** @type {any} */ c) => c.attributes.name),
    ['Everyone', 'North prices'],
  );
  const storeWide = await api(`${base}/catalogs`, { token: implicit });
  assert.deepEqual(
    storeWide.body.data.map((/** @type {any} */ c) => c.attributes.name),
    ['Everyone'],
  );
  const operator = (
    await token({ grant_type: 'client_credentials', client_id: 'shop-ci', client_secret: 'shop-ci-secret' })
  ).access_token;
  const accounts = await api(`${base}/v2/accounts`, { token: operator });
  assert.deepEqual(
    accounts.body.data.map((/** @type {any} */ a) => a.legal_name),
    ['North Trade Ltd', 'South Trade Ltd'],
  );

  const stopped = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await stopped;
});

test("startService() runs from the installed package, and its types compile in a store's TypeScript", async () => {
  writeFileSync(
    join(project, 'ci.ts'),
    `import { startService, FixturesError, type Fixtures, type RunningService } from 'storefront-reference-service';
import { readFileSync } from 'node:fs';

const fixtures: Fixtures = JSON.parse(readFileSync('store.fixtures.json', 'utf8'));
const service: RunningService = await startService({ port: 0, quiet: true, fixtures, limits: { outboundTimeoutMs: 2000 } });
const health = await fetch(\`\${service.baseUrl}/health\`);
console.log(health.status, service.issuer === \`\${service.baseUrl}/idp\`);
await service.reset();
await service.close();
try {
  await startService({ port: 0, fixtures: { clients: [] } });
} catch (error) {
  if (error instanceof FixturesError) console.log(error.problems.join('; '));
}
`,
  );
  const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;
  const types = new URL('../../node_modules/@types/', import.meta.url).pathname;
  execFileSync(
    'node',
    [
      tsc,
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--outDir',
      'out',
      '--typeRoots',
      types,
      '--types',
      'node',
      'ci.ts',
    ],
    { cwd: project, encoding: 'utf8' },
  );
  writeFileSync(join(project, 'out/package.json'), JSON.stringify({ type: 'module' }));
  const output = execFileSync('node', ['out/ci.js'], {
    cwd: project,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  assert.equal(output, '200 true\nclients: must list at least 1\n');
});
