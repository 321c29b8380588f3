import type { NodeHealthResponse, NodeMapNode, NodeMapResponse } from '../node-map/types';
import { FIXTURE_NOW } from './fixtures';

const minutesAgo = (minutes: number) => new Date(FIXTURE_NOW.getTime() - minutes * 60_000).toISOString();

const values = (minutes: number, temperatura: number, humedad: number) => [
  { metricaabrev: 'T', metrica: 'Temperatura', unidad: '°C', valor: temperatura, fecha: minutesAgo(minutes) },
  { metricaabrev: 'HUM', metrica: 'Humedad', unidad: '%', valor: humedad, fecha: minutesAgo(minutes) },
];

function mapNode(nodoid: number, nodo: string, latitud: number, longitud: number, estado: NodeMapNode['estado'], rest: Partial<NodeMapNode> = {}): NodeMapNode {
  return {
    nodoid,
    nodo,
    deveui: `A84041000181C${String(nodoid).padStart(3, '0')}`,
    latitud,
    longitud,
    ubicacionid: nodoid % 2 === 0 ? 2 : 1,
    ubicacion: nodoid % 2 === 0 ? 'Lote 2' : 'Lote 1',
    fundoid: 1,
    fundo: 'Fundo San José',
    estado,
    ultimaFecha: minutesAgo(10),
    valores: values(10, 21.4, 58),
    bateria: 87,
    rssi: -97,
    ...rest,
  };
}

/**
 * San José's nodes on the map, one in each state, spread over about a kilometre (the fallback's
 * scale bar reads metres), plus NODO-SJO-05…07 a few metres apart, which cluster.
 */
export const nodeMapFixture: NodeMapResponse = {
  nodos: [
    mapNode(1, 'NODO-SJO-01', -8.414021, -78.752113, 'normal'),
    mapNode(2, 'NODO-SJO-02', -8.41733, -78.748402, 'alerta', { valores: values(12, 31.6, 33) }),
    mapNode(3, 'NODO-SJO-03', -8.418951, -78.75529, 'silencioso', { ultimaFecha: minutesAgo(95), valores: values(95, 19.8, 61), rssi: -118 }),
    mapNode(4, 'NODO-SJO-04', -8.411402, -78.757731, 'bateria-baja', { bateria: 12 }),
    mapNode(5, 'NODO-SJO-05', -8.42121, -78.74712, 'normal'),
    mapNode(6, 'NODO-SJO-06', -8.42124, -78.74709, 'alerta'),
    mapNode(7, 'NODO-SJO-07', -8.42127, -78.74715, 'normal', { bateria: null, rssi: null }),
  ],
  sinCoordenadas: 0,
};

/** Two of the scope's nodes have no coordinates: the map says so. */
export const nodeMapWithoutCoordinatesFixture: NodeMapResponse = { nodos: nodeMapFixture.nodos.slice(0, 4), sinCoordenadas: 2 };

/** Every node of the scope lacks coordinates. */
export const nodeMapAllUnplacedFixture: NodeMapResponse = { nodos: [], sinCoordenadas: 3 };

export const nodeMapEmptyFixture: NodeMapResponse = { nodos: [], sinCoordenadas: 0 };

/** A day of hourly averages, oldest first: the link weakens in the afternoon. */
const trend = Array.from({ length: 48 }, (_, index) => {
  const hours = 47 - index;
  const wave = Math.sin(index / 5);
  return { fecha: new Date(FIXTURE_NOW.getTime() - hours * 3_600_000).toISOString(), rssi: Math.round((-100 + 6 * wave) * 10) / 10, snr: Math.round((6 + 3 * wave) * 10) / 10 };
});

/** NODO-SJO-01's health: a good link, battery at 87 %, three lost-uplink gaps. */
export const nodeHealthFixture: NodeHealthResponse = {
  nodoid: 1,
  nodo: 'NODO-SJO-01',
  deveui: 'A84041000181C001',
  estado: 'normal',
  ultimaRecepcion: { fecha: minutesAgo(10), rssi: -97, snr: 7.5, gatewayId: '0016c001ff10a235', fcnt: 4123 },
  bateria: { fecha: minutesAgo(240), nivel: 87, margen: 9, externa: false },
  tendencia: trend,
  tramas: {
    recibidas: 1000,
    perdidas: 12,
    huecos: [
      { desdeFcnt: 4101, hastaFcnt: 4103, fecha: minutesAgo(180) },
      { desdeFcnt: 4001, hastaFcnt: 4008, fecha: minutesAgo(1500) },
      { desdeFcnt: 3950, hastaFcnt: 3950, fecha: minutesAgo(2100) },
    ],
  },
};

/** Battery at 12 %: the state and the battery read low. */
export const nodeHealthBatteryLowFixture: NodeHealthResponse = {
  ...nodeHealthFixture,
  estado: 'bateria-baja',
  bateria: { fecha: minutesAgo(60), nivel: 12, margen: 4, externa: false },
};

/** On external power: no level to read. */
export const nodeHealthExternalPowerFixture: NodeHealthResponse = {
  ...nodeHealthFixture,
  bateria: { fecha: minutesAgo(60), nivel: null, margen: 11, externa: true },
};

/** A node that has sent no radio data yet (readings came in over HTTP, say). */
export const nodeHealthNoRadioFixture: NodeHealthResponse = {
  nodoid: 1,
  nodo: 'NODO-SJO-01',
  deveui: 'A84041000181C001',
  estado: 'normal',
  ultimaRecepcion: null,
  bateria: null,
  tendencia: [],
  tramas: { recibidas: 0, perdidas: 0, huecos: [] },
};
