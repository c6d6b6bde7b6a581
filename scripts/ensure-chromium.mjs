import { spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

/**
 * Finds the Chromium the tests drive; when there is none and we run as root on Debian, installs the
 * distribution's package (no test tool downloads a browser of its own). Returns its path, or undefined.
 */
export function ensureChromium() {
  const found = chromiumPath();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package.");
    const install = spawnSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
      {
        stdio: 'inherit',
      },
    );
    if (install.status === 0 && chromiumPath()) return chromiumPath();
  }
  console.error(
    'No Chromium found. Install one (Debian: `apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  return undefined;
}
