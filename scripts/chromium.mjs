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
