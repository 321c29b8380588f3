import { unstable_serialize as serialize } from 'swr';
import { describe, expect, it } from 'vitest';
import { messageKeys, messagePaths } from '../messages/keys';
import { alertKeys, alertPaths } from './keys';

describe('report keys', () => {
  it('asks for 20 rows a page with the sort, and only the filters that are set', () => {
    const alerts = { page: 3, sortBy: 'fecha', sortOrder: 'desc', criticidadId: 2, ubicacionId: null, fundoId: 7 } as const;
    expect(alertKeys.report(alerts)).toEqual(['alerts', 'report', { page: 3, sortBy: 'fecha', sortOrder: 'desc', criticidadId: 2, fundoId: 7 }]);
    expect(alertPaths.report(alerts)).toBe('/sense/reports/alertas?page=3&pageSize=20&sortBy=fecha&sortOrder=desc&criticidadId=2&fundoId=7');
    expect(messageKeys.report({ page: 1, sortBy: 'contacto', sortOrder: 'asc' })).toEqual(['messages', 'report', { page: 1, sortBy: 'contacto', sortOrder: 'asc' }]);
    expect(messagePaths.report({ page: 1, sortBy: 'contacto', sortOrder: 'asc' })).toBe('/sense/reports/mensajes?page=1&pageSize=20&sortBy=contacto&sortOrder=asc');
  });

  it('gives equal requests one key whatever order the filters came in, and unset filters none', () => {
    const one = alertKeys.report({ page: 1, sortBy: 'fecha', sortOrder: 'desc', fundoId: 1, criticidadId: 3 });
    const other = alertKeys.report({ criticidadId: 3, fundoId: 1, sortOrder: 'desc', sortBy: 'fecha', page: 1, nodoId: null, after: undefined });
    expect(serialize(one)).toBe(serialize(other));
  });

  it('builds the export link with the filters, the language and the download token, without paging', () => {
    expect(alertPaths.csv({ criticidadId: 1, paisId: 2 }, { sortBy: 'valor', sortOrder: 'asc' }, 'en', 'a.b-c')).toBe(
      '/sense/reports/alertas.csv?sortBy=valor&sortOrder=asc&criticidadId=1&paisId=2&lang=en&token=a.b-c',
    );
    expect(alertKeys.filterOptions({ paisId: null, empresaId: null, fundoId: null })).toEqual(['alerts', 'filter-options', {}]);
    expect(alertPaths.filterOptions({ paisId: null, empresaId: null, fundoId: null })).toBe('/sense/reports/alertas/filtros');
    expect(messagePaths.csv({ contactoId: 21, medioId: 2, fundoId: 1 }, { sortBy: 'fecha', sortOrder: 'desc' }, 'es', 't')).toBe(
      '/sense/reports/mensajes.csv?sortBy=fecha&sortOrder=desc&contactoId=21&medioId=2&fundoId=1&lang=es&token=t',
    );
  });

  it('sends the date range, the node and the messages filters as the API names them', () => {
    expect(
      alertPaths.report({
        page: 1,
        sortBy: 'fecha',
        sortOrder: 'desc',
        nodoId: 12,
        desde: '2026-11-01T05:00:00.000Z',
        hasta: '2026-11-08T04:59:59.999Z',
        estado: 'activa',
      }),
    ).toBe(
      '/sense/reports/alertas?page=1&pageSize=20&sortBy=fecha&sortOrder=desc&estado=activa&nodoId=12' +
        '&desde=2026-11-01T05%3A00%3A00.000Z&hasta=2026-11-08T04%3A59%3A59.999Z',
    );
    expect(messagePaths.report({ page: 2, sortBy: 'fecha', sortOrder: 'desc', estado: 'fallido', contactoId: 20, medioId: 1, empresaId: 3 })).toBe(
      '/sense/reports/mensajes?page=2&pageSize=20&sortBy=fecha&sortOrder=desc&estado=fallido&contactoId=20&medioId=1&empresaId=3',
    );
  });

  it('asks a page reached by Next by its cursor instead of its number', () => {
    expect(alertPaths.report({ page: 4, after: 'c1', sortBy: 'fecha', sortOrder: 'desc' })).toBe('/sense/reports/alertas?after=c1&pageSize=20&sortBy=fecha&sortOrder=desc');
  });
});
