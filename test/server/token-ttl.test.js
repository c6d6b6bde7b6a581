// How long account management tokens last: the store's setting (fixtures), and --token-ttl over it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { signIn, accessToken, api } from '../support/service-client.js';
import { readFileSync } from 'node:fs';
import { startTestService } from '../support/test-service.js';

/** Seconds from now to an instant. @param {string} instant */
const secondsLeft = (instant) => (Date.parse(instant) - Date.now()) / 1000;

/** @param {string} base */
async function timeoutSetting(base) {
  const settings = await api(`${base}/v2/settings/account-authentication`, {
    token: await accessToken(base, 'implicit'),
  });
  return settings.body.data.account_management_authentication_token_timeout_secs;
}

describe('account token lifetime', () => {
  it('is a day by default, and the settings say so', async () => {
    const { base } = await startTestService();
    assert.equal(await timeoutSetting(base), 86400);
    const { body } = await signIn(base, 'grace@example.com');
    assert.ok(Math.abs(secondsLeft(body.data[0].expires) - 86400) < 60);
  });

  it("follows the store's setting in its fixtures", async () => {
    const fixtures = JSON.parse(readFileSync(new URL('../../server/fixtures.default.json', import.meta.url), 'utf8'));
    fixtures.account_authentication_settings = {
      ...fixtures.account_authentication_settings,
      account_management_authentication_token_timeout_secs: 600,
    };
    const { base } = await startTestService({ fixtures });
    assert.equal(await timeoutSetting(base), 600);
    const { body } = await signIn(base, 'grace@example.com');
    assert.ok(Math.abs(secondsLeft(body.data[0].expires) - 600) < 30, body.data[0].expires);
  });

  it('takes tokenTtl (--token-ttl) over the setting', async () => {
    const { base } = await startTestService({ tokenTtl: 60 });
    assert.equal(await timeoutSetting(base), 60);
    const { body } = await signIn(base, 'ada@example.com');
    for (const token of body.data) assert.ok(Math.abs(secondsLeft(token.expires) - 60) < 30, token.expires);
  });

  it('refuses a --token-ttl that is not whole seconds from 1 to 30 days, naming it', async () => {
    for (const value of ['0', '-5', '1.5', 'soon', '2592001']) {
      const child = spawn(process.execPath, ['server/cli.js', '--port', '0', `--token-ttl=${value}`], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const [code] = await once(child, 'exit');
      assert.equal(code, 2, value);
      assert.match(stderr, /Invalid --token-ttl/, value);
    }
  });
});
