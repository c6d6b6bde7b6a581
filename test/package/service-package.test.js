// storefront-reference-service as a store gets it: `npm pack` of server/, installed into a new project, its bin
// started with the store's own fixtures file, and a shopper signed in over HTTP to account tokens and that
// account's catalogs; its types compile in the store's TypeScript.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInAtIdentityProvider } from '../support/idp-login.js';
import { api, exchangeCode, pkce } from '../support/service-client.js';
import { ids, SHOP_FIXTURES } from '../support/shop-fixtures.js';
import { installServicePackage, startServiceBin } from '../../scripts/service-package.mjs';

const project = mkdtempSync(join(tmpdir(), 'store-ci-'));
after(() => rmSync(project, { recursive: true, force: true }));
const { files } = installServicePackage(project);

/** The store's own data: two accounts, three members, a store-wide catalog and one with a rule. */
const STORE = { $schema: './node_modules/storefront-reference-service/fixtures.schema.json', ...SHOP_FIXTURES };
writeFileSync(join(project, 'store.fixtures.json'), JSON.stringify(STORE, null, 2));

test('the package holds the service, its types, the schema and the default fixtures, and nothing of the tests', () => {
  for (const file of [
    'cli.js',
    'cli-thread.js',
    'heap-settings.js',
    'index.js',
    'types.d.ts',
    'fixtures.schema.json',
    'fixtures.default.json',
  ]) {
    assert.ok(files.includes(file), `${file} is missing from the package`);
  }
  for (const folder of ['http/', 'routes/', 'domain/', 'readers/', 'idp/']) {
    assert.ok(
      files.some((file) => file.startsWith(folder)),
      `${folder} is missing`,
    );
  }
  const manifest = JSON.parse(
    readFileSync(join(project, 'node_modules/storefront-reference-service/package.json'), 'utf8'),
  );
  assert.equal(manifest.bin['storefront-reference-service'], './cli.js');
  assert.ok(manifest.dependencies['oidc-provider'], 'oidc-provider is a dependency');
});

test("its bin starts with the store's fixtures file; a member signs in over HTTP to account tokens and catalogs", async () => {
  const { base, stop } = await startServiceBin(project, ['--port', '0', '--fixtures', 'store.fixtures.json']);
  after(stop);

  const token = async (/** @type {Record<string, string>} */ form) =>
    (await fetch(`${base}/oauth/access_token`, { method: 'POST', body: new URLSearchParams(form) })).json();
  const implicit = (await token({ grant_type: 'implicit', client_id: 'shop' })).access_token;
  const settings = (await api(`${base}/v2/settings/account-authentication`, { token: implicit })).body.data;
  assert.equal(settings.meta.client_id, 'shop');
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
    await token({ grant_type: 'client_credentials', client_id: 'back-office', client_secret: 'back-office-secret' })
  ).access_token;
  const accounts = await api(`${base}/v2/accounts`, { token: operator });
  assert.deepEqual(
    accounts.body.data.map((/** @type {any} */ a) => a.legal_name),
    ['North Trade Ltd', 'South Trade Ltd'],
  );

  await stop();
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
