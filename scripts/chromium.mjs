// Finds Chromium for the browser tests: CHROME_PATH, Debian's /usr/bin/chromium, google-chrome.
// Where there is none, installs Debian's when it can (root with apt-get), or names the command.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function which(command) {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export function findChromium() {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', which('chromium'), which('google-chrome')].find(
    (candidate) => candidate && existsSync(candidate),
  ) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && which('apt-get')) {
    console.log('No Chromium found: installing Debian\'s (apt-get install -y chromium)…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
    if (install.status === 0 && findChromium()) return findChromium();
  }
  console.error('The browser tests need Chromium. Install it with:\n\n  sudo apt-get install -y chromium\n\nor point CHROME_PATH at a Chrome or Chromium binary.');
  process.exit(1);
}
