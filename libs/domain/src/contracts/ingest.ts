/**
 * Ingest (alarms.md, "HTTP batch"): `POST /api/ingest/readings` with an ingest key, and the keys
 * an admin creates, lists and revokes (`/api/ingest/keys`). auth.ts keeps the names the console's
 * settings always used (`IngestKey`, `CreatedIngestKey`).
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { MAX_INTEGER_ID, errorResponses, Lenient, NoContent, Nullable } from './common';

/** The most readings one HTTP batch may carry (alarms.md); the MQTT subscriber's batches too. */
export const MAX_BATCH_READINGS = 10_000;

/**
 * A batch: each item is checked by the route, reading by reading (one bad item is one rejection,
 * not a refused batch), so the schema only bounds the list.
 */
export const IngestBatchBodySchema = Type.Object(
  { readings: Type.Array(Type.Unknown(), { maxItems: MAX_BATCH_READINGS }) },
  { additionalProperties: false },
);

/** A reading that could not be stored, by its position in the batch. */
export const IngestRejectionSchema = Type.Object({ index: Type.Integer(), code: Type.String(), message: Type.String() });

export const IngestBatchResultSchema = Type.Object({
  accepted: Type.Integer(),
  duplicates: Type.Integer(),
  rejected: Type.Array(IngestRejectionSchema),
});

const keyProperties = {
  claveingestaid: Type.Integer(),
  nombre: Type.String(),
  prefijo: Type.String({ description: 'Los primeros caracteres de la clave, para distinguirla' }),
  statusid: Type.Integer({ description: '1 activa, 0 revocada' }),
  datecreated: Nullable(Type.String()),
  ultimouso: Nullable(Type.String()),
};
const keyRequired = ['claveingestaid', 'nombre', 'prefijo', 'statusid'] as const;

/** `GET /api/ingest/keys`: an ingest key as listed (admins only): never the key itself. */
export const IngestKeySchema = Lenient(Type.Object(keyProperties), { required: keyRequired });
export type IngestKey = Static<typeof IngestKeySchema>;

/** `POST /api/ingest/keys`: the new key, with `clave` shown this once. */
export const CreatedIngestKeySchema = Lenient(Type.Object({ ...keyProperties, clave: Type.String() }), { required: [...keyRequired, 'clave'] });
export type CreatedIngestKey = Static<typeof CreatedIngestKeySchema>;

export const CreateIngestKeyBodySchema = Type.Object(
  { nombre: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }) },
  { additionalProperties: false },
);

export const ingestReadingsRoute = {
  body: IngestBatchBodySchema,
  response: { 200: IngestBatchResultSchema, ...errorResponses(400, 401, 413, 500, 503) },
} as const;
export const ingestKeysRoute = { response: { 200: Type.Array(IngestKeySchema), ...errorResponses(401, 403, 500) } } as const;
export const createIngestKeyRoute = {
  body: CreateIngestKeyBodySchema,
  response: { 201: CreatedIngestKeySchema, ...errorResponses(400, 401, 403, 500) },
} as const;
export const revokeIngestKeyRoute = {
  params: Type.Object({ claveingestaid: Type.Integer({ minimum: 1, maximum: MAX_INTEGER_ID }) }),
  response: { 204: NoContent(), ...errorResponses(400, 401, 403, 404, 500) },
} as const;

/** The most device status events one `POST /api/ingest/status` may carry. */
export const MAX_BATCH_STATUS_EVENTS = 1000;

/**
 * A batch of ChirpStack v4 status events (`event/status`, as its JSON marshaler writes them:
 * `deviceInfo.devEui`, `time`, `batteryLevel`, `batteryLevelUnavailable`, `margin`,
 * `externalPowerSource`), checked event by event like readings.
 */
export const IngestStatusBodySchema = Type.Object(
  { events: Type.Array(Type.Unknown(), { maxItems: MAX_BATCH_STATUS_EVENTS }) },
  { additionalProperties: false },
);

export const ingestStatusRoute = {
  body: IngestStatusBodySchema,
  response: { 200: IngestBatchResultSchema, ...errorResponses(400, 401, 413, 500, 503) },
} as const;
