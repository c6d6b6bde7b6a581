/**
 * Writes of the database file: an answered change survives kill -9, round after round on the same file, and
 * concurrent changes are each kept.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, REALM_ID } from '../support/fixtures.js';
import { Store } from '../../server/domain/store.js';
import { accessToken, api } from '../support/service-client.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-durability-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const serviceModule = fileURLToPath(new URL('../../server/index.js', import.meta.url));

/**
 * Starts the service in a child process on FILE; resolves with the process and its base URL.
 * @param {string} file
 */
async function startChild(file) {
  const script = `
    const { startService } = await import(${JSON.stringify(serviceModule)});
    const service = await startService({ port: 0, quiet: true, dataFile: ${JSON.stringify(file)} });
    console.log('ready ' + service.baseUrl);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /ready (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`the service exited (${code}): ${out}`)));
  });
  return { child, baseUrl: /** @type {string} */ (baseUrl) };
}

/**
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} name
 */
const createProfile = (baseUrl, token, name) =>
  api(`${baseUrl}/v2/authentication-realms/${REALM_ID}/oidc-profiles`, {
    method: 'POST',
    token,
    body: {
      data: {
        type: 'oidc_profile',
        name,
        discovery_url: 'https://idp.example/.well-known/openid-configuration',
        client_id: 'c',
        client_secret: 's',
      },
    },
  });

/** Rounds of writes, each ended by kill -9, on one file. */
const ROUNDS = 20;

describe('kill -9', () => {
  it(`loses no answered change, in ${ROUNDS} rounds of concurrent writes on one file`, async () => {
    const file = join(dir, 'killed.db');
    /** @type {string[]} */
    const answered = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { child, baseUrl } = await startChild(file);
      const token = await accessToken(baseUrl, 'operator');
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const before = answered.length;
      // waves of concurrent changes; the process is killed while the third wave is under way
      for (let wave = 0; wave < 3; wave++) {
        const requests = Array.from({ length: 20 }, async (_, i) => {
          const name = `profile ${round}.${wave}.${i}`;
          const response = await createProfile(baseUrl, token, name).catch(() => null);
          if (response?.status === 201) {
            answered.push(name);
            if (wave === 2 && answered.length - before === 45) child.kill('SIGKILL');
          }
        });
        await Promise.all(requests);
      }
      assert.equal(await exited, null, `round ${round}: killed`);
    }

    const store = await Store.open({ dataFile: file });
    try {
      const names = new Set(store.data.profiles.map((p) => p.name));
      const lost = answered.filter((name) => !names.has(name));
      assert.deepEqual(lost, [], 'every answered change is in the store after the restarts');
    } finally {
      await store.close();
    }
  });
});

describe('concurrent changes', () => {
  it('are each kept: 50 at once', async () => {
    const store = await Store.open({ dataFile: join(dir, 'concurrent.db') });
    const made = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.createProfile({
          realm_id: REALM_ID,
          name: `p${i}`,
          discovery_url: 'https://idp.example',
          client_id: 'c',
          client_secret: 's',
        }),
      ),
    );
    assert.equal(made.length, 50);
    const account = ACCOUNTS.empty.id;
    const members = store.findMembers({ exprs: [], attribute: 'id', descending: false });
    const ids = (await members).page(0, 1000).map((m) => m.id);
    await Promise.all(ids.map((id) => store.createMembership(account, id)));
    await store.close();
    const again = await Store.open({ dataFile: join(dir, 'concurrent.db') });
    assert.equal(again.data.profiles.filter((p) => /^p\d+$/.test(p.name)).length, 50);
    assert.equal(again.membershipsOf(account).length, ids.length);
    await again.close();
  });
});
