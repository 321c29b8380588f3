import type { StreamTicket } from '@camposense/domain';
import { http, HttpResponse } from 'msw';

/**
 * The live stream for stories: a ticket, and a stream that says its heartbeat once and stays
 * open, so a mounted live client is `live` (its watchdog, at the default 15 s × 2.5, outlasts a story).
 */
export const liveHandlers = {
  streaming: () => [
    http.post('/api/sense/stream/ticket', () => HttpResponse.json<StreamTicket>({ ticket: 'story-ticket', expiresIn: 60 })),
    http.get('/api/sense/stream', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('retry: 2000\n\nevent: heartbeat\ndata: {"intervalMs":15000}\n\n'));
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
    }),
  ],
};
