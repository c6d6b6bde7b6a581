/**
 * Writes of the data file: an answered change survives kill -9 (also in the middle of a snapshot),
 * concurrent changes share journal writes, and a snapshot of a large store leaves the event loop free.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, REALM_ID } from '../../server/domain/fixtures.js';
import { Store } from '../../server/domain/store.js';
import { accessToken, api } from '../support/service-client.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-durability-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const serviceModule = fileURLToPath(new URL('../../server/index.js', import.meta.url));

/**
 * Starts the service in a child process on FILE, with snapshots every few changes (so some are under way
 * when it is killed); resolves with the process and its base URL.
 * @param {string} file
 */
async function startChild(file) {
  const script = `
    const { startService } = await import(${JSON.stringify(serviceModule)});
    const service = await startService({ port: 0, quiet: true, dataFile: ${JSON.stringify(file)},
      limits: { compactAfterBytes: 2048 } });
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

describe('kill -9', () => {
  it('loses no answered change, also while a snapshot is being written', async () => {
    const file = join(dir, 'killed.json');
    const { child, baseUrl } = await startChild(file);
    const token = await accessToken(baseUrl, 'operator');
    /** @type {string[]} */
    const answered = [];
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // waves of concurrent changes; the process is killed while the third wave is under way
    for (let wave = 0; wave < 3; wave++) {
      const requests = Array.from({ length: 40 }, async (_, i) => {
        const name = `profile ${wave}.${i}`;
        const response = await createProfile(baseUrl, token, name).catch(() => null);
        if (response?.status === 201) {
          answered.push(name);
          if (wave === 2 && answered.length === 90) child.kill('SIGKILL');
        }
      });
      await Promise.all(requests);
    }
    assert.equal(await exited, null);
    assert.ok(answered.length >= 90, `only ${answered.length} answered`);

    const store = await Store.open({ dataFile: file });
    try {
      const names = new Set(store.data.profiles.map((p) => p.name));
      const lost = answered.filter((name) => !names.has(name));
      assert.deepEqual(lost, [], 'every answered change is in the store after the restart');
    } finally {
      await store.close();
    }
  });
});

describe('group commit', () => {
  it('writes concurrent changes together: 50 changes, a few journal writes', async () => {
    const store = await Store.open({ dataFile: join(dir, 'group.json') });
    const before = store.journalWrites;
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
    const writes = store.journalWrites - before;
    assert.ok(writes >= 1 && writes <= 5, `${writes} journal writes`);
    await store.close();
    const again = await Store.open({ dataFile: join(dir, 'group.json') });
    assert.equal(again.data.profiles.filter((p) => /^p\d+$/.test(p.name)).length, 50);
    await again.close();
  });

  it('keeps changes made while a snapshot is written, and removes the journals it replaced', async () => {
    const file = join(dir, 'during.json');
    const store = await Store.open({ dataFile: file, compactAfterBytes: 1 });
    const account = ACCOUNTS.empty.id;
    const members = store.data.members.slice().map((m) => m.id);
    for (const [i, id] of members.entries()) {
      if (i % 5 === 0) store.compact();
      await store.createMembership(account, id);
    }
    await store.idle();
    const again = await Store.open({ dataFile: file });
    assert.equal(again.membershipsOf(account).length, members.length);
    await again.close();
    await store.close();
    assert.deepEqual(
      (await readdir(dir)).filter((name) => name.startsWith('during.json.')),
      [],
      'no journal or temporary file is left',
    );
  });
});

describe('a snapshot of a large store', () => {
  it('is written in slices while other work runs', async () => {
    const file = join(dir, 'large.json');
    const store = await Store.open({ dataFile: file, compactAfterBytes: Number.MAX_SAFE_INTEGER });
    await store.addMembersBulk(
      Array.from({ length: 30_000 }, (_, i) => ({ name: `Member ${i}`, email: `member${i}@large.example` })),
    );
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await store.compact();
    running = false;
    assert.ok(turns >= 20, `the event loop turned ${turns} times during the snapshot`);
    await store.close();
    const again = await Store.open({ dataFile: file });
    assert.equal(again.data.members.length, 30_000 + new Store().data.members.length);
    await again.close();
  });
});
