import type { NodoConLocalizacion, OpenEpisode, SeriesBucket, SeriesResponse, SeriesThreshold } from '@camposense/domain';
import { bucketSecondsFor } from '@camposense/domain';
import { FIXTURE_NOW } from './fixtures';
import { fundosFixture } from './sense-fixtures';
import type { EntidadRow, LocalizacionRow, MetricaRow, UbicacionRow } from '../places/types';

/*
 * The dashboard's fixtures on the shell's hierarchy (sense-fixtures): San José (fundo 1) has two
 * lots with palta and espárrago, Santa Rosa (2) one lot of arándano, El Palto (3) a lot with
 * nothing placed in it, so each of the filter bar's messages has a fundo that shows it.
 */

export const dashboardFundosFixture = fundosFixture;

export const dashboardUbicacionesFixture: UbicacionRow[] = [
  { ubicacionid: 1, ubicacion: 'Lote 1', ubicacionabrev: 'SJO-L1', fundoid: 1 },
  { ubicacionid: 2, ubicacion: 'Lote 2', ubicacionabrev: 'SJO-L2', fundoid: 1 },
  { ubicacionid: 3, ubicacion: 'Lote 1', ubicacionabrev: 'SRO-L1', fundoid: 2 },
  { ubicacionid: 4, ubicacion: 'Lote 1', ubicacionabrev: 'EPA-L1', fundoid: 3 },
  /** Los Olivos (fundo 4), the Chilean farm: its lot's charts show Santiago's time. */
  { ubicacionid: 5, ubicacion: 'Lote 1', ubicacionabrev: 'LOL-L1', fundoid: 4 },
];

export const entidadesFixture: EntidadRow[] = [
  { entidadid: 1, entidad: 'Palta', entidadabrev: 'PALTA' },
  { entidadid: 2, entidad: 'Espárrago', entidadabrev: 'ESPAR' },
  { entidadid: 3, entidad: 'Arándano', entidadabrev: 'ARAND' },
  /** Placed nowhere: chosen with a fundo, it has no locations. */
  { entidadid: 4, entidad: 'Uva de mesa', entidadabrev: 'UVA' },
];

export const localizacionesFixture: LocalizacionRow[] = [
  { entidadid: 1, ubicacionid: 1, nodoid: 1 },
  { entidadid: 1, ubicacionid: 2, nodoid: 2 },
  { entidadid: 2, ubicacionid: 2, nodoid: 3 },
  { entidadid: 3, ubicacionid: 3, nodoid: 4 },
  { entidadid: 1, ubicacionid: 5, nodoid: 5 },
];

export const metricasFixture: MetricaRow[] = [
  { metricaid: 1, metrica: 'Temperatura', metricaabrev: 'TEMP', unidad: '°C', statusid: 1 },
  { metricaid: 2, metrica: 'Humedad', metricaabrev: 'HUM', unidad: '%', statusid: 1 },
  { metricaid: 3, metrica: 'Electroconductividad', metricaabrev: 'EC', unidad: 'dS/m', statusid: 1 },
];

const minutesAgo = (minutes: number) => new Date(FIXTURE_NOW.getTime() - minutes * 60_000).toISOString();

function node(
  nodoid: number,
  nodo: string,
  deveui: string,
  place: { ubicacionid: number; entidadid: number; entidad: string; latitud: number; longitud: number },
  lastMinutesAgo: number | null,
  alarms: Pick<NodoConLocalizacion, 'episodiosActivos' | 'episodioSinDatos'> = { episodiosActivos: 0, episodioSinDatos: null },
): NodoConLocalizacion {
  const ubicacion = dashboardUbicacionesFixture.find((row) => row.ubicacionid === place.ubicacionid)!;
  const fundo = fundosFixture.find((row) => row.fundoid === ubicacion.fundoid)!;
  const fecha = lastMinutesAgo === null ? null : minutesAgo(lastMinutesAgo);
  return {
    nodoid,
    nodo,
    nodoabrev: nodo.slice(5),
    deveui,
    statusid: 1,
    ubicacionid: ubicacion.ubicacionid,
    ubicacion: ubicacion.ubicacion,
    fundoid: fundo.fundoid,
    fundo: fundo.fundo,
    empresaid: fundo.empresaid,
    empresa: fundo.empresaid === 1 ? 'Agrícola Virú' : 'Frutos del Chao',
    paisid: 1,
    pais: 'Perú',
    entidadid: place.entidadid,
    entidad: place.entidad,
    latitud: place.latitud,
    longitud: place.longitud,
    referencia: null,
    ultimaFecha: fecha,
    ultimasMediciones:
      fecha === null
        ? []
        : metricasFixture.map((metric, index) => ({
            tipoid: 1,
            tipo: 'Sonda 20 cm',
            metricaid: metric.metricaid,
            metrica: metric.metrica,
            unidad: metric.unidad,
            medicion: [23.4, 61.2, 1.35][index]!,
            fecha,
          })),
    ventanaInactividad: 60,
    ...alarms,
  };
}

export const nodosFixture: NodoConLocalizacion[] = [
  node(1, 'NODO-SJO-01', 'A84041000181C2D1', { ubicacionid: 1, entidadid: 1, entidad: 'Palta', latitud: -8.414021, longitud: -78.752113 }, 10),
  node(2, 'NODO-SJO-02', 'A84041000181C2D2', { ubicacionid: 2, entidadid: 1, entidad: 'Palta', latitud: -8.41733, longitud: -78.748402 }, 25, {
    episodiosActivos: 2,
    episodioSinDatos: null,
  }),
  // Silent: nothing for 95 minutes, past its 60-minute window (a no-data episode open since then).
  node(3, 'NODO-SJO-03', 'A84041000181C2E7', { ubicacionid: 2, entidadid: 2, entidad: 'Espárrago', latitud: -8.418951, longitud: -78.75529 }, 95, {
    episodiosActivos: 0,
    episodioSinDatos: { episodioid: 901, statusid: 1, fechainicio: minutesAgo(35) },
  }),
  node(4, 'NODO-SRO-01', 'A84041000181D001', { ubicacionid: 3, entidadid: 3, entidad: 'Arándano', latitud: -14.085122, longitud: -75.73488 }, null),
];

/**
 * The open episodes of the fixture nodes, as GET /api/episodes answers them: NODO-SJO-02's two
 * active threshold episodes (its "2 alertas activas": Temperatura over its Media band for three
 * hours, Humedad under its Alta band for 50 minutes) and NODO-SJO-03's no-data episode.
 */
export const openEpisodesFixture: OpenEpisode[] = [
  { episodioid: 801, tipo: 'umbral', nodoid: 2, umbralid: 11, metricaid: 1, tipoid: 1, minimo: 15, maximo: 29, criticidad: 'Media', grado: 2, fechainicio: minutesAgo(180), statusid: 1, fechareconocido: null },
  { episodioid: 802, tipo: 'umbral', nodoid: 2, umbralid: 20, metricaid: 2, tipoid: 1, minimo: 35, maximo: 85, criticidad: 'Alta', grado: 1, fechainicio: minutesAgo(50), statusid: 1, fechareconocido: null },
  { episodioid: 901, tipo: 'sindatos', nodoid: 3, umbralid: null, metricaid: null, tipoid: null, minimo: null, maximo: null, criticidad: 'Alta', grado: 1, fechainicio: minutesAgo(35), statusid: 1, fechareconocido: null },
];

/** Shape of each demo metric: a daily wave around a level, a spread within the bucket, thresholds. */
const METRIC_SHAPES: Record<number, { level: number; swing: number; spread: number; drift: number; thresholds: [number, number][] }> = {
  1: { level: 22, swing: 5, spread: 0.8, drift: 2, thresholds: [[12, 32], [15, 29]] },
  2: { level: 58, swing: 9, spread: 2.5, drift: 6, thresholds: [[35, 85], [42, 78]] },
  3: { level: 1.3, swing: 0.25, spread: 0.06, drift: 0.2, thresholds: [[0.6, 2.2], [0.8, 1.9]] },
};

export interface SeriesFixtureOptions {
  metricaId: number;
  start: Date;
  end: Date;
  maxPoints?: number;
  /** Leave out the readings of this share of the window (from, to as fractions), as a silent node does. */
  gap?: [number, number];
  /** No thresholds for the metric. @default false */
  withoutThresholds?: boolean;
  /** The node asked for: each node past the first reads a little lower, so two compared nodes differ. @default 1 */
  nodoId?: number | null;
}

/** A deterministic downsampled series as the API would answer it: a daily wave, a yearly drift, no randomness. */
export function seriesFixture({
  metricaId,
  start,
  end,
  maxPoints = 800,
  gap,
  withoutThresholds = false,
  nodoId = 1,
}: SeriesFixtureOptions): SeriesResponse {
  const shape = METRIC_SHAPES[metricaId] ?? METRIC_SHAPES[1]!;
  const endMs = Math.min(end.getTime(), FIXTURE_NOW.getTime());
  const startMs = start.getTime();
  const bucketSeconds = bucketSecondsFor(startMs, endMs, maxPoints);
  const bucketMs = bucketSeconds * 1000;
  const buckets: SeriesBucket[] = [];
  const perBucket = Math.max(1, Math.round(bucketSeconds / 900));
  for (let t = Math.floor(startMs / bucketMs) * bucketMs; t < endMs; t += bucketMs) {
    const share = (t - startMs) / (endMs - startMs);
    if (gap && share >= gap[0] && share < gap[1]) continue;
    const day = (t / 86_400_000) * 2 * Math.PI;
    const year = (t / (365 * 86_400_000)) * 2 * Math.PI;
    // Wider buckets hold more of the daily wave, so their envelope widens too.
    const daily = bucketSeconds >= 86_400 ? 0 : Math.sin(day - 1.9) * shape.swing;
    // Day to day a slow wobble: an hourly one sampled once a day would alias into a zigzag.
    const wobble = bucketSeconds >= 86_400 ? Math.sin(t / (9 * 86_400_000)) * shape.spread : Math.sin(t / 3_700_000) * shape.spread * 0.5;
    const offset = Math.max(0, (nodoId ?? 1) - 1) * shape.swing * 0.35;
    const avg = shape.level - offset + daily + Math.sin(year) * shape.drift + wobble;
    const spread = shape.spread + (bucketSeconds >= 3600 ? shape.swing * Math.min(1, bucketSeconds / 86_400) : 0);
    buckets.push({
      t: new Date(t).toISOString(),
      min: round(avg - spread),
      max: round(avg + spread),
      avg: round(avg),
      count: perBucket,
    });
  }
  const count = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const thresholds: SeriesThreshold[] = withoutThresholds
    ? []
    : shape.thresholds.map(([minimo, maximo], index) => ({
        umbralid: metricaId * 10 + index,
        minimo,
        maximo,
        criticidad: index === 0 ? 'Alta' : 'Media',
        grado: index + 1,
        tipoid: 1,
      }));
  const metric = metricasFixture.find((row) => row.metricaid === metricaId) ?? metricasFixture[0]!;
  return {
    metric: { metricaid: metric.metricaid, metrica: metric.metrica, unidad: metric.unidad },
    start: new Date(startMs).toISOString(),
    end: new Date(endMs).toISOString(),
    bucketSeconds,
    buckets,
    thresholds,
    stats: {
      count,
      avg: count > 0 ? round(buckets.reduce((sum, bucket) => sum + bucket.avg * bucket.count, 0) / count) : null,
      min: count > 0 ? Math.min(...buckets.map((bucket) => bucket.min)) : null,
      max: count > 0 ? Math.max(...buckets.map((bucket) => bucket.max)) : null,
      latest: count > 0 ? minutesAgo(10) : null,
      activeSensors: count > 0 ? 2 : 0,
    },
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
