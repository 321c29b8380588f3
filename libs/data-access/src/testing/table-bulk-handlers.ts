import { MAX_BULK_ROWS } from '@camposense/domain';
import type { ApiErrorBody, BulkCreateError, BulkCreateRequest, BulkCreateResult } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';

const BULK = '/api/sense/:table/bulk';

async function requestOf(request: Request): Promise<BulkCreateRequest> {
  return (await request.json()) as BulkCreateRequest;
}

/** A massive import's answer as the API gives it: nothing written when any row has an error. */
function result(body: BulkCreateRequest, errors: readonly BulkCreateError[]): BulkCreateResult {
  const dryRun = body.dryRun ?? false;
  const invalid = new Set(errors.map((error) => error.index)).size;
  return {
    created: dryRun || errors.length > 0 ? 0 : body.rows.length,
    dryRun,
    valid: body.rows.length - invalid,
    errors: [...errors],
    errorCount: errors.length,
  };
}

/** Row errors of a CSV of thresholds with three bad rows, as the API words them. */
export const bulkErrorsFixture: BulkCreateError[] = [
  { index: 2, field: 'nodoid', code: 'FOREIGN_KEY', rule: 'unknownLabel', message: 'No existe ningún registro de nodo llamado «Nodo 99»' },
  { index: 5, field: 'minimo', code: 'VALIDATION', rule: 'type', limit: 'number', message: '«minimo» debe ser un número' },
  { index: 7, code: 'DUPLICATE', rule: 'repeated', limit: 6, message: 'Repite ubicacionid, nodoid, tipoid, metricaid, criticidadid de la fila 7 del lote' },
];

/** MSW handlers of `POST /api/sense/{table}/bulk`, typed against the API's answer. */
export const tableBulkHandlers = {
  /** Every row is fine: a dry run reports them valid, a run creates them all. */
  valid: () => [http.post(BULK, async ({ request }) => HttpResponse.json<BulkCreateResult>(result(await requestOf(request), [])))],
  /** These rows fail (dry run or not); nothing is created. */
  withErrors: (errors: readonly BulkCreateError[] = bulkErrorsFixture) => [
    http.post(BULK, async ({ request }) => HttpResponse.json<BulkCreateResult>(result(await requestOf(request), errors))),
  ],
  /** The check or the write never answers (busy state). */
  pending: () => [http.post(BULK, () => delay('infinite'))],
  /** More rows than the API takes. */
  tooMany: () => [
    http.post(BULK, () =>
      HttpResponse.json<ApiErrorBody>(
        { error: { code: 'VALIDATION', message: 'Los datos enviados no son válidos', details: [{ field: 'rows', rule: 'maxItems', limit: MAX_BULK_ROWS }] } },
        { status: 400 },
      ),
    ),
  ],
  /** The server failed. */
  error: () => [
    http.post(BULK, () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 })),
  ],
};
