import { createConnection, createServer } from 'node:net';
import type { Socket } from 'node:net';

export interface CuttableProxy {
  /** The console through the proxy: open the page here, not at baseUrl(). */
  baseUrl: string;
  /**
   * The signal is lost: every connection, open or new, stays open and nothing passes either way —
   * a half-open connection, which raises no error in the browser (unlike Playwright's route abort
   * or offline emulation, which leave an open event stream flowing).
   */
  cut(): void;
  /** The signal is back: the connections that lived through the cut are closed (their bytes were lost), new ones pass. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 in front of `target` (the e2e console), for journeys that lose the connection. */
export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let cut = false;
  const server = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => {
      if (!cut) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!cut) client.write(chunk);
    });
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    cut() {
      cut = true;
    },
    restore() {
      for (const { client, upstream } of [...pairs]) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
