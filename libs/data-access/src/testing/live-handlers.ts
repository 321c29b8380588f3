import type { StreamTicket } from '@camposense/domain';
import { http, HttpResponse } from 'msw';

/**
 * The live stream for stories: a ticket, and a stream that beats every 5 s and stays open, so a
 * mounted live client is `live` (its watchdog is 15 s × 2.5) however long a story runs.
 */
export const liveHandlers = {
  streaming: () => [
    http.post('/api/sense/stream/ticket', () => HttpResponse.json<StreamTicket>({ ticket: 'story-ticket', expiresIn: 60 })),
    http.get('/api/sense/stream', () => {
      const heartbeat = new TextEncoder().encode('event: heartbeat\ndata: {"intervalMs":15000}\n\n');
      let beating: ReturnType<typeof setInterval> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('retry: 2000\n\n'));
          controller.enqueue(heartbeat);
          // Beats on as the server does: a story that a loaded machine stretches past the watchdog
          // (a screenshot retried for seconds) must not see its console go offline.
          beating = setInterval(() => {
            try {
              controller.enqueue(heartbeat);
            } catch {
              clearInterval(beating);
            }
          }, 5_000);
        },
        cancel() {
          clearInterval(beating);
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
    }),
  ],
};
