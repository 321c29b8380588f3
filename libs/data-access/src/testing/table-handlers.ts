import { parseTableScope, REPORT_PAGE_SIZE, rowLabel, SCOPE_LINKS, tableDefinition, isTableName } from '@camposense/domain';
import type { ApiErrorBody, LabelPage, PaginatedRows, TableColumn, TableConstraint, TableName, TableRow, TableScope } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import { tableFixtures } from './table-fixtures';

const internalError = () =>
  HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 });

function compare(left: unknown, right: unknown): number {
  if (left === right) return 0;
  if (left === null || left === undefined) return 1;
  if (right === null || right === undefined) return -1;
  return typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
}

const LIST_PARAMETERS = new Set(['page', 'pageSize', 'search', 'sortBy', 'sortOrder', 'limit', 'scope']);

/** The API's `scope` over the fixtures: the row reaches the scope's row through SCOPE_LINKS' joins. */
function inScope(table: TableName, row: TableRow, scope: TableScope): boolean {
  const link = SCOPE_LINKS[table];
  if (!link) return false;
  const value = row[link.column];
  if (link.through === scope.level && link.column === `${scope.level}id`) return value === scope.id;
  return (tableFixtures[link.through]?.rows ?? []).some((parent) => parent[link.column] === value && inScope(link.through, parent, scope));
}

/** The API's list over the fixture rows: search over the registry's text columns, sort, page. */
function answer(table: string, params: URLSearchParams, rowsOverride?: TableRow[]): TableRow[] | PaginatedRows {
  const rows = rowsOverride ?? (isTableName(table) ? (tableFixtures[table]?.rows ?? []) : []);
  const definition = isTableName(table) ? tableDefinition(table) : undefined;
  const search = params.get('search')?.trim().toLowerCase();
  // Any other parameter filters by equality, as the API's (`?fundoid=3`: the global farm's locations).
  const filters = [...params.entries()].filter(([name]) => !LIST_PARAMETERS.has(name));
  let selected = rows.filter((row) => filters.every(([column, value]) => String(row[column]) === value));
  const scope = parseTableScope(params.get('scope') ?? '');
  if (scope && isTableName(table)) selected = selected.filter((row) => inScope(table, row, scope));
  if (search)
    selected = selected.filter((row) => (definition?.searchColumns ?? []).some((column) => String(row[column] ?? '').toLowerCase().includes(search)));
  const sortBy = params.get('sortBy');
  if (sortBy) {
    const sign = params.get('sortOrder') === 'desc' ? -1 : 1;
    selected = [...selected].sort((left, right) => sign * compare(left[sortBy], right[sortBy]));
  }
  if (!params.has('page') && !params.has('pageSize')) return selected.slice(0, Number(params.get('limit') ?? 1000));
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? REPORT_PAGE_SIZE);
  const total = selected.length;
  return { data: selected.slice((page - 1) * pageSize, page * pageSize), pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
}

const LABEL_PARAMETERS = new Set(['ids', 'search', 'page', 'pageSize']);

/** `/{table}/labels` over the fixture rows: the label columns joined as the API joins them, by ids or searched. */
function labels(table: string, params: URLSearchParams): LabelPage {
  const definition = isTableName(table) ? tableDefinition(table) : undefined;
  const rows = definition ? (tableFixtures[definition.name]?.rows ?? []) : [];
  const key = definition?.key[0] ?? '';
  const ids = params.get('ids')?.split(',').map(Number);
  const search = params.get('search')?.trim().toLowerCase();
  // Any other parameter filters by equality, as the API's (`?paisid=1`: a country's companies).
  const filters = [...params.entries()].filter(([name]) => !LABEL_PARAMETERS.has(name));
  const options = rows
    .filter((row) => filters.every(([column, value]) => String(row[column]) === value))
    .map((row) => ({ id: Number(row[key]), label: definition ? rowLabel(definition, row) : '' }))
    .filter((option) => (ids ? ids.includes(option.id) : true) && (search ? option.label.toLowerCase().includes(search) : true))
    .sort((left, right) => left.label.localeCompare(right.label) || left.id - right.id);
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 100);
  return { data: options.slice((page - 1) * pageSize, page * pageSize), pagination: { page, pageSize, total: options.length, totalPages: Math.ceil(options.length / pageSize) } };
}

const metaHandlers = [
  http.get('/api/sense/:table/labels', ({ params, request }) => HttpResponse.json<LabelPage>(labels(String(params['table']), new URL(request.url).searchParams))),
  http.get('/api/sense/:table/columns', ({ params }) =>
    HttpResponse.json<TableColumn[]>(isTableName(String(params['table'])) ? (tableFixtures[params['table'] as 'pais']?.columns ?? []) : []),
  ),
  http.get('/api/sense/:table/constraints', ({ params }) =>
    HttpResponse.json<TableConstraint[]>(isTableName(String(params['table'])) ? (tableFixtures[params['table'] as 'pais']?.constraints ?? []) : []),
  ),
];

/** MSW handlers of the generic table calls, typed against the API's own shapes. */
export const tableHandlers = {
  /** Every fixture table answers, searched, sorted and paged like the API. */
  loaded: () => [
    ...metaHandlers,
    http.get('/api/sense/:table', ({ params, request }) =>
      HttpResponse.json<TableRow[] | PaginatedRows>(answer(String(params['table']), new URL(request.url).searchParams)),
    ),
  ],
  /** The table holds no rows (its references still answer). */
  empty: (table: string) => [
    ...metaHandlers,
    http.get('/api/sense/:table', ({ params, request }) =>
      HttpResponse.json<TableRow[] | PaginatedRows>(
        answer(String(params['table']), new URL(request.url).searchParams, params['table'] === table ? [] : undefined),
      ),
    ),
  ],
  loading: () => [
    http.get('/api/sense/:table/columns', () => delay('infinite')),
    http.get('/api/sense/:table/labels', () => delay('infinite')),
    http.get('/api/sense/:table', () => delay('infinite')),
  ],
  error: () => [http.get('/api/sense/:table/columns', internalError), http.get('/api/sense/:table', internalError)],
};
