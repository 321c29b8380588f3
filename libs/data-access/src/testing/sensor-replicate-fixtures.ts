import type { SensorPair, TableRow } from '@camposense/domain';
import { metricaSensorEntidadesFixture } from './metrica-sensor-fixtures';

/** Twelve nodes, NODO-01 to NODO-12; NODO-12 has no DevEUI yet. */
export const replicateNodosFixture: TableRow[] = Array.from({ length: 12 }, (_, index) => {
  const number = String(index + 1).padStart(2, '0');
  return { nodoid: index + 1, nodo: `NODO-${number}`, nodoabrev: `N${number}`, deveui: index === 11 ? null : `70B3D57ED00000${number}`, statusid: 1 };
});

/** Where the nodes stand: NODO-01 to 06 in Lote Norte, 07 to 11 in Lote Sur, NODO-12 nowhere yet. */
export const replicateUbicacionesFixture: TableRow[] = [
  { ubicacionid: 1, ubicacion: 'Lote Norte', ubicacionabrev: 'LN', fundoid: 1, statusid: 1 },
  { ubicacionid: 2, ubicacion: 'Lote Sur', ubicacionabrev: 'LS', fundoid: 1, statusid: 1 },
];

export const replicateLocalizacionesFixture: TableRow[] = replicateNodosFixture
  .filter((row) => Number(row['nodoid']) <= 11)
  .map((row) => ({ entidadid: 1, ubicacionid: Number(row['nodoid']) <= 6 ? 1 : 2, nodoid: row['nodoid'], statusid: 1 }));

/** The metric-sensor form's two crops, Palta and Uva. */
export const replicateEntidadesFixture: TableRow[] = metricaSensorEntidadesFixture;

/** Probe types: four of palta, one of uva with a name palta has too. */
export const replicateTiposFixture: TableRow[] = [
  { tipoid: 1, tipo: 'Sonda suelo 20 cm', entidadid: 1, statusid: 1 },
  { tipoid: 2, tipo: 'Sonda suelo 40 cm', entidadid: 1, statusid: 1 },
  { tipoid: 3, tipo: 'Sonda suelo 60 cm', entidadid: 1, statusid: 1 },
  { tipoid: 4, tipo: 'Estación ambiente', entidadid: 1, statusid: 1 },
  { tipoid: 5, tipo: 'Sonda suelo 20 cm', entidadid: 2, statusid: 1 },
];

/** The sensors at the start: NODO-07 already has the 20 cm probe, NODO-08 the 20 and 40 cm ones. */
export const replicateSensorsFixture: SensorPair[] = [
  { nodoid: 7, tipoid: 1 },
  { nodoid: 8, tipoid: 1 },
  { nodoid: 8, tipoid: 2 },
];
