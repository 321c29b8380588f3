import { bulkCreateRoute, MAX_BULK_ERRORS, MAX_BULK_ROWS } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { actorOf, massiveTable, tableWriteLevelOf, writeAccessOf } from './route-support';
import type { TableRouteDependencies } from './routes';
import { security } from '../../schemas';

/** Bodies of `POST /{table}/bulk` up to this size (100,000 rows of a threshold with labels fit); larger answer 413. */
export const BULK_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** `POST /{table}/bulk`: the massive import, all rows or none. */
export function registerBulkRoute(app: FastifyInstance, { bulk }: TableRouteDependencies): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:table/bulk',
    {
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      config: { grantedWrite: tableWriteLevelOf('create') },
      schema: {
        tags: ['sense'],
        summary: 'Carga masiva: muchas filas, todas o ninguna',
        description:
          `Solo las tablas con operación masiva (sensor, metricasensor, umbral; las demás 403). Un administrador carga en cualquier empresa; ` +
          'un usuario con concesión, umbrales con el nivel operación o gestión y sondas con gestión, y cada fila solo puede nombrar filas de ' +
          'empresas donde su nivel lo permite (las demás cuentan como inexistentes: `FOREIGN_KEY`, rule `missing`). ' +
          `Hasta ${MAX_BULK_ROWS.toLocaleString('en')} filas (más: 400 con rule \`maxItems\`) y ${BULK_BODY_LIMIT_BYTES / 1024 / 1024} MiB (más: 413). ` +
          'Cada fila se valida como en `POST /{table}`; además, como vienen de un CSV: un texto se lee con el tipo de su columna ' +
          '(`"12"` en una columna entera es 12, `"true"` un booleano) y una celda vacía es un valor ausente (el valor por defecto). ' +
          'Una clave foránea va por id o por etiqueta: el nombre de la fila referenciada o una de sus columnas de búsqueda ' +
          '(nodo: nombre, DevEUI o abreviatura; tipo: nombre; métrica: nombre o abreviatura; ubicación, criticidad: nombre o abreviatura), ' +
          'sin distinguir mayúsculas; una etiqueta repetida (el nombre de un tipo en varias entidades) se decide por las demás claves de la fila ' +
          '(el tipo de una sonda del nodo de la fila, vía sensor y metricasensor). Se comprueba todo el lote: etiquetas desconocidas o ambiguas (`FOREIGN_KEY`, rule `unknownLabel`, `ambiguousLabel`), ' +
          'filas referenciadas que no existen (`missing`), restricciones check (`CONSTRAINT`, rule `check`, o `minAboveMax` para un umbral con mínimo mayor que el máximo), duplicados con filas guardadas (`DUPLICATE`, rule `exists`) ' +
          'y con filas anteriores del lote (rule `repeated`, `limit` = índice de la anterior). ' +
          `Responde 200 \`{ created, dryRun, valid, errors, errorCount }\`: \`errors\` lista hasta ${MAX_BULK_ERRORS} errores en orden de fila ` +
          '(`index` desde 0); con cualquier error no se escribe nada (`created: 0`). `dryRun: true` comprueba todo y no escribe nada. ' +
          'El trabajo va por tramos de 1.000 filas para que las demás peticiones no esperen a la carga entera. En PostgreSQL la escritura es una ' +
          'sola transacción; en PGlite (la base embebida) se escribe por tramos de 250 filas: una carga mayor aparece por tramos mientras se ' +
          'escribe, y si un tramo falla se borran los ya escritos antes de responder el error.',
        security,
        ...bulkCreateRoute,
      },
    },
    async (request) => {
      const definition = massiveTable(request.params.table);
      return bulk.create(definition, request.body.rows, actorOf(request), request.body.dryRun ?? false, await writeAccessOf(request, definition, 'create'));
    },
  );
}
