import type { TableDefinition } from '@camposense/domain';
import {
  createRowRoute,
  deleteCompositeRowRoute,
  deleteRowRoute,
  updateCompositeRowRoute,
  updateRowRoute,
} from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, bodyOf, KEY_QUERY_DOC, preconditionsOf, sendRow, singleKey, tableWriteLevelOf, writableTable } from './route-support';
import type { TableRouteDependencies } from './routes';
import { security } from '../../schemas';
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
  'Cambiar `rol`, `statusid` o `password` cierra las sesiones abiertas del usuario. ' +
  'Un administrador escribe todas las tablas; un usuario con concesión (docs/tenancy.md), solo filas de sus empresas: umbrales con el nivel ' +
  'operación o gestión, los demás datos de la empresa (empresa, fundo, ubicación, localización, nodo, sensor, metricasensor, perfilumbral) con gestión. ' +
  'Fuera de sus empresas, 404; con menos nivel, o en una tabla común a todas (país, catálogos, usuarios, perfiles, contactos), o al crear una empresa o un nodo, 403. ' +
  'Tampoco puede apuntar una fila a otra empresa (404 si la fila nombrada está fuera de su concesión).';

/** `POST /{table}`, `PUT` and `DELETE` of one row (by id, or by a composite key in the query). */
export function registerWriteRoutes(fastify: FastifyInstance, { catalogue, writes }: TableRouteDependencies): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  /** The update of the row at `key` from the request (body, If-Match), answered with its new ETag. */
  const updateRow = async (definition: TableDefinition, key: KeyValues, request: FastifyRequest, reply: FastifyReply) => {
    const row = await writes.update(definition, key, bodyOf(request.body), actorOf(request), await preconditionsOf(request, definition, 'update'));
    return sendRow(catalogue, definition, row, reply);
  };

  app.post(
    '/:table',
    {
      config: { grantedWrite: tableWriteLevelOf('create') },
      schema: {
        tags: ['sense'],
        summary: 'Crea una fila',
        description: `${WRITE_RULES} La respuesta lleva el \`ETag\` de la fila creada.`,
        security,
        ...createRowRoute,
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      const row = await writes.insert(definition, bodyOf(request.body), actorOf(request), await preconditionsOf(request, definition, 'create'));
      return sendRow(catalogue, definition, row, reply, 201);
    },
  );

  app.put(
    '/:table/composite',
    {
      config: { grantedWrite: tableWriteLevelOf('update') },
      schema: {
        tags: ['sense'],
        summary: 'Actualiza la fila de una clave compuesta (la clave en la query)',
        description: `${KEY_QUERY_DOC}Falta una parte de la clave → 400 (rule \`required\`). ${ETAG_DOC} ${WRITE_RULES}`,
        security,
        ...updateCompositeRowRoute,
      },
    },
    async (request, reply) => updateRow(writableTable(request.params.table), request.query, request, reply),
  );

  app.put(
    '/:table/:id',
    {
      config: { grantedWrite: tableWriteLevelOf('update') },
      schema: {
        tags: ['sense'],
        summary: 'Actualiza una fila por su id',
        description: `404 si no existe. ${ETAG_DOC} ${WRITE_RULES}`,
        security,
        ...updateRowRoute,
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      return updateRow(definition, singleKey(definition, request.params.id), request, reply);
    },
  );

  app.delete(
    '/:table/composite',
    {
      config: { grantedWrite: tableWriteLevelOf('delete') },
      schema: {
        tags: ['sense'],
        summary: 'Borra la fila de una clave compuesta (la clave en la query)',
        description: `${KEY_QUERY_DOC}204; 404 si no existe; 409 FOREIGN_KEY mientras otras filas la referencian, con \`details\` por tabla que la referencia (rule \`referencedBy\`, \`field\` la tabla, \`limit\` cuántas filas, \`message\` sus columnas) y el mensaje que las nombra; 412 si \`If-Match\` no es la versión actual.`,
        security,
        ...deleteCompositeRowRoute,
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      await writes.remove(definition, request.query, actorOf(request), await preconditionsOf(request, definition, 'delete'));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/:table/:id',
    {
      config: { grantedWrite: tableWriteLevelOf('delete') },
      schema: {
        tags: ['sense'],
        summary: 'Borra una fila por su id',
        description: '204; 404 si no existe; 409 FOREIGN_KEY mientras otras filas la referencian, con `details` por tabla que la referencia (rule `referencedBy`, `field` la tabla, `limit` cuántas filas, `message` sus columnas) y el mensaje que las nombra; 412 si `If-Match` no es la versión actual.',
        security,
        ...deleteRowRoute,
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      await writes.remove(definition, singleKey(definition, request.params.id), actorOf(request), await preconditionsOf(request, definition, 'delete'));
      return reply.status(204).send();
    },
  );
}
