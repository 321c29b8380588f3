import type { TableDefinition, TableRow } from '@camposense/domain';
import { findTable, isWritableTable } from '@camposense/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../../errors/api-error';
import type { Catalogue } from '../../sense/catalogue';
import { parseIfMatch, rowEtag } from './row-etag';
import type { KeyValues } from './writes';

// What the table routes of /api/sense share: the URL's table, its key, the writer, the row's ETag.

/** The registry entry of the URL's table: 404 for anything else ('../usuario', 'pg_user', …). */
export function registeredTable(name: string): TableDefinition {
  const definition = findTable(name);
  if (!definition) throw notFound('Tabla desconocida');
  return definition;
}

/** A table the API writes: 403 for the read-only ones (readings, alerts, messages, the audit log). */
export function writableTable(name: string): TableDefinition {
  const definition = registeredTable(name);
  if (!isWritableTable(definition)) throw new ApiError(403, 'FORBIDDEN', `La tabla ${definition.name} es de solo lectura`);
  return definition;
}

/** A single-column key from `/{table}/{id}`; composite-key tables take `/{table}/composite?…`. */
export function singleKey(definition: TableDefinition, id: number): KeyValues {
  const [column, ...rest] = definition.key;
  if (!column || rest.length > 0) {
    throw new ApiError(400, 'BAD_REQUEST', `La clave de ${definition.name} es compuesta: use /${definition.name}/composite?${definition.key.join('=&')}=`);
  }
  return { [column]: id };
}

export const actorOf = (request: FastifyRequest) => {
  if (!request.user) throw new ApiError(401, 'UNAUTHORIZED');
  return { id: request.user.id, sessionId: request.user.sessionId };
};

export const bodyOf = (body: unknown) => body as Record<string, unknown>;

/** The write's preconditions from its headers (If-Match). */
export const preconditionsOf = (request: FastifyRequest) => ({ ifMatch: parseIfMatch(request.headers['if-match']) });

/** A table whose massive operation the spec gives (sensor, metricasensor, umbral): 403 for the others. */
export function massiveTable(name: string): TableDefinition {
  const definition = writableTable(name);
  if (!definition.operations.includes('massive')) throw new ApiError(403, 'FORBIDDEN', `La tabla ${definition.name} no admite carga masiva`);
  return definition;
}

/** Answers one row with its ETag (the version `If-Match` expects next), with `status`. */
export async function sendRow(catalogue: Catalogue, definition: TableDefinition, row: TableRow, reply: FastifyReply, status = 200): Promise<FastifyReply> {
  return reply.status(status).header('etag', rowEtag(await catalogue.table(definition), row)).send(row);
}

export const KEY_QUERY_DOC =
  'La clave va en la query: cada columna de la clave compuesta de la tabla, p. ej. `?nodoid=1&tipoid=2` ' +
  '(sensor), `?entidadid=&ubicacionid=&nodoid=` (localizacion). ';
