import type { MetricaSensorTriple, TableRow } from '@camposense/domain';
import { metricasFixture } from './dashboard-fixtures';

/** Two crops: the same probe type name exists for both, the form names each with its crop. */
export const metricaSensorEntidadesFixture: TableRow[] = [
  { entidadid: 1, entidad: 'Palta', entidadabrev: 'PAL', statusid: 1 },
  { entidadid: 2, entidad: 'Uva', entidadabrev: 'UVA', statusid: 1 },
];

/** Probe types: "Sonda suelo 20 cm" of both crops, a 40 cm one and a weather station. */
export const metricaSensorTiposFixture: TableRow[] = [
  { tipoid: 1, tipo: 'Sonda suelo 20 cm', entidadid: 1, statusid: 1 },
  { tipoid: 2, tipo: 'Sonda suelo 40 cm', entidadid: 1, statusid: 1 },
  { tipoid: 3, tipo: 'Sonda suelo 20 cm', entidadid: 2, statusid: 1 },
  { tipoid: 4, tipo: 'Estación meteorológica', entidadid: 2, statusid: 1 },
];

/** Four nodes; the fourth has no probe and is never offered. */
export const metricaSensorNodosFixture: TableRow[] = [
  { nodoid: 1, nodo: 'Nodo Virú 01', nodoabrev: 'NV01', deveui: '70B3D57ED0000001', statusid: 1 },
  { nodoid: 2, nodo: 'Nodo Virú 02', nodoabrev: 'NV02', deveui: '70B3D57ED0000002', statusid: 1 },
  { nodoid: 3, nodo: 'Nodo Maipo 01', nodoabrev: 'NM01', deveui: null, statusid: 1 },
  { nodoid: 4, nodo: 'Nodo sin sondas', nodoabrev: 'NSS', deveui: '70B3D57ED0000004', statusid: 1 },
];

/** Probes: nodes 1 and 2 carry the Palta 20 cm and 40 cm probes, node 3 the Uva station. */
export const metricaSensorSensoresFixture: TableRow[] = [
  { nodoid: 1, tipoid: 1, statusid: 1 },
  { nodoid: 1, tipoid: 2, statusid: 1 },
  { nodoid: 2, tipoid: 1, statusid: 1 },
  { nodoid: 3, tipoid: 4, statusid: 1 },
];

/** The dashboard's temperature and humidity, then two named as this form's stories show them. */
export const metricaSensorMetricasFixture: TableRow[] = [
  ...metricasFixture.slice(0, 2).map((metrica) => ({ ...metrica })),
  { metricaid: 3, metrica: 'Conductividad eléctrica', metricaabrev: 'CE', unidad: 'dS/m', statusid: 1 },
  { metricaid: 4, metrica: 'Presión', metricaabrev: 'PRES', unidad: null, statusid: 1 },
];

/** Node 1's 20 cm probe already reports Temperatura. */
export const metricaSensorTriplesFixture: MetricaSensorTriple[] = [{ nodoid: 1, tipoid: 1, metricaid: 1 }];
