import { isTableName, tableDefinition } from '@camposense/domain';
import type { ApiErrorBody, ApiErrorCode, ApiErrorDetail, BulkCreateError, BulkCreateRequest, BulkCreateResult, TableRow } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import { FIXTURE_NOW } from './fixtures';
import { tableFixtures } from './table-fixtures';

/** The version the fixtures' rows answer with, and the one after a save. */
export const FIXTURE_ETAG = '"fixture-v1"';
const SAVED_ETAG = '"fixture-v2"';

const errorBody = (status: number, code: ApiErrorCode, message: string, details?: ApiErrorDetail[]) =>
  HttpResponse.json<ApiErrorBody>({ error: { code, message, ...(details ? { details } : {}) } }, { status });

/** The fixture row a GET of one row names: by `<table>id` in the path, or by the composite key in the query. */
function findRow(table: string, id: string | undefined, query: URLSearchParams): TableRow | undefined {
  if (!isTableName(table)) return undefined;
  const definition = tableDefinition(table);
  const rows = tableFixtures[table]?.rows ?? [];
  if (id !== undefined) return rows.find((row) => String(row[definition.key[0]!]) === id);
  return rows.find((row) => definition.key.every((column) => String(row[column]) === query.get(column)));
}

function rowAnswer(table: string, id: string | undefined, request: Request): HttpResponse<TableRow | ApiErrorBody> {
  const row = findRow(table, id, new URL(request.url).searchParams);
  if (!row) return errorBody(404, 'NOT_FOUND', 'No existe un registro con esa clave');
  return HttpResponse.json<TableRow>(row, { headers: { ETag: FIXTURE_ETAG } });
}

/** GET of one row with its ETag (the update form reads it fresh). List these after `tableHandlers.loaded()`. */
const rowReads = [
  http.get('/api/sense/:table/composite', ({ params, request }) => rowAnswer(String(params['table']), undefined, request)),
  // Only numeric ids: `/columns` and `/constraints` fall through to the metadata handlers.
  http.get('/api/sense/:table/:id', ({ params, request }) =>
    /^\d+$/.test(String(params['id'])) ? rowAnswer(String(params['table']), String(params['id']), request) : undefined,
  ),
];

async function saved(request: Request, status: 200 | 201) {
  const body = (await request.json()) as TableRow;
  return HttpResponse.json<TableRow>(
    { ...body, usercreatedid: 1, datecreated: FIXTURE_NOW.toISOString(), usermodifiedid: 1, datemodified: FIXTURE_NOW.toISOString() },
    { status, headers: { ETag: SAVED_ETAG } },
  );
}

/** MSW handlers of the writes of any table (POST, PUT), each outcome the API can answer, typed against its shapes. */
export const tableWriteHandlers = {
  /** Reads of one row; writes succeed (201 / 200) and echo the row. */
  succeeding: () => [
    ...rowReads,
    http.post('/api/sense/:table', ({ request }) => saved(request, 201)),
    http.put('/api/sense/:table/composite', ({ request }) => saved(request, 200)),
    http.put('/api/sense/:table/:id', ({ request }) => saved(request, 200)),
    http.delete('/api/sense/:table/composite', () => new HttpResponse(null, { status: 204 })),
    http.delete('/api/sense/:table/:id', () => new HttpResponse(null, { status: 204 })),
  ],
  /** 409 FOREIGN_KEY on delete: other tables still reference the row (`referencedBy` details: table, how many rows, by which columns). */
  referenced: (referencing: { table: string; count: number; columns: string[] }[]) => [
    ...rowReads,
    http.delete('/api/sense/:table/:id', () =>
      errorBody(
        409,
        'FOREIGN_KEY',
        'No se puede borrar: otros registros lo referencian',
        referencing.map((reference) => ({ field: reference.table, rule: 'referencedBy', limit: reference.count, message: reference.columns.join(', ') })),
      ),
    ),
  ],
  /** Writes never answer: the form stays busy. */
  pending: () => [...rowReads, http.post('/api/sense/:table', () => delay('infinite')), http.put('/api/sense/:table/:id', () => delay('infinite'))],
  /** 409 DUPLICATE naming the unique columns, as the API maps SQLSTATE 23505. */
  duplicate: (fields: string[]) => [
    ...rowReads,
    http.post('/api/sense/:table', () => errorBody(409, 'DUPLICATE', 'Ya existe un registro con esos datos', fields.map((field) => ({ field, rule: 'unique' })))),
    http.put('/api/sense/:table/:id', () => errorBody(409, 'DUPLICATE', 'Ya existe un registro con esos datos', fields.map((field) => ({ field, rule: 'unique' })))),
  ],
  /** 400 VALIDATION with the given details (the server's own checks). */
  invalid: (details: ApiErrorDetail[]) => [
    ...rowReads,
    http.post('/api/sense/:table', () => errorBody(400, 'VALIDATION', 'Error de validación', details)),
    http.put('/api/sense/:table/:id', () => errorBody(400, 'VALIDATION', 'Error de validación', details)),
  ],
  /** 409 CONSTRAINT of a rule the database enforces (a profile's boss chain that loops: `{ field: 'jefeid', rule: 'cycle' }`). */
  constraint: (message: string, details: ApiErrorDetail[]) => [
    ...rowReads,
    http.post('/api/sense/:table', () => errorBody(409, 'CONSTRAINT', message, details)),
    http.put('/api/sense/:table/:id', () => errorBody(409, 'CONSTRAINT', message, details)),
  ],
  /** 412: the row changed since it was read (If-Match names an older version). */
  stale: () => [
    ...rowReads,
    http.put('/api/sense/:table/composite', () => errorBody(412, 'PRECONDITION_FAILED', 'La fila cambió desde que la leyó: vuelva a cargarla antes de guardar')),
    http.put('/api/sense/:table/:id', () => errorBody(412, 'PRECONDITION_FAILED', 'La fila cambió desde que la leyó: vuelva a cargarla antes de guardar')),
  ],
  /** The row cannot be read. */
  rowError: () => [
    http.get('/api/sense/:table/composite', () => errorBody(500, 'INTERNAL', 'Error interno del servidor')),
    http.get('/api/sense/:table/:id', ({ params }) => (/^\d+$/.test(String(params['id'])) ? errorBody(500, 'INTERNAL', 'Error interno del servidor') : undefined)),
  ],
  /**
   * `POST /{table}/bulk` as the API answers it: `errorsFor(rows)` names the bad rows; any error
   * writes nothing, a clean run without dryRun creates every row.
   */
  bulk: (errorsFor: (rows: Record<string, unknown>[]) => BulkCreateError[] = () => []) => [
    http.post('/api/sense/:table/bulk', async ({ request }) => {
      const { rows, dryRun = false } = (await request.json()) as BulkCreateRequest;
      const errors = errorsFor(rows);
      const bad = new Set(errors.map((error) => error.index)).size;
      return HttpResponse.json<BulkCreateResult>({
        created: errors.length === 0 && !dryRun ? rows.length : 0,
        dryRun,
        valid: rows.length - bad,
        errors,
        errorCount: errors.length,
      });
    }),
  ],
  /** The bulk call never answers. */
  bulkPending: () => [http.post('/api/sense/:table/bulk', () => delay('infinite'))],
};
