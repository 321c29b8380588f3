import type { TableDefinition } from '@camposense/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, bodyOf, KEY_QUERY_DOC, preconditionsOf, setEtag, singleKey, writableTable } from './route-support';
import type { RowParams, TableParams } from './route-support';
import type { TableRouteDependencies } from './routes';
import { ifMatchHeader, keyQuery, rowParams, rowSchema, security, tableParams, writeErrors } from './schemas';
import type { KeyValues } from './writes';

const ETAG_DOC =
  'La respuesta lleva `ETag` (la versión de la fila). Con `If-Match: <etag>` la escritura solo se hace si la fila ' +
  'sigue en esa versión; si otro la cambió antes, 412 PRECONDITION_FAILED y nada cambia.';

const WRITE_RULES =
  'El cuerpo se valida contra el catálogo: columna desconocida (rule `unknown`), tipo (`type`, `format`), ' +
  'nulo en columna obligatoria (`required`), texto demasiado largo (`maxLength` con `limit`). ' +
  'Las columnas de identidad y de auditoría (usercreatedid, datecreated, usermodifiedid, datemodified) ' +
  'y password_hash no se aceptan: responden 400 con rule `readOnly`; el servidor las rellena con el usuario de la sesión. ' +
  '`usuario` recibe `password`: de 10 a 1024 caracteres, distinta del correo y difícil de adivinar (ni común, ni repetida, ' +
  'ni secuencia, ni el nombre del usuario; si no, rule `weakPassword`, o `maxLength` con `limit`); `login` se guarda en minúsculas. ' +
  'Cambiar `rol`, `statusid` o `password` cierra las sesiones abiertas del usuario.';

/** `POST /{table}`, `PUT` and `DELETE` of one row (by id, or by a composite key in the query). */
export function registerWriteRoutes(app: FastifyInstance, { catalogue, writes }: TableRouteDependencies): void {
  /** The update of the row at `key` from the request (body, If-Match), answered with its new ETag. */
  const updateRow = async (definition: TableDefinition, key: KeyValues, request: FastifyRequest, reply: FastifyReply) => {
    const row = await writes.update(definition, key, bodyOf(request.body), actorOf(request), preconditionsOf(request));
    await setEtag(catalogue, definition, row, reply);
    return reply.send(row);
  };

  app.post<{ Params: TableParams; Body: Record<string, unknown> }>(
    '/:table',
    {
      schema: {
        tags: ['sense'],
        summary: 'Crea una fila',
        description: `${WRITE_RULES} La respuesta lleva el \`ETag\` de la fila creada.`,
        security,
        params: tableParams,
        body: { type: 'object', description: 'Columna → valor' },
        response: { 201: rowSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      const row = await writes.insert(definition, bodyOf(request.body), actorOf(request));
      await setEtag(catalogue, definition, row, reply);
      return reply.status(201).send(row);
    },
  );

  app.put<{ Params: TableParams; Querystring: Record<string, string>; Body: Record<string, unknown> }>(
    '/:table/composite',
    {
      schema: {
        tags: ['sense'],
        summary: 'Actualiza la fila de una clave compuesta (la clave en la query)',
        description: `${KEY_QUERY_DOC}Falta una parte de la clave → 400 (rule \`required\`). ${ETAG_DOC} ${WRITE_RULES}`,
        security,
        params: tableParams,
        querystring: keyQuery,
        headers: ifMatchHeader,
        body: { type: 'object', description: 'Columna → valor nuevo' },
        response: { 200: rowSchema, ...writeErrors },
      },
    },
    async (request, reply) => updateRow(writableTable(request.params.table), request.query, request, reply),
  );

  app.put<{ Params: RowParams; Body: Record<string, unknown> }>(
    '/:table/:id',
    {
      schema: {
        tags: ['sense'],
        summary: 'Actualiza una fila por su id',
        description: `404 si no existe. ${ETAG_DOC} ${WRITE_RULES}`,
        security,
        params: rowParams,
        headers: ifMatchHeader,
        body: { type: 'object', description: 'Columna → valor nuevo' },
        response: { 200: rowSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      return updateRow(definition, singleKey(definition, request.params.id), request, reply);
    },
  );

  app.delete<{ Params: TableParams; Querystring: Record<string, string> }>(
    '/:table/composite',
    {
      schema: {
        tags: ['sense'],
        summary: 'Borra la fila de una clave compuesta (la clave en la query)',
        description: `${KEY_QUERY_DOC}204; 404 si no existe; 409 FOREIGN_KEY mientras otras filas la referencian, con \`details\` por tabla que la referencia (rule \`referencedBy\`, \`field\` la tabla, \`limit\` cuántas filas, \`message\` sus columnas) y el mensaje que las nombra; 412 si \`If-Match\` no es la versión actual.`,
        security,
        params: tableParams,
        querystring: keyQuery,
        headers: ifMatchHeader,
        response: { 204: { type: 'null', description: 'Borrada' }, ...writeErrors },
      },
    },
    async (request, reply) => {
      await writes.remove(writableTable(request.params.table), request.query, actorOf(request), preconditionsOf(request));
      return reply.status(204).send();
    },
  );

  app.delete<{ Params: RowParams }>(
    '/:table/:id',
    {
      schema: {
        tags: ['sense'],
        summary: 'Borra una fila por su id',
        description: '204; 404 si no existe; 409 FOREIGN_KEY mientras otras filas la referencian, con `details` por tabla que la referencia (rule `referencedBy`, `field` la tabla, `limit` cuántas filas, `message` sus columnas) y el mensaje que las nombra; 412 si `If-Match` no es la versión actual.',
        security,
        params: rowParams,
        headers: ifMatchHeader,
        response: { 204: { type: 'null', description: 'Borrada' }, ...writeErrors },
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      await writes.remove(definition, singleKey(definition, request.params.id), actorOf(request), preconditionsOf(request));
      return reply.status(204).send();
    },
  );
}
