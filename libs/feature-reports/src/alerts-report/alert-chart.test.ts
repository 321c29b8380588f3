import type { AlertaReportRow, NodoConLocalizacion } from '@camposense/domain';
import { describe, expect, it } from 'vitest';
import { alertChartFocus } from './alert-chart';

const umbral = { umbralid: 9, ubicacionid: 31, nodoid: 44, tipoid: 1, metricaid: 2, criticidadid: 1, minimo: 0, maximo: 30, umbral: 'Calor' };
const row: Pick<AlertaReportRow, 'umbral' | 'medicion' | 'fecha' | 'umbralid'> = {
  umbralid: 9,
  umbral,
  medicion: null,
  // 02:00 UTC on the 15th: still the 14th in Lima, the display zone.
  fecha: '2026-11-15T02:00:00.000Z',
};
const node = { nodoid: 44, fundoid: 5, entidadid: 7, ubicacionid: 31 } as NodoConLocalizacion;

describe('an alert opening its chart', () => {
  it('sets the node in its farm, entity and location, a day either side, and its threshold', () => {
    expect(alertChartFocus(row, [node], 'America/Lima')).toEqual({
      fundoId: 5,
      entidadId: 7,
      ubicacionId: 31,
      nodoId: 44,
      umbralId: 9,
      startDate: '2026-11-13',
      endDate: '2026-11-15',
    });
  });

  it('takes the alert’s day in the display zone', () => {
    expect(alertChartFocus(row, [node], 'UTC')).toMatchObject({ startDate: '2026-11-14', endDate: '2026-11-16' });
  });

  it('keeps the location alone while the node list is unknown, and crosses month ends', () => {
    const focus = alertChartFocus({ ...row, fecha: '2026-12-01T17:00:00.000Z' }, undefined, 'America/Lima');
    expect(focus).toMatchObject({ fundoId: null, entidadId: null, ubicacionId: 31, nodoId: 44, startDate: '2026-11-30', endDate: '2026-12-02' });
  });

  it('opens nothing for an alert whose threshold and reading are gone', () => {
    expect(alertChartFocus({ ...row, umbral: null }, [node], 'America/Lima')).toBeNull();
  });
});
