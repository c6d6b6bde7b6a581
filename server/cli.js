#!/usr/bin/env node
/**
 * `storefront-reference-service --port 8787 [--host H] [--base-url URL] [--fixtures FILE]
 *   [--data FILE [--fsync] [--repair]] [--redirect-uri URL ...] [--trust-proxy ADDRESS ...]`
 *   (in this repository: `npm run service -- …`)
 * Starts the reference service and prints what a storefront developer needs to talk to it. The service runs in a
 * thread of its own (cli-thread.js), whose young generation this command bounds, and V8's collector is told to
 * favour memory (heap-settings.js): a process's flags cannot be set from a bin's first line everywhere (`env -S`
 * is not understood by every system or npm's shims), and a command that started itself again would leave a child
 * behind when it is killed; a thread ends with its process.
 */
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { favourSmallHeaps, YOUNG_GENERATION_MB } from './heap-settings.js';
import { trustedProxies } from './http/util.js';
import { checkBaseUrl } from './index.js';

const USAGE = `Usage: storefront-reference-service [--port 8787] [--host 127.0.0.1] [--base-url URL] [--fixtures FILE]
                                    [--data FILE [--fsync] [--repair]] [--redirect-uri URL ...]
                                    [--trust-proxy ADDRESS ...] [--token-ttl SECONDS] [--show-test-users] [--quiet]
  --port          port to listen on (default: $SERVICE_PORT or 8787; 0 picks a free one)
  --host          address to bind (default 127.0.0.1)
  --base-url      the address clients reach the service at, for the links it writes
                  (default http://localhost:<port>, or http://<host>:<port> for another --host)
  --fixtures      the store's data: clients, accounts, members, catalogs, identity-provider users and OIDC
                  profiles (JSON, see fixtures.schema.json; default: the built-in example store)
  --data          keep the store in this SQLite file (created 0600 from the fixtures; a change is answered
                  once it is committed); a data file of 0.1.0 is imported once and kept as FILE.0.1.0
  --fsync         with --data: also flush every commit to the device (survives a power cut; slower)
  --repair        with --data: import a data file of 0.1.0 over damaged lines of it or its journal by
                  dropping them (each one is named); without it, damaged data refuses the start, naming
                  the file and line
  --redirect-uri  accept this redirect URI besides http://localhost:<port>/... (repeatable)
  --trust-proxy   a reverse proxy (an address, or a CIDR range like 10.0.0.0/8) whose X-Forwarded-For
                  names the client; the limits then count each client apart (repeatable)
  --token-ttl     how long account management tokens last, in seconds (default: the fixtures' settings
                  account_management_authentication_token_timeout_secs, else 86400)
  --show-test-users  list the embedded identity provider's users with their passwords on its login page
                  (unsafe: anyone who reaches the service reads them; the built-in example store always does)
  --quiet         do not log unexpected errors`;

/** @returns {import('./cli-thread.js').CommandOptions} */
function options() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        'port': { type: 'string' },
        'host': { type: 'string' },
        'base-url': { type: 'string' },
        'fixtures': { type: 'string' },
        'show-test-users': { type: 'boolean' },
        'data': { type: 'string' },
        'fsync': { type: 'boolean' },
        'repair': { type: 'boolean' },
        'redirect-uri': { type: 'string', multiple: true },
        'trust-proxy': { type: 'string', multiple: true },
        'token-ttl': { type: 'string' },
        'quiet': { type: 'boolean' },
        'help': { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    console.error(`${/** @type {Error} */ (error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const portText = parsed.port ?? process.env.SERVICE_PORT ?? '8787';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid port "${portText}"\n${USAGE}`);
    process.exit(2);
  }
  if (parsed['base-url'] !== undefined) {
    try {
      checkBaseUrl(parsed['base-url']);
    } catch (error) {
      console.error(/** @type {Error} */ (error).message);
      process.exit(2);
    }
  }
  for (const flag of /** @type {const} */ (['fsync', 'repair'])) {
    if (parsed[flag] && !parsed.data) {
      console.error(`--${flag} needs --data FILE`);
      process.exit(2);
    }
  }
  try {
    trustedProxies(parsed['trust-proxy'] ?? []);
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(2);
  }
  const tokenTtl = parsed['token-ttl'] === undefined ? undefined : Number(parsed['token-ttl']);
  if (tokenTtl !== undefined && !(Number.isInteger(tokenTtl) && tokenTtl >= 1 && tokenTtl <= 2592000)) {
    console.error(`Invalid --token-ttl "${parsed['token-ttl']}": whole seconds from 1 to 2592000 (30 days)`);
    process.exit(2);
  }
  for (const uri of parsed['redirect-uri'] ?? []) {
    try {
      new URL(uri);
    } catch {
      console.error(`Invalid --redirect-uri "${uri}": an absolute URL is expected`);
      process.exit(2);
    }
  }
  return {
    port,
    host: parsed.host ?? '127.0.0.1',
    baseUrl: parsed['base-url'],
    fixtures: parsed.fixtures,
    ...(parsed['show-test-users'] && { showTestUsers: true }),
    dataFile: parsed.data,
    syncWrites: parsed.fsync ?? false,
    redirectUris: parsed['redirect-uri'] ?? [],
    trustProxy: parsed['trust-proxy'] ?? [],
    repair: parsed.repair ?? false,
    tokenTtl,
    quiet: parsed.quiet ?? false,
  };
}

favourSmallHeaps();
const service = new Worker(new URL('./cli-thread.js', import.meta.url), {
  workerData: options(),
  resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
});
service.on('message', (/** @type {import('./cli-thread.js').Told} */ told) => {
  if ('print' in told) console.log(told.print);
  if ('failed' in told) {
    console.error(told.failed);
    process.exit(1);
  }
  if ('closed' in told) process.exit(0);
});
service.on('error', (error) => {
  console.error(`The service stopped: ${error.stack ?? error}`);
  process.exit(1);
});
service.on('exit', (code) => {
  console.error(`The service stopped (code ${code})`);
  process.exit(1);
});

let closing = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    service.postMessage('close');
  });
}

// Run through npx (npm exec), which does not pass its signal on, it stops with it: stopped, npx leaves the service
// to the system (a new parent process), and a CI step would go on waiting for its output. Started otherwise (a
// shell's `&`, a CI step that leaves it for the next), it stays until it is told to stop.
if (process.env.npm_command === 'exec') {
  const launcher = process.ppid;
  setInterval(() => {
    if (process.ppid !== launcher) process.emit('SIGTERM', 'SIGTERM');
  }, 250).unref();
}
