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
  });
});
