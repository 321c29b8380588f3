/**
 * Reads a `text/event-stream` answer the way an EventSource does, for the code that is not a
 * browser (the live stream's tests, bench:ingest): each event (its `id`, `event` and JSON `data`)
 * is handed to `onEvent` as its blank line arrives; the stream's `heartbeat` events go to
 * `onHeartbeat` instead (when given), so a test of what happens is not timed by them. Resolves when
 * the stream ends or is aborted.
 */
export interface StreamEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

export async function readServerSentEvents(body: NonNullable<Response['body']>, onEvent: (event: StreamEvent) => void,
  onHeartbeat: (event: StreamEvent) => void = () => undefined,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let split: number;
      while ((split = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const field = (name: string) => block.split('\n').find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const event = field('event');
        const data = field('data');
        // Comments (keep-alives) and events without data are not events for the reader.
        if (!event || !data) continue;
        const parsed = { id: field('id') ?? '', event, data: JSON.parse(data) as Record<string, unknown> };
        if (event === 'heartbeat') onHeartbeat(parsed);
        else onEvent(parsed);
      }
    }
  } catch {
    // Aborted by the reader's owner.
  }
}

/** An EventSource's view of a live stream opened with `ticket`: the events it has parsed so far. */
export async function openStream(base: string, ticket: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/sense/stream?token=${encodeURIComponent(ticket)}`, {
    headers: lastEventId ? { 'last-event-id': lastEventId } : {},
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const heartbeats: StreamEvent[] = [];
  if (response.ok && response.body) {
    void readServerSentEvents(
      response.body,
      (event) => events.push(event),
      (heartbeat) => heartbeats.push(heartbeat),
    );
  }
  return { status: response.status, contentType: response.headers.get('content-type'), events, heartbeats, close: () => controller.abort() };
}
