import { reportReadErrors } from '@camposense/domain';

/**
 * What the report routes declare beside their contracts (libs/domain, contracts/reports.ts): the
 * CSV answers, and the table CSV's query (a table status view's search and column filters).
 */

export const security = [{ bearerAuth: [] }];
export const readErrors = reportReadErrors;

export const csvResponse = {
  200: {
    description: 'CSV en UTF-8 con BOM, todas las filas que seleccionan los filtros, en el orden pedido',
    content: { 'text/csv': { schema: { type: 'string' } } },
  },
  ...readErrors,
} as const;

export const tableCsvQuery = {
  type: 'object',
  properties: {
    search: { type: 'string', maxLength: 200, description: 'La búsqueda de la vista de estado' },
    sortBy: { type: 'string', maxLength: 63, description: 'Columna por la que ordenar' },
    sortOrder: { type: 'string', enum: ['asc', 'desc'] },
    tz: { type: 'string', maxLength: 64, description: 'Zona IANA de las fechas (la que muestra la consola); por defecto UTC. Se nombra en la cabecera de cada columna de fecha' },
    scope: { type: 'string', maxLength: 20, description: 'Alcance global `pais:{id}`, `empresa:{id}` o `fundo:{id}`, como en `GET /api/sense/{table}`' },
    token: { type: 'string', maxLength: 2048, description: 'Token de descarga de un solo uso (`report=tabla:{table}`), en lugar de la cabecera Authorization' },
  },
  additionalProperties: { type: 'string', maxLength: 64, description: 'Filtro por igualdad: `{columna}={valor}`, como en la vista de estado' },
} as const;
