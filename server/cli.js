#!/usr/bin/env node
/**
 * `npm run service -- --port 8787 [--host H] [--data FILE] [--redirect-uri URL ...] [--quiet]`
 * Starts the reference service and prints what a storefront developer needs to talk to it.
 */
import { parseArgs } from 'node:util';
import { startService } from './index.js';
import { CLIENTS, IDP_USERS, PASSWORD, PROFILE_NAME } from './domain/fixtures.js';

const USAGE = `Usage: npm run service -- [--port 8787] [--host 127.0.0.1] [--data FILE] [--redirect-uri URL ...] [--quiet]
  --port          port to listen on (default: $SERVICE_PORT or 8787; 0 picks a free one)
  --host          address to bind (default 127.0.0.1)
  --data          keep the store in this JSON file (loaded at start, saved after every change)
  --redirect-uri  accept this redirect URI besides http://localhost:<port>/... (repeatable)
  --quiet         do not log unexpected errors`;

/** @returns {Parameters<typeof startService>[0]} */
function options() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        'port': { type: 'string' },
        'host': { type: 'string' },
        'data': { type: 'string' },
        'redirect-uri': { type: 'string', multiple: true },
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
    dataFile: parsed.data,
    redirectUris: parsed['redirect-uri'] ?? [],
    quiet: parsed.quiet ?? false,
  };
}

const opts = options();
let service;
try {
  service = await startService(opts);
} catch (error) {
  const e = /** @type {NodeJS.ErrnoException} */ (error);
  console.error(
    e.code === 'EADDRINUSE'
      ? `Port ${opts?.port} is already in use; choose another with --port.`
      : `Could not start: ${e.message}`,
  );
  process.exit(1);
}

console.log(`Reference service   ${service.baseUrl}
Identity provider   ${service.issuer}  (OIDC profile "${PROFILE_NAME}")
Store clients       ${CLIENTS.storefront.clientId} (implicit), ${CLIENTS.admin.clientId} / ${CLIENTS.admin.clientSecret} (client credentials)
Redirect URIs       http://localhost:<port>/..., http://127.0.0.1:<port>/...${(opts?.redirectUris ?? []).map((u) => `, ${u}`).join('')}
Demo users          ${Object.values(IDP_USERS)
  .map((u) => `${u.email} (${u.name})`)
  .join(', ')}
Password            ${PASSWORD}
Data                ${opts?.dataFile ?? 'in memory (fixtures; lost on exit)'}
Press Ctrl-C to stop.`);

let closing = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    service.close().then(() => process.exit(0));
  });
}
