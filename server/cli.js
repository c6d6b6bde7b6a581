#!/usr/bin/env node
/**
 * `storefront-reference-service --port 8787 [--host H] [--base-url URL] [--fixtures FILE]
 *   [--data FILE [--fsync] [--repair]] [--redirect-uri URL ...] [--trust-proxy ADDRESS ...]`
 *   (in this repository: `npm run service -- …`)
 * Starts the reference service and prints what a storefront developer needs to talk to it.
 */
import { parseArgs } from 'node:util';
import { trustedProxies } from './http/util.js';
import { checkBaseUrl, DEFAULT_LIMITS, startService } from './index.js';

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

/** @returns {import('./index.js').ServiceOptions & { host: string, redirectUris: string[] }} */
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

const opts = options();
let service;
try {
  service = await startService(opts);
} catch (error) {
  const e = /** @type {NodeJS.ErrnoException} */ (error);
  // a fixtures file's problems come one a line after the sentence; never a stack trace
  console.error(
    e.code === 'EADDRINUSE'
      ? `Port ${opts?.port} is already in use; choose another with --port.`
      : `Could not start: ${e.message}`,
  );
  process.exit(1);
}

const { tokenGrant, tokenGrantPerClient, login, loginPerEmail, loginPerAddress } = DEFAULT_LIMITS;
const { clients, idp_users: idpUsers, profiles } = service.store.data;
const storeClients = clients
  .map((c) =>
    c.client_secret ? `${c.client_id} / ${c.client_secret} (client credentials)` : `${c.client_id} (implicit)`,
  )
  .join(', ');
const redirectUris = [
  'http://localhost:<port>/...',
  'http://127.0.0.1:<port>/...',
  ...service.store.data.redirect_uris,
];
// the embedded identity provider's users sign in only through a profile that uses it
const embedded = profiles.some((p) => p.embedded);
const passwords = new Set(embedded ? idpUsers.map((u) => u.password) : []);
const users = embedded
  ? idpUsers.map((u) => `${u.email} (${u.name}${passwords.size > 1 ? `, password ${u.password}` : ''})`)
  : ["those of each profile's own identity provider (the embedded one is not used)"];
const profileNames = profiles.map((p) => `"${p.name}"${p.embedded ? '' : ` at ${p.discovery_url}`}`);
const flushed = opts.syncWrites ? ', flushed on every write' : '';
const clientAddresses = opts.trustProxy?.length
  ? `from X-Forwarded-For when the connection comes from ${opts.trustProxy.join(', ')}`
  : "the connection's (X-Forwarded-For is not trusted; see --trust-proxy)";
const data = opts.dataFile
  ? `${opts.dataFile} (a SQLite database)${flushed}`
  : `in memory (${opts.fixtures ?? 'the built-in fixtures'}; lost on exit)`;
console.log(`Reference service   ${service.baseUrl}  (listening on ${opts.host}:${service.port})
Identity provider   ${service.issuer}  (embedded)
OIDC profiles       ${profileNames.join(', ') || '(none)'}
Store clients       ${storeClients}
Redirect URIs       ${[...redirectUris, ...(opts.redirectUris ?? [])].join(', ')}
Users               ${users.join(', ') || '(none at the embedded identity provider)'}${
  passwords.size === 1 ? `\nPassword            ${[...passwords][0]}` : ''
}
Data                ${data}
Client addresses    ${clientAddresses}
Rate limits         per minute: ${tokenGrant.attempts} token requests (${tokenGrant.failures} failed) per address \
and client id, ${tokenGrantPerClient.failures} failed per client id; ${login.attempts} sign-in attempts \
(${login.failures} failed) per browser and email, ${loginPerEmail.failures} failed per email, \
${loginPerAddress.failures} failed per address; past a failure budget, slowed to its pace
Press Ctrl-C to stop.`);

let closing = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    service.close().then(() => process.exit(0));
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
