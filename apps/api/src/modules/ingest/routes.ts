import { createIngestKeyRoute, ingestKeysRoute, ingestReadingsRoute, ingestStatusRoute, MAX_BATCH_STATUS_EVENTS, revokeIngestKeyRoute } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound, unauthorized } from '../../errors/api-error';
import { requireRole } from '../../security/require-role';
import type { IngestKeys } from './queries';
import { IngestBusyError, parseStatusEvent } from '@camposense/server-ingest';
import type { IngestReading, IngestService, IngestStatus, Rejection } from '@camposense/server-ingest';
import { security } from '../../schemas';

/** 10,000 readings of up to about 200 bytes each (a typical one is about 110). */
export const INGEST_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface IngestRoutesOptions {
  ingest: IngestService;
  keys: IngestKeys;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The ingest key that authenticated a POST /api/ingest/readings. */
    ingestKeyId: number | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's writes tell the read cache what they changed themselves (a batch forgets what
     * follows its nodes' readings), so its answer does not clear the whole cache.
     */
    forgetsItsOwnReads?: boolean;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const TAGS = ['ingest'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;
const isShortText = (value: unknown, max: number) => typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * One item of `readings` as the service takes it, or why it cannot be: the body's shape is checked
 * here, reading by reading, so one bad item is one rejection, not a refused batch.
 */
export function parseReadingItem(item: unknown, index: number): IngestReading | Rejection {
  const invalid = (message: string): Rejection => ({ index, code: 'INVALID_READING', message });
  if (!isObject(item)) return invalid('La lectura debe ser un objeto');
  const { deveui, nodoid, tipoid, metricaid, metricaabrev, fecha, medicion } = item;
  if ((deveui === undefined) === (nodoid === undefined)) return invalid('Indique deveui o nodoid (uno de los dos)');
  if (deveui !== undefined && !isShortText(deveui, 16)) return invalid('deveui debe ser texto de 16 caracteres hexadecimales');
  if (nodoid !== undefined && !isId(nodoid)) return invalid('nodoid debe ser un entero positivo');
  if (tipoid !== undefined && !isId(tipoid)) return invalid('tipoid debe ser un entero positivo');
  if ((metricaid === undefined) === (metricaabrev === undefined)) return invalid('Indique metricaid o metricaabrev (uno de los dos)');
  if (metricaid !== undefined && !isId(metricaid)) return invalid('metricaid debe ser un entero positivo');
  if (metricaabrev !== undefined && !isShortText(metricaabrev, 10)) return invalid('metricaabrev debe ser texto de hasta 10 caracteres');
  if (typeof fecha !== 'string') return { index, code: 'INVALID_DATE', message: 'fecha debe ser texto ISO 8601' };
  return {
    deveui: deveui as string | undefined,
    nodoid: nodoid as number | undefined,
    tipoid: tipoid as number | undefined,
    metricaid: metricaid as number | undefined,
    metricaabrev: metricaabrev as string | undefined,
    fecha,
    medicion,
  };
}

/**
 * One item of `events` (a ChirpStack status event, the body's `deviceInfo.devEui` naming the
 * device), or why it cannot be stored: the MQTT path's parser, so both refuse the same values.
 */
export function parseStatusItem(item: unknown, index: number, receivedAt: Date): IngestStatus | Rejection {
  const parsed = parseStatusEvent(item, null, receivedAt);
  if (parsed.status) return parsed.status;
  if (parsed.refused === 'no-deveui') return { index, code: 'INVALID_READING', message: 'deviceInfo.devEui debe ser texto de 16 caracteres hexadecimales' };
  if (parsed.refused === 'bad-value' && parsed.field === 'time') return { index, code: 'INVALID_DATE', message: 'time debe ser texto ISO 8601' };
  if (parsed.refused === 'bad-value') return { index, code: 'INVALID_VALUE', message: `${parsed.field ?? 'El valor'} no es válido` };
  return { index, code: 'INVALID_READING', message: 'El evento debe ser un objeto' };
}

/** What a batch that lost every try to a conflict answers: nothing was stored, and it may come again. */
function busy(error: unknown, request: FastifyRequest, reply: FastifyReply, items: number): never {
  if (!(error instanceof IngestBusyError)) throw error;
  request.log.warn({ err: error, items }, 'ingest batch refused after conflicts; the sender is told to retry');
  void reply.header('retry-after', String(error.retryAfterSeconds));
  throw new ApiError(503, 'DATABASE_UNAVAILABLE', 'La base de datos está ocupada con otros lotes; reintente el mismo lote en unos segundos');
}

/** A batch's items parsed one by one: those the service takes (with their places in the batch) and those refused here. */
function parseItems<Item>(items: readonly unknown[], parse: (item: unknown, index: number) => Item | Rejection) {
  const parsed: Item[] = [];
  const positions: number[] = [];
  const rejected: Rejection[] = [];
  items.forEach((item, index) => {
    const result = parse(item, index);
    if (typeof result === 'object' && result !== null && 'code' in result) rejected.push(result);
    else {
      parsed.push(result as Item);
      positions.push(index);
    }
  });
  return { parsed, positions, rejected };
}

/** The service numbers what it was given; the sender's numbering is the batch's. */
function inSenderOrder(refusedHere: Rejection[], refusedByService: Rejection[], positions: number[]): Rejection[] {
  const all = [...refusedHere, ...refusedByService.map((rejection) => ({ ...rejection, index: positions[rejection.index] ?? -1 }))];
  return all.sort((left, right) => left.index - right.index);
}

/**
 * /api/ingest: readings and device status events in batches with an ingest key (alarms.md, "HTTP
 * batch"), and the keys, which only an admin creates, lists and revokes.
 */
export async function ingestRoutes(fastify: FastifyInstance, { ingest, keys }: IngestRoutesOptions): Promise<void> {
  fastify.decorateRequest('ingestKeyId', null);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The key is checked before the body is read: an unknown sender costs no parsing.
  const withIngestKey = async (request: FastifyRequest) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('Falta la clave de ingesta');
    const claveingestaid = await keys.verify(match[1]);
    if (claveingestaid === null) throw unauthorized('La clave de ingesta no es válida o fue revocada');
    request.ingestKeyId = claveingestaid;
  };
  app.post(
    '/readings',
    {
      bodyLimit: INGEST_BODY_LIMIT_BYTES,
      config: { forgetsItsOwnReads: true },
      schema: {
        tags: TAGS,
        summary: 'Guarda un lote de lecturas (hasta 10 000) en una transacción, con sus alertas',
        description:
          'Autorización: `Bearer <clave de ingesta>`. Cada lectura: `{ deveui | nodoid, tipoid?, metricaid | metricaabrev, fecha, medicion }`. ' +
          'Una lectura repetida (nodo, sonda, métrica, fecha) se cuenta en `duplicates`; una que no se puede guardar, en `rejected` con su índice ' +
          '(`FUTURE_DATE`: más de INGEST_MAX_FUTURE_SECONDS, 300 por omisión, por delante del reloj del servidor; `TOO_OLD`: anterior a INGEST_MAX_AGE_DAYS días, 400 por omisión, o a 2000). ' +
          'Un lote que choca con otros (bloqueo mutuo) se reintenta solo; si aun así no entra, 503 con `Retry-After`: no se guardó nada y el mismo lote puede enviarse de nuevo.',
        security: [{ ingestKey: [] }],
        ...ingestReadingsRoute,
      },
      onRequest: withIngestKey,
    },
    async (request, reply) => {
      const { parsed: readings, positions, rejected } = parseItems<IngestReading>(request.body.readings, parseReadingItem);
      let result: Awaited<ReturnType<IngestService['ingest']>>;
      try {
        result = await ingest.ingest(readings);
      } catch (error) {
        // Every try lost to another batch (a deadlock or serialization conflict): nothing was
        // stored, and the same batch sent again goes in.
        busy(error, request, reply, readings.length);
      }
      // Marked only for a batch that was read: a refused body leaves no trace.
      if (request.ingestKeyId !== null) await keys.markUsed(request.ingestKeyId);
      return { accepted: result.accepted, duplicates: result.duplicates, rejected: inSenderOrder(rejected, result.rejected, positions) };
    },
  );

  app.post(
    '/status',
    {
      config: { forgetsItsOwnReads: true },
      schema: {
        tags: TAGS,
        summary: `Guarda un lote de eventos de estado de dispositivos (ChirpStack \`event/status\`, hasta ${MAX_BATCH_STATUS_EVENTS}), con sus alertas`,
        description:
          'Autorización: `Bearer <clave de ingesta>`. Cada evento, como lo escribe ChirpStack v4: `{ deviceInfo: { devEui }, time?, batteryLevel?, batteryLevelUnavailable?, margin?, externalPowerSource? }` ' +
          '(batería en %, 0–100; margen en dB, −32–31). El nivel de batería es además una lectura de la métrica BAT del nodo, donde una sonda la mide, ' +
          'y se compara con sus umbrales como cualquier lectura. Un evento repetido (nodo, time) se cuenta en `duplicates`; uno que no se puede guardar, en `rejected` con su índice.',
        security: [{ ingestKey: [] }],
        ...ingestStatusRoute,
      },
      onRequest: withIngestKey,
    },
    async (request, reply) => {
      const receivedAt = new Date();
      const { parsed: statuses, positions, rejected } = parseItems<IngestStatus>(request.body.events, (item, index) => parseStatusItem(item, index, receivedAt));
      let result: Awaited<ReturnType<IngestService['ingest']>>;
      try {
        result = await ingest.ingest([], { statuses });
      } catch (error) {
        busy(error, request, reply, statuses.length);
      }
      if (request.ingestKeyId !== null) await keys.markUsed(request.ingestKeyId);
      const { accepted, duplicates } = result.statuses;
      return { accepted, duplicates, rejected: inSenderOrder(rejected, result.statuses.rejected, positions) };
    },
  );

  await app.register(async (plugin) => {
    plugin.addHook('onRequest', plugin.authenticate);
    plugin.addHook('onRequest', requireRole(plugin, 'admin'));
    const admin = plugin.withTypeProvider<TypeBoxTypeProvider>();

    admin.get(
      '/keys',
      {
        schema: {
          tags: TAGS,
          summary: 'Las claves de ingesta (sin la clave: solo su prefijo)',
          security,
          ...ingestKeysRoute,
        },
      },
      async () => keys.list(),
    );

    admin.post(
      '/keys',
      {
        schema: {
          tags: TAGS,
          summary: 'Crea una clave de ingesta; la respuesta la muestra una sola vez',
          security,
          ...createIngestKeyRoute,
        },
      },
      async (request, reply) => {
        const created = await keys.create(request.body.nombre.trim(), request.user?.id ?? 0);
        return reply.status(201).header('cache-control', 'no-store').send(created);
      },
    );

    admin.delete(
      '/keys/:claveingestaid',
      {
        schema: {
          tags: TAGS,
          summary: 'Revoca una clave de ingesta: deja de aceptarse en el acto',
          security,
          ...revokeIngestKeyRoute,
        },
      },
      async (request, reply) => {
        if (!(await keys.revoke(request.params.claveingestaid, request.user?.id ?? 0))) throw notFound('La clave de ingesta no existe');
        return reply.status(204).send();
      },
    );
  });
}
