import type { ApiErrorBody } from '@camposense/domain';
import { http, HttpResponse } from 'msw';

/**
 * The refusals of a usuario write the database keeps in triggers (409 CONSTRAINT with the rule
 * named in `details`, as the API answers): `lastAdmin` on `rol`, `selfDeactivate` on `statusid`.
 */
export const usuarioHandlers = {
  refused: (rule: 'lastAdmin' | 'selfDeactivate', field: 'rol' | 'statusid') => [
    http.put('/api/sense/usuario/:id', () =>
      HttpResponse.json<ApiErrorBody>({ error: { code: 'CONSTRAINT', message: 'La fila no cumple una regla de la tabla', details: [{ field, rule }] } }, { status: 409 }),
    ),
  ],
};
