import { chromium, type Browser, type Download } from 'playwright-core';
import { inject } from 'vitest';

/**
 * A connection to the run's one Chromium (the global setup launched it as a browser server with
 * the offline flags). Each connection sees only the contexts it creates, and `close()` closes them
 * and disconnects: a journey starts as clean as with a browser of its own, without paying a
 * Chromium start-up per file.
 */
export function connectChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}

/**
 * A download's content as text. Over a connection to the browser server the file stays on the
 * server's side (`download.path()` refuses), so it is read through the download's stream.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Chromium as vitest.config.ts found it (Debian's by default), with the offline flags. */
    chromiumLaunchOptions: { executablePath?: string; args: string[] };
    chromiumEndpoint: string;
  }
}
