/**
 * Where everything stands: the lots of each fundo, the nodes of each lot with their DevEUIs,
 * coordinates and probes. Pure and deterministic: the same seed gives the same plan.
 */
import { createRandom } from './random';
import { DEMO_CROPS, DEMO_FUNDOS, LOTS_PER_FUNDO, NODE_COUNT } from './reference-data';
import type { DemoCrop, DemoFundo } from './reference-data';

export interface DemoLot {
  fundo: DemoFundo;
  /** "Lote 2", unique within its fundo. */
  ubicacion: string;
  /** "SJO-L2". */
  ubicacionabrev: string;
  crop: DemoCrop;
  /** The lot's centre; its nodes stand around it. */
  latitude: number;
  longitude: number;
}

export interface DemoNode {
  /** "NODO-SJO-01". */
  nodo: string;
  /** "SJO-01". */
  nodoabrev: string;
  deveui: string;
  lot: DemoLot;
  /** Six decimals, as numeric(10,6) stores them. */
  latitude: number;
  longitude: number;
  referencia: string;
  /** The probe depths it carries (cm), shallowest first. */
  depths: readonly number[];
  /** Hours before the end of the window since which it stopped reporting, or null. */
  silentForHours: number | null;
}

export interface FarmPlan {
  lots: DemoLot[];
  nodes: DemoNode[];
}

export interface CoordinateBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

const KM_PER_DEGREE_LATITUDE = 110.574;
const KM_PER_DEGREE_LONGITUDE_AT_EQUATOR = 111.32;

function degreesOfLatitude(km: number): number {
  return km / KM_PER_DEGREE_LATITUDE;
}

function degreesOfLongitude(km: number, latitude: number): number {
  return km / (KM_PER_DEGREE_LONGITUDE_AT_EQUATOR * Math.cos((latitude * Math.PI) / 180));
}

/** The box around a fundo's centre in which all its nodes stand (radiusKm each way). */
export function fundoBox(fundo: DemoFundo): CoordinateBox {
  const latitudeSpan = degreesOfLatitude(fundo.radiusKm);
  const longitudeSpan = degreesOfLongitude(fundo.radiusKm, fundo.latitude);
  return {
    minLatitude: fundo.latitude - latitudeSpan,
    maxLatitude: fundo.latitude + latitudeSpan,
    minLongitude: fundo.longitude - longitudeSpan,
    maxLongitude: fundo.longitude + longitudeSpan,
  };
}

function roundTo6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function cropNamed(name: string): DemoCrop {
  const crop = DEMO_CROPS.find((candidate) => candidate.entidad === name);
  if (!crop) throw new Error(`unknown demo crop ${name}`);
  return crop;
}

/** How many probes a node carries: mostly two, some one or three. */
function probeCount(random: ReturnType<typeof createRandom>): number {
  const draw = random.next();
  if (draw < 0.25) return 1;
  if (draw < 0.7) return 2;
  return 3;
}

/** Lots at most 0.55 km from the centre and nodes at most 0.3 km from their lot: inside 1 km. */
const LOT_SPREAD_KM = 0.55;
const NODE_SPREAD_KM = 0.3;

/** Nodes that went silent before the end of the window, so the dashboard shows inactive ones. */
const SILENT_NODES: ReadonlyArray<{ index: number; hours: number }> = [
  { index: 7, hours: 30 },
  { index: 41, hours: 52 },
];

/** LoRaWAN DevEUIs start with the maker's OUI; these look like a common soil-probe vendor's. */
const DEVEUI_PREFIX = 'A84041';

export function planFarm(seed: number): FarmPlan {
  const random = createRandom(seed, 'plan');
  const lots: DemoLot[] = [];
  for (const fundo of DEMO_FUNDOS) {
    for (let number = 1; number <= LOTS_PER_FUNDO; number += 1) {
      const cropName = fundo.crops[(number - 1) % fundo.crops.length];
      if (cropName === undefined) throw new Error(`fundo ${fundo.fundo} has no crops`);
      lots.push({
        fundo,
        ubicacion: `Lote ${number}`,
        ubicacionabrev: `${fundo.fundoabrev}-L${number}`,
        crop: cropNamed(cropName),
        latitude: fundo.latitude + degreesOfLatitude(random.between(-LOT_SPREAD_KM, LOT_SPREAD_KM)),
        longitude: fundo.longitude + degreesOfLongitude(random.between(-LOT_SPREAD_KM, LOT_SPREAD_KM), fundo.latitude),
      });
    }
  }

  // Two nodes per lot, and the rest one more in lots drawn at random.
  const perLot = lots.map(() => Math.floor(NODE_COUNT / lots.length));
  const extra = NODE_COUNT - perLot.reduce((sum, count) => sum + count, 0);
  for (const index of random.shuffle(lots.map((_, lotIndex) => lotIndex)).slice(0, extra)) {
    perLot[index] = (perLot[index] ?? 0) + 1;
  }

  const nodes: DemoNode[] = [];
  const deveuis = new Set<string>();
  const numberInFundo = new Map<string, number>();
  lots.forEach((lot, lotIndex) => {
    for (let count = 0; count < (perLot[lotIndex] ?? 0); count += 1) {
      const number = (numberInFundo.get(lot.fundo.fundoabrev) ?? 0) + 1;
      numberInFundo.set(lot.fundo.fundoabrev, number);
      const code = `${lot.fundo.fundoabrev}-${String(number).padStart(2, '0')}`;
      let deveui = `${DEVEUI_PREFIX}${random.hex(10)}`;
      while (deveuis.has(deveui)) deveui = `${DEVEUI_PREFIX}${random.hex(10)}`;
      deveuis.add(deveui);
      const latitude = lot.latitude + degreesOfLatitude(random.between(-NODE_SPREAD_KM, NODE_SPREAD_KM));
      const longitude =
        lot.longitude + degreesOfLongitude(random.between(-NODE_SPREAD_KM, NODE_SPREAD_KM), lot.fundo.latitude);
      const row = random.integer(1, 40);
      const silent = SILENT_NODES.find((entry) => entry.index === nodes.length);
      nodes.push({
        nodo: `NODO-${code}`,
        nodoabrev: code,
        deveui,
        lot,
        latitude: roundTo6(latitude),
        longitude: roundTo6(longitude),
        referencia: `${lot.ubicacion}, hilera ${row}`,
        depths: lot.crop.depths.slice(0, probeCount(random)),
        silentForHours: silent?.hours ?? null,
      });
    }
  });
  return { lots, nodes };
}
