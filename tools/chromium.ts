import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Flags that keep Chromium quiet on a machine whose only network is the package registries. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--font-render-hinting=none',
];

function which(command: string): string | null {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** CHROME_PATH, Debian's Chromium, or Google Chrome: the first one that exists. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', which('chromium'), which('google-chrome')];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate))) ?? null;
}

export function chromiumLaunchOptions() {
  // Without one, Playwright's own error names what is missing; scripts/test.mjs checks first.
  const executablePath = findChromium() ?? undefined;
  return { executablePath, args: CHROMIUM_ARGS };
}
