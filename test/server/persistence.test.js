import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startService } from '../../server/index.js';
import { ACCOUNTS, MEMBERS } from '../support/fixtures.js';
import { accessToken, api } from '../support/service-client.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-data-'));
});
after(() => rm(dir, { recursive: true, force: true }));

describe('--data FILE', () => {
  it('keeps changes across a restart; a clean stop leaves one file, no journal or temporary file', async () => {
    const file = join(dir, 'store.db');
    const first = await startService({ port: 0, quiet: true, dataFile: file });
    const operator = await accessToken(first.baseUrl, 'operator');
    let created;
    try {
      created = await api(`${first.baseUrl}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`, {
        method: 'POST',
        token: operator,
        body: { data: { type: 'account_membership', account_member_id: MEMBERS.hostile.id } },
      });
      assert.equal(created.status, 201);
    } finally {
      await first.close();
    }
    const saved = new DatabaseSync(file);
    assert.ok(saved.prepare('SELECT 1 FROM memberships WHERE id = ?').get(created.body.data.id));
    saved.close();
    assert.deepEqual(await readdir(dir), ['store.db'], 'no journal or temporary file left behind');

    const second = await startService({ port: 0, quiet: true, dataFile: file });
    try {
      const list = await api(`${second.baseUrl}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`, {
        token: await accessToken(second.baseUrl, 'operator'),
      });
      assert.deepEqual(
        list.body.data.map((/** @type {any} */ ms) => ms.id),
        [created.body.data.id],
      );
      // tokens signed before the restart still verify: the signing secret is part of the data
      const stillValid = await api(`${second.baseUrl}/v2/account-members?page[limit]=1`, { token: operator });
      assert.equal(stillValid.status, 200);
    } finally {
      await second.close();
    }
  });

  it('starts from the fixtures without a data file, and reset() restores them', async () => {
    const service = await startService({ port: 0, quiet: true });
    try {
      const operator = await accessToken(service.baseUrl, 'operator');
      const url = `${service.baseUrl}/v2/accounts/${ACCOUNTS.empty.id}/account-memberships`;
      assert.equal((await api(url, { token: operator })).body.data.length, 0);
      await api(url, {
        method: 'POST',
        token: operator,
        body: { data: { type: 'account_membership', account_member_id: MEMBERS.ada.id } },
      });
      assert.equal((await api(url, { token: operator })).body.data.length, 1);
      await service.reset();
      assert.equal((await api(url, { token: operator })).body.data.length, 0);
    } finally {
      await service.close();
    }
  });
});

describe('command line', () => {
  it('prints the base URL, issuer, clients and demo users, and stops on SIGINT', async () => {
    const cli = fileURLToPath(new URL('../../server/cli.js', import.meta.url));
    const child = spawn(process.execPath, [cli, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner: ${out}`)), 10_000);
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('Ctrl-C')) {
          clearTimeout(timer);
          resolve(undefined);
        }
      });
      child.on('exit', () => reject(new Error(`exited early: ${out}`)));
    });
    const baseUrl = /Reference service\s+(http:\/\/localhost:\d+)/.exec(out)?.[1];
    assert.ok(baseUrl, out);
    assert.match(out, new RegExp(`Identity provider\\s+${baseUrl}/idp`));
    assert.match(out, /storefront \(implicit\)/);
    assert.match(out, /admin \/ admin-secret/);
    assert.match(out, /ada@example\.com.*grace@example\.com.*linus@example\.com/);
    assert.match(out, /Password\s+password/);
    assert.equal((await api(`${baseUrl}/health`)).status, 200);
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    assert.equal(await exited, 0);
  });

  it('refuses a bad port', async () => {
    const cli = fileURLToPath(new URL('../../server/cli.js', import.meta.url));
    const child = spawn(process.execPath, [cli, '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 2);
    assert.match(err, /Invalid port/);
  });
});
