/**
 * GET /api/sense/stream: server-sent events of what happens (alarms.md, "Everyone sees it live").
 * An EventSource cannot send the Authorization header, and an access token in a URL would outlive
 * its minute in logs and histories: the console first asks POST /api/sense/stream/ticket (bearer)
 * for a one-minute, single-use ticket (the download tokens' mechanism, audience of its own per
 * use, used up in the database so it opens one stream across the cluster) and opens the stream
 * with `?token=`; logs never show it (logger.ts strips `token=`).
 * A reconnecting EventSource sends Last-Event-ID: what it missed is sent first, or `reset` when
 * this process no longer has it (the console then reloads its data).
 * Every `heartbeatMs` (LIVE_HEARTBEAT_MS, 15 s by default) the stream sends a `heartbeat` event
 * (no id, data `{ "intervalMs": … }`), and one right after the replay: an EventSource does not
 * show comment lines to the page, and a half-open connection (a lost signal) raises no error, so
 * the console's watchdog counts these to tell a quiet stream from a dead one
 * (libs/data-access/src/live/live-updates.ts: no event within 2.5 intervals → reconnect).
 */
import type { ServerResponse } from 'node:http';
import type { Database } from '@camposense/db';
import { streamRoute, streamTicketRoute } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../errors/api-error';
import {
  databaseSpentTokens,
  DOWNLOAD_TOKEN_TTL_SECONDS,
  readDownloadToken,
  signDownloadToken,
  spendDownloadToken,
} from '../reports/download-token';
import type { EventBus, NumberedEvent } from './event-bus';
import { createAlarmLookup, createGrantFilter } from './grant-filter';
import { readGrant } from '../../security/tenancy';
import { security } from '../../schemas';

export interface LiveRoutesOptions {
  bus: EventBus;
  /** Where used tickets are kept, so a ticket opens one stream across every instance. */
  database: Database;
  jwtSecret: Uint8Array;
  /**
   * A `heartbeat` event this often keeps proxies from closing an idle stream and tells the
   * console's watchdog the stream is alive. @default LIVE_HEARTBEAT_MS
   */
  heartbeatMs?: number;
}

/** The stream's heartbeat by default: the console reconnects after 2.5 of them without an event. */
export const LIVE_HEARTBEAT_MS = 15_000;

export async function liveRoutes(untyped: FastifyInstance, { bus, database, jwtSecret, heartbeatMs = LIVE_HEARTBEAT_MS }: LiveRoutesOptions): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const spent = databaseSpentTokens(database);
  const alarmLookup = createAlarmLookup(database);
  const open = new Set<ServerResponse>();
  // Open streams would keep the server from closing.
  app.addHook('onClose', async () => {
    for (const raw of open) raw.end();
  });

  app.post(
    '/stream/ticket',
    {
      onRequest: app.authenticate,
      // The stream is read-only: every signed-in role follows it live, readers too.
      config: { writesNothing: true },
      schema: {
        tags: ['live'],
        summary: 'Un ticket de un minuto y un solo uso para abrir /api/sense/stream',
        security,
        ...streamTicketRoute,
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const { token } = await signDownloadToken(user.id, user.rol, 'stream', jwtSecret);
      reply.header('cache-control', 'no-store');
      return { ticket: token, expiresIn: DOWNLOAD_TOKEN_TTL_SECONDS };
    },
  );

  app.get(
    '/stream',
    {
      schema: {
        tags: ['live'],
        summary: 'Eventos en vivo (text/event-stream): lecturas, alertas, reconocimientos, mensajes y episodios',
        description:
          'Con `?token=` un ticket de POST /api/sense/stream/ticket. Eventos `readings`, `alerts`, `acknowledged`, `messages`, ' +
          '`episodes`; `reset` cuando lo perdido desde Last-Event-ID ya no se puede contar (recargue).',
        ...streamRoute,
      },
    },
    async (request, reply) => {
      let claims;
      try {
        claims = await readDownloadToken(request.query.token ?? '', 'stream', jwtSecret);
        // Used up in the database (issue 27, item 4): two workers or instances cannot both take it.
        await spendDownloadToken(claims, spent);
      } catch {
        throw unauthorized('El ticket del flujo en vivo no es válido, ya se usó o ha caducado');
      }
      // The bearer's companies (issue 32), read now (a gone account is refused before the stream
      // opens) and again as the stream goes on (grant-filter.ts, STREAM_GRANT_REFRESH_MS).
      const bearer = { id: claims.userId, email: '', rol: claims.rol, sessionId: null };
      const grant = () => readGrant(app.accountStatus, bearer);
      await grant();
      const grantFilter = createGrantFilter(database, grant, alarmLookup);
      const lastEventId = String(request.headers['last-event-id'] ?? request.query.lastEventId ?? '');
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const write = (event: NumberedEvent) => {
        const { id: _id, ...data } = event;
        raw.write(`id: ${bus.eventId(event)}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      raw.write('retry: 2000\n\n');
      // Subscribe before replaying, so nothing falls between the two. Each event waits for the
      // one before it to be filtered (a lookup may be under way), so they leave in order.
      let written = 0;
      let sending: Promise<void> = Promise.resolve();
      const send = (event: NumberedEvent) => {
        if (event.id <= written) return;
        written = event.id;
        sending = sending.then(async () => {
          try {
            const visible = await grantFilter.filter(event);
            if (visible && !raw.writableEnded) write(visible);
          } catch (error) {
            request.log.warn({ err: error }, 'live: event not filtered; not sent');
          }
        });
      };
      const queued: NumberedEvent[] = [];
      let replaying = true;
      const unsubscribe = bus.subscribe((event) => (replaying ? queued.push(event) : send(event)));
      if (lastEventId) {
        const missed = bus.since(lastEventId);
        if (missed === null) raw.write('event: reset\ndata: {}\n\n');
        else for (const event of missed) send(event);
      }
      for (const event of queued) send(event);
      replaying = false;
      // No id: a heartbeat does not move the Last-Event-ID a reconnect resumes from.
      const beat = `event: heartbeat\ndata: ${JSON.stringify({ intervalMs: heartbeatMs })}\n\n`;
      raw.write(beat);
      const heartbeat = setInterval(() => raw.write(beat), heartbeatMs);
      heartbeat.unref();
      const end = () => {
        clearInterval(heartbeat);
        grantFilter.close();
        unsubscribe();
        open.delete(raw);
      };
      open.add(raw);
      raw.on('close', end);
    },
  );
}
