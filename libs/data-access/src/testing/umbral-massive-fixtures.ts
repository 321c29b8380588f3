import type { TableRow, UmbralScopeLocation, UmbralScopeMetric, UmbralScopeResponse } from '@camposense/domain';
import { thresholdCriticidadesFixture } from './threshold-fixtures';

export const umbralMassiveFundosFixture: TableRow[] = [
  { fundoid: 1, fundo: 'Fundo San José', fundoabrev: 'FSJ', statusid: 1 },
  { fundoid: 2, fundo: 'Fundo El Retiro', fundoabrev: 'FER', statusid: 1 },
  { fundoid: 3, fundo: 'Fundo vendido', fundoabrev: 'FVE', statusid: 0 },
];

export const umbralMassiveEntidadesFixture: TableRow[] = [
  { entidadid: 1, entidad: 'Palto', statusid: 1 },
  { entidadid: 2, entidad: 'Uva', statusid: 1 },
  { entidadid: 3, entidad: 'Arándano', statusid: 1 },
];

export const umbralMassiveTiposFixture: TableRow[] = [
  { tipoid: 1, tipo: 'Sonda suelo 20 cm', entidadid: 1, statusid: 1 },
  { tipoid: 2, tipo: 'Sonda suelo 40 cm', entidadid: 1, statusid: 1 },
  { tipoid: 3, tipo: 'Sonda suelo 20 cm', entidadid: 2, statusid: 1 },
];

/** The thresholds tab's levels, as table rows, the mildest first: the form sorts them by grado. */
export const umbralMassiveCriticidadesFixture: TableRow[] = [...thresholdCriticidadesFixture].reverse().map((row) => ({ ...row }));

const metrics = (overrides: Partial<Record<number, UmbralScopeMetric['umbrales']>> = {}): UmbralScopeMetric[] => [
  { metricaid: 1, metrica: 'Temperatura', unidad: '°C', umbrales: overrides[1] ?? [] },
  { metricaid: 2, metrica: 'Humedad', unidad: '%', umbrales: overrides[2] ?? [] },
  { metricaid: 3, metrica: 'Conductividad eléctrica', unidad: 'dS/m', umbrales: overrides[3] ?? [] },
];

const threshold = (umbralid: number, criticidadid: number, minimo: number, maximo: number, statusid = 1) => {
  const level = umbralMassiveCriticidadesFixture.find((row) => row['criticidadid'] === criticidadid)!;
  return {
    umbralid,
    umbral: `Umbral ${umbralid}`,
    minimo,
    maximo,
    criticidadid,
    criticidad: String(level['criticidad']),
    grado: Number(level['grado']),
    statusid,
    perfiles: [],
  };
};

const location = (ubicacionid: number, ubicacion: string, nodos: UmbralScopeLocation['nodos']): UmbralScopeLocation => ({
  ubicacionid,
  ubicacion,
  fundoid: 1,
  fundo: 'Fundo San José',
  empresaid: 1,
  empresa: 'Agrícola Virú',
  nodos,
});

/**
 * Fundo San José: three Palto nodes (two probe depths on the first) and one Uva node, each probe
 * reporting temperature, humidity and electroconductivity. NODO-SJO-01 has an active critical
 * temperature band and an inactive humidity one; NODO-SJO-03 a high temperature band.
 */
export const umbralMassiveScopeFixture: UmbralScopeResponse = {
  totals: { umbrales: 3, sinUmbral: 13 },
  ubicaciones: [
    location(11, 'Lote A - Palto', [
      {
        nodoid: 101,
        nodo: 'NODO-SJO-01',
        sondas: [
          { tipoid: 1, tipo: 'Sonda suelo 20 cm', metricas: metrics({ 1: [threshold(1001, 1, 12, 32)], 2: [threshold(1002, 3, 35, 85, 0)] }) },
          { tipoid: 2, tipo: 'Sonda suelo 40 cm', metricas: metrics() },
        ],
      },
      { nodoid: 102, nodo: 'NODO-SJO-02', sondas: [{ tipoid: 1, tipo: 'Sonda suelo 20 cm', metricas: metrics() }] },
    ]),
    location(12, 'Lote B - Palto', [
      { nodoid: 103, nodo: 'NODO-SJO-03', sondas: [{ tipoid: 1, tipo: 'Sonda suelo 20 cm', metricas: metrics({ 1: [threshold(1003, 2, 14, 30)] }) }] },
    ]),
    location(13, 'Lote C - Uva', [{ nodoid: 104, nodo: 'NODO-SJO-04', sondas: [{ tipoid: 3, tipo: 'Sonda suelo 20 cm', metricas: metrics() }] }]),
  ],
};
