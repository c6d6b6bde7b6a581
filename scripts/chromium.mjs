import { existsSync } from 'node:fs';

const candidates = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/** The Chromium that tests drive: CHROMIUM_PATH when set, else the first system one found. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return candidates.find((path) => existsSync(path));
}

/**
 * Switches for a headless run on a shared machine: no sandbox (containers give it no namespaces), no GPU, and none
 * of the browser's own traffic (QUIC probes, updates, sync) mixed into what a test or benchmark counts.
 */
const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launch options for the system Chromium, with `extraArgs` after the shared switches. */
export function chromiumLaunchOptions(extraArgs = []) {
  return { executablePath: chromiumPath(), args: [...QUIET_ARGS, ...extraArgs] };
}
