import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { inject } from 'vitest';

/** Chromium as vitest.config.ts found it (Debian's by default), with the offline flags. */
export function launchChromium(): Promise<Browser> {
  const options: LaunchOptions = inject('chromiumLaunchOptions');
  return chromium.launch({ headless: true, ...options });
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumLaunchOptions: { executablePath?: string; args: string[] };
  }
}
