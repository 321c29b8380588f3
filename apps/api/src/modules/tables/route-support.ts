import type { AccessLevel, TableDefinition, TableRow, TableWrite } from '@camposense/domain';
import { findTable, isWritableTable, tableWriteLevel } from '@camposense/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../../errors/api-error';
import { grantOf } from '../../security/tenancy';
import { adminOnlyWrite, writeAccessAt } from '../../security/write-access';
import type { WriteAccess } from '../../security/write-access';
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

/** The level a write of the URL's table needs (the write guard's `grantedWrite`): null for an unknown table, as for an admin-only one. */
export const tableWriteLevelOf =
  (write: TableWrite) =>
  (request: FastifyRequest): AccessLevel | null => {
    const definition = findTable((request.params as { table?: string }).table ?? '');
    return definition ? tableWriteLevel(definition.name, write) : null;
  };

/**
 * The grant a write of `definition` is checked against, row by row (issue 32); undefined for a
 * platform admin, who writes everything. The write guard refused an admin-only write already:
 * refused again here so the handler does not lean on it.
 */
export async function writeAccessOf(request: FastifyRequest, definition: TableDefinition, write: TableWrite): Promise<WriteAccess | undefined> {
  if ((await grantOf(request)).all) return undefined;
  const level = tableWriteLevel(definition.name, write);
  if (level === null) throw adminOnlyWrite(definition.name);
  return writeAccessAt(request, level);
}

/** The write's preconditions: its headers (If-Match) and the bearer's grant. */
export const preconditionsOf = async (request: FastifyRequest, definition: TableDefinition, write: TableWrite) => ({
  ifMatch: parseIfMatch(request.headers['if-match']),
  access: await writeAccessOf(request, definition, write),
});

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
