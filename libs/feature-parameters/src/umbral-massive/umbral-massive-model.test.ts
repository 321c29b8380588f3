import {
  umbralMassiveCriticidadesFixture,
  umbralMassiveEntidadesFixture,
  umbralMassiveFundosFixture,
  umbralMassiveScopeFixture,
  umbralMassiveTiposFixture,
} from '@camposense/data-access/testing';
import { describe, expect, it } from 'vitest';
import { applyToMetric, criticidadOptions, draftProblems, entidadOptions, fundoOptions, gridMetrics, gridRows, savePlan } from './umbral-massive-model';
import type { RowDraft } from './umbral-massive-model';

const PALTO = 1;
const rows = gridRows(umbralMassiveScopeFixture, umbralMassiveTiposFixture, PALTO);
const keyOf = (nodo: string, metrica: string, tipo = 'Sonda suelo 20 cm') => rows.find((row) => row.nodo === nodo && row.metrica === metrica && row.tipo === tipo)!.key;
const band = (minimo: string, maximo: string, criticidadid: number | null): RowDraft => ({ minimo, maximo, criticidadid });

describe('threshold massive model', () => {
  it('offers active farms by name, levels most severe first, and only the entities planted in the farm', () => {
    expect(fundoOptions(umbralMassiveFundosFixture).map((option) => option.label)).toEqual(['Fundo El Retiro', 'Fundo San José']);
    expect(criticidadOptions(umbralMassiveCriticidadesFixture).map((option) => option.label)).toEqual(['Crítica', 'Alta', 'Media']);
    expect(entidadOptions(umbralMassiveScopeFixture, umbralMassiveTiposFixture, umbralMassiveEntidadesFixture).map((option) => option.label)).toEqual([
      'Palto',
      'Uva',
    ]);
  });

  it("lists every metric of the entity's probes, with only active thresholds as current", () => {
    expect(rows).toHaveLength(12);
    expect(rows.some((row) => row.nodo === 'NODO-SJO-04')).toBe(false);
    const humidity = rows.find((row) => row.key === keyOf('NODO-SJO-01', 'Humedad'))!;
    expect(humidity.current).toEqual([]);
    expect(gridMetrics(rows).map((metric) => [metric.label, metric.unidad, metric.rows])).toEqual([
      ['Conductividad eléctrica', 'dS/m', 4],
      ['Humedad', '%', 4],
      ['Temperatura', '°C', 4],
    ]);
  });

  it('checks a started row: numbers (comma or point), both limits, a level, and minimum ≤ maximum; a blank row is fine', () => {
    expect(draftProblems(undefined)).toEqual({});
    expect(draftProblems(band('', '', null))).toEqual({});
    expect(draftProblems(band('12,5', '30', 1))).toEqual({});
    expect(draftProblems(band('-3', '-3', 2))).toEqual({});
    expect(draftProblems(band('10', '', null))).toEqual({ maximo: 'required', criticidadid: 'required' });
    expect(draftProblems(band('uno', '1e3', 1))).toEqual({ minimo: 'notNumber', maximo: 'notNumber' });
    expect(draftProblems(band('31', '30', 1))).toEqual({ maximo: 'invalidBand' });
  });

  it('fills one metric down its column and counts what a save creates and replaces (same place and level, active only)', () => {
    const filled = applyToMetric(rows, {}, 1, band('10', '30', 2));
    expect(Object.keys(filled)).toHaveLength(4);
    // NODO-SJO-03 holds an active Alta band: replaced; the others are new.
    expect(savePlan(rows, filled)).toMatchObject({ created: 3, replaced: 1, invalid: 0 });
    const withException = { ...filled, [keyOf('NODO-SJO-01', 'Temperatura')]: band('12', '34,5', 1), [keyOf('NODO-SJO-01', 'Humedad')]: band('35', '85', 3) };
    const plan = savePlan(rows, withException);
    // Crítica replaces SJO-01's 12–32; its Media humidity band is inactive, so a new one is created.
    expect(plan).toMatchObject({ created: 3, replaced: 2, invalid: 0 });
    expect(plan.rows.find((row) => row.nodoid === 101 && row.metricaid === 1 && row.tipoid === 1)).toEqual({
      ubicacionid: 11,
      nodoid: 101,
      tipoid: 1,
      metricaid: 1,
      criticidadid: 1,
      minimo: 12,
      maximo: 34.5,
    });
    const broken = savePlan(rows, { ...filled, [keyOf('NODO-SJO-02', 'Humedad')]: band('80', '40', 3) });
    expect(broken).toMatchObject({ created: 3, replaced: 1, invalid: 1 });
    expect(broken.rows).toHaveLength(4);
  });
});
