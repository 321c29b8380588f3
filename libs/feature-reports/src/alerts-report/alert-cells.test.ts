import { makeAlertas } from '@camposense/data-access/testing';
import { describe, expect, it } from 'vitest';
import { limitsText, measurementText, metricText } from './alert-cells';

// A `t` that shows which key and values it was given, so the tests see the choice of text.
const t = ((key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`) as never;

describe('alert cells', () => {
  const row = makeAlertas(1)[0]!;

  it('puts the unit beside the value and the metric, and formats numbers in the locale', () => {
    const temperature = { ...row, valor: 38.456, unidad: '°C', metrica: 'Temperatura' };
    expect(measurementText(temperature, t, 'es-ES')).toBe('reports.alerts.valueWithUnit{"value":"38,46","unidad":"°C"}');
    expect(measurementText(temperature, t, 'en-US')).toBe('reports.alerts.valueWithUnit{"value":"38.46","unidad":"°C"}');
    expect(metricText(temperature, t)).toBe('reports.alerts.metricWithUnit{"metrica":"Temperatura","unidad":"°C"}');
  });

  it('falls back to the bare value, the bare metric, and nothing without a threshold', () => {
    const noUnit = { ...row, valor: 2, unidad: null, metrica: 'pH' };
    expect(measurementText(noUnit, t, 'es-ES')).toBe('reports.alerts.value{"value":"2"}');
    expect(metricText(noUnit, t)).toBe('pH');
    expect(metricText({ ...row, metrica: null }, t)).toBe('');
    expect(limitsText({ ...row, umbral: null }, t, 'es-ES')).toBe('');
    expect(measurementText({ ...row, valor: null, medicion: null }, t, 'es-ES')).toBe(`reports.alerts.measurement{"id":${row.medicionid}}`);
  });

  it('writes the limits as minimum – maximum in the locale', () => {
    const band = { ...row, umbral: { ...row.umbral!, minimo: 0.5, maximo: 3 } };
    expect(limitsText(band, t, 'es-ES')).toBe('reports.alerts.limits{"minimo":"0,5","maximo":"3"}');
  });
});
