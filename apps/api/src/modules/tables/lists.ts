import type { TableName } from '@camposense/domain';
import { namedListRoute, tableDefinition } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReadCache } from '../../sense/read-cache';
import { measuredRead } from '../../sense/streaming';
import type { HeavyReadBudget } from '../../sense/streaming';
import { columnRef, tableRef } from '../../sense/sql-names';
import { grantConditions } from '../../sense/scope-condition';
import { grantedLocations, grantOf } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';
import type { TableQueries } from './queries';
import { security } from '../../schemas';

interface NamedList {
  path: string;
  table: TableName;
  summary: string;
  /** The optional parent filter: query parameter → condition on the row alias `t` (within the caller's grant). */
  parent?: { param: string; description: string; condition: (id: number, grant: Grant) => SQL };
}

const equals = (column: string) => (id: number) => sql`${columnRef('t', column)} = ${id}`;

/** api.md's hierarchy and plain lists: every row of one table, optionally under one parent. */
const NAMED_LISTS: readonly NamedList[] = [
  { path: '/paises', table: 'pais', summary: 'Países' },
  {
    path: '/empresas',
    table: 'empresa',
    summary: 'Empresas, opcionalmente de un país',
    parent: { param: 'paisId', description: 'Solo las empresas de este país', condition: equals('paisid') },
  },
  {
    path: '/fundos',
    table: 'fundo',
    summary: 'Fundos, opcionalmente de una empresa',
    parent: { param: 'empresaId', description: 'Solo los fundos de esta empresa', condition: equals('empresaid') },
  },
  {
    path: '/ubicaciones',
    table: 'ubicacion',
    summary: 'Ubicaciones, opcionalmente de un fundo',
    parent: { param: 'fundoId', description: 'Solo las ubicaciones de este fundo', condition: equals('fundoid') },
  },
  {
    path: '/entidades',
    table: 'entidad',
    summary: 'Entidades, opcionalmente las localizadas en una ubicación',
    parent: {
      param: 'ubicacionId',
      description: 'Solo las entidades con una localización en esta ubicación',
      // Entities are placed in locations through localizacion (data-model.md). The entities are
      // global, the location is not: another company's location tells nothing of what it grows.
      condition: (id, grant) => {
        const granted = grantedLocations(grant);
        return sql`exists (select 1 from ${tableRef('localizacion')} l where l.entidadid = ${columnRef('t', 'entidadid')} and l.ubicacionid = ${id}
                           ${granted ? sql`and l.ubicacionid in (${granted})` : sql``})`;
      },
    },
  },
  { path: '/metricas', table: 'metrica', summary: 'Métricas' },
  { path: '/nodos', table: 'nodo', summary: 'Nodos' },
  { path: '/tipos', table: 'tipo', summary: 'Tipos de sensor' },
  { path: '/localizaciones', table: 'localizacion', summary: 'Localizaciones (entidad, ubicación y nodo)' },
];

export function registerListRoutes(app: FastifyInstance, queries: TableQueries, readCache: ReadCache, heavyReads: HeavyReadBudget): void {
  for (const list of NAMED_LISTS) {
    const { parent } = list;
    app.get<{ Querystring: Record<string, number | undefined> }>(
      list.path,
      {
        schema: {
          tags: ['sense'],
          summary: list.summary,
          description: `Todas las filas de ${list.table}, en el orden por defecto de la tabla.`,
          security,
          ...namedListRoute(parent),
        },
      },
      async (request, reply) => {
        const id = parent ? request.query[parent.param] : undefined;
        const grant = await grantOf(request);
        const conditions = [...(parent && id !== undefined ? [parent.condition(id, grant)] : []), ...grantConditions(list.table, 't', grant)];
        // The same rows for every role with the same grant: none of these tables has a column
        // hidden from readers. No reading changes them: an ingest batch leaves them kept.
        return readCache.get(
          `${request.url} ${grant.key}`,
          () => measuredRead(request, reply, heavyReads, () => queries.list(tableDefinition(list.table), { conditions }, null)),
          'none',
        );
      },
    );
  }
}
