/*
 * The answers of issue 33's two endpoints, as /work/notes/contract-33.md agrees them. The server
 * half adds them to libs/domain/src/contracts in parallel; once both halves are merged these
 * become that contract's `Static<>` types (check-contract-mirrors flags the copy until then).
 */

/** A node's state on the map, in the contract's precedence: silencioso > alerta > bateria-baja > normal. */
export type NodeMapState = 'normal' | 'alerta' | 'silencioso' | 'bateria-baja';

export interface NodeMapValue {
  metricaabrev: string;
  metrica: string;
  unidad: string | null;
  valor: number;
  fecha: string;
}

export interface NodeMapNode {
  nodoid: number;
  nodo: string;
  deveui: string | null;
  latitud: number;
  longitud: number;
  ubicacionid: number;
  ubicacion: string;
  fundoid: number;
  fundo: string;
  estado: NodeMapState;
  /** The last uplink or reading; null when the node never sent one. */
  ultimaFecha: string | null;
  valores: NodeMapValue[];
  /** Percent, from the last status event. */
  bateria: number | null;
  /** dBm, best gateway of the last uplink. */
  rssi: number | null;
}

/** GET /api/sense/mapa. */
export interface NodeMapResponse {
  nodos: NodeMapNode[];
  /** Nodes of the scope without coordinates, which the map cannot place. */
  sinCoordenadas: number;
}

export interface NodeUplink {
  fecha: string;
  rssi: number;
  snr: number;
  gatewayId: string;
  fcnt: number;
}

export interface NodeBattery {
  fecha: string;
  nivel: number | null;
  margen: number | null;
  externa: boolean;
}

export interface NodeRadioPoint {
  fecha: string;
  rssi: number;
  snr: number;
}

export interface NodeFrameGap {
  desdeFcnt: number;
  hastaFcnt: number;
  fecha: string;
}

/** GET /api/sense/nodos/:nodoid/salud. */
export interface NodeHealthResponse {
  nodoid: number;
  nodo: string;
  deveui: string | null;
  estado: NodeMapState;
  ultimaRecepcion: NodeUplink | null;
  bateria: NodeBattery | null;
  /** At most 200 bucket averages, oldest first. */
  tendencia: NodeRadioPoint[];
  /** Lost uplinks: the last 20 gaps, newest first. */
  tramas: { recibidas: number; perdidas: number; huecos: NodeFrameGap[] };
}
