import { describe, expect, it } from 'vitest';
import { reportKeys } from './keys';

describe('report keys', () => {
  it('asks for 20 rows a page with the sort, and only the filters that are set', () => {
    expect(reportKeys.alertas({ page: 3, sortBy: 'fecha', sortOrder: 'desc', criticidadId: 2, ubicacionId: null, fundoId: 7 })).toBe(
      '/sense/reports/alertas?page=3&pageSize=20&sortBy=fecha&sortOrder=desc&criticidadId=2&fundoId=7',
    );
    expect(reportKeys.mensajes({ page: 1, sortBy: 'contacto', sortOrder: 'asc' })).toBe(
      '/sense/reports/mensajes?page=1&pageSize=20&sortBy=contacto&sortOrder=asc',
    );
  });

  it('gives equal requests one key whatever order the filters came in', () => {
    const one = reportKeys.alertas({ page: 1, sortBy: 'fecha', sortOrder: 'desc', fundoId: 1, criticidadId: 3 });
    const other = reportKeys.alertas({ criticidadId: 3, fundoId: 1, sortOrder: 'desc', sortBy: 'fecha', page: 1 });
    expect(one).toBe(other);
  });

  it('builds the export link with the filters, the language and the download token, without paging', () => {
    expect(reportKeys.alertasCsv({ criticidadId: 1, paisId: 2 }, { sortBy: 'valor', sortOrder: 'asc' }, 'en', 'a.b-c')).toBe(
      '/sense/reports/alertas.csv?sortBy=valor&sortOrder=asc&criticidadId=1&paisId=2&lang=en&token=a.b-c',
    );
    expect(reportKeys.alertaFilterOptions({ paisId: null, empresaId: null, fundoId: null })).toBe('/sense/reports/alertas/filtros');
    expect(reportKeys.mensajesCsv({ contactoId: 21, medioId: 2, fundoId: 1 }, { sortBy: 'fecha', sortOrder: 'desc' }, 'es', 't')).toBe(
      '/sense/reports/mensajes.csv?sortBy=fecha&sortOrder=desc&contactoId=21&medioId=2&fundoId=1&lang=es&token=t',
    );
  });

  it('sends the date range, the node and the messages filters as the API names them', () => {
    expect(
      reportKeys.alertas({
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
    expect(reportKeys.mensajes({ page: 2, sortBy: 'fecha', sortOrder: 'desc', estado: 'fallido', contactoId: 20, medioId: 1, empresaId: 3 })).toBe(
      '/sense/reports/mensajes?page=2&pageSize=20&sortBy=fecha&sortOrder=desc&estado=fallido&contactoId=20&medioId=1&empresaId=3',
    );
  });
});
