/**
 * The service as the command runs it, in a thread of its own (cli.js bounds its young generation): started from
 * the command's options, it tells the command what to print, and closes when told to.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DEFAULT_LIMITS, startService } from './index.js';

/**
 * @typedef {import('./index.js').ServiceOptions & { host: string, redirectUris: string[] }} CommandOptions
 * @typedef {{ print: string } | { failed: string } | { closed: true }} Told what the thread tells the command
 */

/** @param {Told} told */
const tell = (told) => parentPort?.postMessage(told);

/**
 * What the command prints once the service answers: what a storefront developer needs to talk to it.
 * @param {Awaited<ReturnType<typeof startService>>} service
 * @param {CommandOptions} opts
 */
function started(service, opts) {
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
  return `Reference service   ${service.baseUrl}  (listening on ${opts.host}:${service.port})
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
Press Ctrl-C to stop.`;
}

async function run() {
  const opts = /** @type {CommandOptions} */ (workerData);
  let service;
  try {
    service = await startService(opts);
  } catch (error) {
    const e = /** @type {NodeJS.ErrnoException} */ (error);
    // a fixtures file's problems come one a line after the sentence; never a stack trace
    tell({
      failed:
        e.code === 'EADDRINUSE'
          ? `Port ${opts.port} is already in use; choose another with --port.`
          : `Could not start: ${e.message}`,
    });
    return;
  }
  tell({ print: started(service, opts) });
  parentPort?.on('message', async () => {
    await service.close();
    tell({ closed: true });
  });
}

await run();
