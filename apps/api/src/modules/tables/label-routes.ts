import { labelsRoute, MAX_LABEL_PAGE_SIZE } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error';
import { isReader, readerHiddenColumns } from '../../security/reader-view';
import { grantOf } from '../../security/tenancy';
import { checkFilterValue } from '../../sense/row-values';
import { grantConditions } from '../../sense/scope-condition';
import { columnRef } from '../../sense/sql-names';
import { measuredRead } from '../../sense/streaming';
import { hasLabels, labelPage } from './labels';
import { validationError } from './queries';
import { registeredTable } from './route-support';
import type { TableRouteDependencies } from './routes';
import { security } from '../../schemas';

/** The query keys of `/{table}/labels` that are not parent filters. */
const LABEL_PARAMETERS = new Set(['ids', 'search', 'page', 'pageSize']);

/** `GET /{table}/labels`: what a foreign key shows instead of its id, by ids or searching. */
export function registerLabelRoute(app: FastifyInstance, { catalogue, database, heavyReads }: TableRouteDependencies): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:table/labels',
    {
      schema: {
        tags: ['sense'],
        summary: 'Etiquetas de las filas de una tabla referenciada: por ids o buscando, paginadas',
        description:
          'Lo que una clave foránea muestra en lugar de su id (el nombre de la empresa, no `empresaid 3`): ' +
          '`{ id, label }` en orden de etiqueta, la etiqueta son las columnas de nombre de la tabla unidas por un espacio. ' +
          `\`ids=3,7,9\` (hasta ${MAX_LABEL_PAGE_SIZE}) nombra las filas de una página de otra tabla con una sola consulta; ` +
          '`search` busca sin distinguir mayúsculas en la etiqueta y en las columnas de búsqueda (DevEUI del nodo, abreviatura de la métrica), ' +
          'para los selects con búsqueda; las demás claves filtran por igualdad (`?paisid=1` para las empresas de un país). ' +
          'Las tablas sin etiqueta (las de clave compuesta) responden 400. Un lector no obtiene etiquetas hechas de correos o teléfonos (403).',
        security,
        ...labelsRoute,
      },
    },
    async (request, reply) => {
      const definition = registeredTable(request.params.table);
      if (!hasLabels(definition)) throw new ApiError(400, 'BAD_REQUEST', `La tabla ${definition.name} no tiene etiqueta: sus filas se nombran por su clave`);
      const hidden = isReader(request.user) ? readerHiddenColumns(definition.name) : [];
      if ([...definition.labelColumns, ...definition.lookupColumns].some((column) => hidden.includes(column))) {
        throw new ApiError(403, 'FORBIDDEN', `Su rol no permite ver las etiquetas de ${definition.name}`);
      }
      const table = await catalogue.table(definition);
      // A row outside the grant has no label for this user: it is not there (issue 32).
      const conditions: SQL[] = grantConditions(definition.name, 'r', await grantOf(request));
      const problems = [];
      for (const [key, raw] of Object.entries(request.query)) {
        if (LABEL_PARAMETERS.has(key)) continue;
        const column = table.columns.get(key);
        if (!column || definition.hiddenColumns.includes(key) || hidden.includes(key)) {
          problems.push({ field: key, rule: 'unknown' });
          continue;
        }
        const checked = checkFilterValue(column, raw);
        if (checked.ok) conditions.push(sql`${columnRef('r', key)} = ${checked.value}`);
        else problems.push(checked.detail);
      }
      const ids = request.query.ids?.split(',').map(Number);
      if (ids && ids.length > MAX_LABEL_PAGE_SIZE) problems.push({ field: 'ids', rule: 'maxItems', limit: MAX_LABEL_PAGE_SIZE });
      if (problems.length > 0) throw validationError(problems);
      const pageSize = request.query.pageSize ?? MAX_LABEL_PAGE_SIZE;
      return measuredRead(request, reply, heavyReads, () =>
        labelPage(database, definition, { ids, search: request.query.search, page: request.query.page ?? 1, pageSize, conditions }),
      );
    },
  );
}
