/**
 * The fixed catalogue of the demo farm: places, crops, probes, metrics, severities, profiles and
 * staff. Everything random (how many nodes per lot, where they stand, their DevEUIs) is drawn in
 * farm-plan.ts from the seed; this file holds only what a reader should recognise.
 */
import { HEALTH_METRICS, LOW_BATTERY_PERCENT } from '@camposense/domain';

export interface DemoCountry {
  pais: string;
  paisabrev: string;
  codigotelefono: string;
  /** The IANA zone the console shows its farms' events in (issue 16). */
  zonahoraria: string;
  /** Hours from UTC used for the daily cycles and the message times (no daylight saving). */
  utcOffsetHours: number;
  /** Digits of a mobile number after the country code, the first one fixed. */
  mobileDigits: number;
}

export const DEMO_COUNTRIES: readonly DemoCountry[] = [
  { pais: 'Perú', paisabrev: 'PE', codigotelefono: '+51', zonahoraria: 'America/Lima', utcOffsetHours: -5, mobileDigits: 9 },
  { pais: 'Chile', paisabrev: 'CL', codigotelefono: '+56', zonahoraria: 'America/Santiago', utcOffsetHours: -3, mobileDigits: 9 },
];

export interface DemoCompany {
  empresa: string;
  empresaabrev: string;
  paisabrev: string;
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  { empresa: 'Agroexportadora Virú S.A.C.', empresaabrev: 'AGROVIRU', paisabrev: 'PE' },
  { empresa: 'Agrícola Pampa de Ica S.A.C.', empresaabrev: 'PAMPAICA', paisabrev: 'PE' },
  { empresa: 'Agrícola Los Andes SpA', empresaabrev: 'LOSANDES', paisabrev: 'CL' },
  { empresa: 'Frutícola Cachapoal SpA', empresaabrev: 'CACHAPOAL', paisabrev: 'CL' },
];

export type CropName = 'Palta' | 'Arándano' | 'Uva de mesa' | 'Mandarina' | 'Espárrago';

export interface DemoFundo {
  fundo: string;
  /** Three letters, used in node and lot codes (NODO-SJO-01). */
  fundoabrev: string;
  empresaabrev: string;
  /** The centre of the farm, in an agricultural valley of its country. */
  latitude: number;
  longitude: number;
  /** Nodes stand within this many kilometres of the centre, north–south and east–west. */
  radiusKm: number;
  /** Soil temperature at 20 cm, daily mean, °C. */
  soilTemperature: number;
  /** Air temperature swing, peak to mean, °C: the shallow probes follow part of it. */
  dailySwing: number;
  /** What its lots grow, in lot order (Lote 1 grows the first, and so on, cycling). */
  crops: readonly CropName[];
}

export const DEMO_FUNDOS: readonly DemoFundo[] = [
  // Valle de Virú and the Chavimochic irrigation project, La Libertad.
  { fundo: 'Fundo San José', fundoabrev: 'SJO', empresaabrev: 'AGROVIRU', latitude: -8.414, longitude: -78.752, radiusKm: 1, soilTemperature: 22, dailySwing: 5, crops: ['Palta', 'Espárrago', 'Palta'] },
  { fundo: 'Fundo Chavimochic', fundoabrev: 'CHV', empresaabrev: 'AGROVIRU', latitude: -8.285, longitude: -78.807, radiusKm: 1, soilTemperature: 21.5, dailySwing: 5, crops: ['Arándano', 'Palta', 'Arándano'] },
  // Valle de Ica.
  { fundo: 'Fundo Santa Rosa', fundoabrev: 'SRO', empresaabrev: 'PAMPAICA', latitude: -14.085, longitude: -75.735, radiusKm: 1, soilTemperature: 24, dailySwing: 7, crops: ['Uva de mesa', 'Espárrago', 'Uva de mesa'] },
  { fundo: 'Fundo La Venta', fundoabrev: 'LVE', empresaabrev: 'PAMPAICA', latitude: -14.158, longitude: -75.693, radiusKm: 1, soilTemperature: 23.5, dailySwing: 7, crops: ['Mandarina', 'Uva de mesa', 'Mandarina'] },
  // Valle de Aconcagua, Valparaíso.
  { fundo: 'Fundo El Retiro', fundoabrev: 'ERE', empresaabrev: 'LOSANDES', latitude: -32.835, longitude: -70.598, radiusKm: 1, soilTemperature: 19, dailySwing: 8, crops: ['Palta', 'Uva de mesa', 'Palta'] },
  { fundo: 'Fundo San Felipe', fundoabrev: 'SFE', empresaabrev: 'LOSANDES', latitude: -32.75, longitude: -70.725, radiusKm: 1, soilTemperature: 19.5, dailySwing: 8, crops: ['Uva de mesa', 'Mandarina', 'Uva de mesa'] },
  // Valle del Cachapoal, O'Higgins.
  { fundo: 'Fundo La Esperanza', fundoabrev: 'LES', empresaabrev: 'CACHAPOAL', latitude: -34.33, longitude: -70.86, radiusKm: 1, soilTemperature: 18, dailySwing: 8, crops: ['Arándano', 'Mandarina', 'Arándano'] },
  { fundo: 'Fundo Santa Inés', fundoabrev: 'SIN', empresaabrev: 'CACHAPOAL', latitude: -34.18, longitude: -70.75, radiusKm: 1, soilTemperature: 18.5, dailySwing: 8, crops: ['Uva de mesa', 'Arándano', 'Uva de mesa'] },
];

/** The country a fundo's company belongs to. */
export function countryOfFundo(fundo: DemoFundo): DemoCountry {
  const company = DEMO_COMPANIES.find((candidate) => candidate.empresaabrev === fundo.empresaabrev);
  const country = DEMO_COUNTRIES.find((candidate) => candidate.paisabrev === company?.paisabrev);
  if (!country) throw new Error(`no country for ${fundo.fundo}`);
  return country;
}

/** Lots per fundo: 8 fundos × 3 = 24 ubicaciones. */
export const LOTS_PER_FUNDO = 3;
/** Nodes in the whole farm, spread over the lots. */
export const NODE_COUNT = 60;

export interface DemoCrop {
  entidad: CropName;
  entidadabrev: string;
  /** Probe depths in cm, shallowest first: a node carries the first 1–3 of them. */
  depths: readonly number[];
  /** Days between irrigations. */
  irrigationEveryDays: number;
  /** Volumetric water content at field capacity, %. */
  fieldCapacity: number;
  /** Electrical conductivity of the root zone at field capacity, dS/m. */
  conductivity: number;
}

export const DEMO_CROPS: readonly DemoCrop[] = [
  { entidad: 'Palta', entidadabrev: 'PALTA', depths: [20, 40, 60], irrigationEveryDays: 2, fieldCapacity: 32, conductivity: 1.1 },
  { entidad: 'Arándano', entidadabrev: 'ARANDANO', depths: [15, 30, 45], irrigationEveryDays: 1, fieldCapacity: 36, conductivity: 0.9 },
  { entidad: 'Uva de mesa', entidadabrev: 'UVA', depths: [20, 40, 60], irrigationEveryDays: 2, fieldCapacity: 28, conductivity: 1.6 },
  { entidad: 'Mandarina', entidadabrev: 'MANDARINA', depths: [20, 40, 60], irrigationEveryDays: 3, fieldCapacity: 30, conductivity: 1.4 },
  { entidad: 'Espárrago', entidadabrev: 'ESPARRAGO', depths: [20, 40, 60], irrigationEveryDays: 2, fieldCapacity: 24, conductivity: 2.2 },
];

/** The probe type of a crop at a depth (`tipo` is unique per entity). */
export function probeTypeName(depthCm: number): string {
  return `Sonda suelo ${depthCm} cm`;
}

export type MetricKey = 'TEMP' | 'HUM' | 'EC';

export interface DemoMetric {
  metrica: string;
  metricaabrev: MetricKey;
  unidad: string;
  /** Decimals kept in a reading and shown in a message. */
  decimals: number;
  /** Thresholds are rounded outwards to a multiple of this, as a person would set them. */
  thresholdStep: number;
}

/** Every probe reports all three, in this order. */
export const DEMO_METRICS: readonly DemoMetric[] = [
  { metrica: 'Temperatura', metricaabrev: 'TEMP', unidad: '°C', decimals: 2, thresholdStep: 0.5 },
  { metrica: 'Humedad', metricaabrev: 'HUM', unidad: '%', decimals: 1, thresholdStep: 0.5 },
  { metrica: 'Electroconductividad', metricaabrev: 'EC', unidad: 'dS/m', decimals: 2, thresholdStep: 0.05 },
];

/**
 * The health thresholds every node's radio probe gets (issue 33): the battery below 20 % and the
 * best gateway's RSSI below −120 dBm alert like any other threshold.
 */
export const DEMO_RADIO_THRESHOLDS = [
  { umbral: 'Batería baja', metricaabrev: HEALTH_METRICS.bateria, minimo: LOW_BATTERY_PERCENT, maximo: 100, criticidad: 'Media' },
  { umbral: 'Señal débil', metricaabrev: HEALTH_METRICS.rssi, minimo: -120, maximo: 0, criticidad: 'Baja' },
] as const;

export interface DemoCriticidad {
  criticidad: string;
  criticidadabrev: string;
  grado: number;
  frecuencia: number;
  escalamiento: number;
  escalon: number;
  /** Share of the thresholds that get this severity. */
  weight: number;
}

export const DEMO_CRITICIDADES: readonly DemoCriticidad[] = [
  { criticidad: 'Alta', criticidadabrev: 'ALTA', grado: 1, frecuencia: 15, escalamiento: 30, escalon: 2, weight: 0.25 },
  { criticidad: 'Media', criticidadabrev: 'MEDIA', grado: 2, frecuencia: 60, escalamiento: 120, escalon: 1, weight: 0.4 },
  { criticidad: 'Baja', criticidadabrev: 'BAJA', grado: 3, frecuencia: 240, escalamiento: 480, escalon: 0, weight: 0.35 },
];

export type ProfileRole = 'Gerente' | 'Jefe' | 'Supervisor' | 'Operador';

export interface DemoProfile {
  perfil: string;
  perfilabrev: string;
  nivel: number;
  role: ProfileRole;
  /** The country whose thresholds it hears about; none for the manager. */
  paisabrev: string | null;
  /** The boss profile's name. */
  jefe: string | null;
}

/** The boss chain: Gerente (0) → Jefe de fundo (1) → Supervisor (2) → Operador (3), per country. */
export const DEMO_PROFILES: readonly DemoProfile[] = [
  { perfil: 'Gerente Agrícola', perfilabrev: 'GERENTE', nivel: 0, role: 'Gerente', paisabrev: null, jefe: null },
  { perfil: 'Jefe de Fundo Perú', perfilabrev: 'JEFE-PE', nivel: 1, role: 'Jefe', paisabrev: 'PE', jefe: 'Gerente Agrícola' },
  { perfil: 'Jefe de Fundo Chile', perfilabrev: 'JEFE-CL', nivel: 1, role: 'Jefe', paisabrev: 'CL', jefe: 'Gerente Agrícola' },
  { perfil: 'Supervisor Perú', perfilabrev: 'SUPERV-PE', nivel: 2, role: 'Supervisor', paisabrev: 'PE', jefe: 'Jefe de Fundo Perú' },
  { perfil: 'Supervisor Chile', perfilabrev: 'SUPERV-CL', nivel: 2, role: 'Supervisor', paisabrev: 'CL', jefe: 'Jefe de Fundo Chile' },
  { perfil: 'Operador Perú', perfilabrev: 'OPER-PE', nivel: 3, role: 'Operador', paisabrev: 'PE', jefe: 'Supervisor Perú' },
  { perfil: 'Operador Chile', perfilabrev: 'OPER-CL', nivel: 3, role: 'Operador', paisabrev: 'CL', jefe: 'Supervisor Chile' },
];

export interface DemoStaff {
  login: string;
  firstname: string;
  lastname: string;
  usuarioabrev: string;
  perfil: string;
  /** The country of the mobile phone. */
  paisabrev: string;
}

/** Named staff; they sign in with DEMO_PASSWORD like the demo users. */
export const DEMO_STAFF: readonly DemoStaff[] = [
  { login: 'carmen.rodriguez@camposense.dev', firstname: 'Carmen', lastname: 'Rodríguez', usuarioabrev: 'CRODRIGUEZ', perfil: 'Gerente Agrícola', paisabrev: 'PE' },
  { login: 'jorge.quispe@camposense.dev', firstname: 'Jorge', lastname: 'Quispe', usuarioabrev: 'JQUISPE', perfil: 'Jefe de Fundo Perú', paisabrev: 'PE' },
  { login: 'francisca.munoz@camposense.dev', firstname: 'Francisca', lastname: 'Muñoz', usuarioabrev: 'FMUNOZ', perfil: 'Jefe de Fundo Chile', paisabrev: 'CL' },
  { login: 'rosa.huaman@camposense.dev', firstname: 'Rosa', lastname: 'Huamán', usuarioabrev: 'RHUAMAN', perfil: 'Supervisor Perú', paisabrev: 'PE' },
  { login: 'matias.gonzalez@camposense.dev', firstname: 'Matías', lastname: 'González', usuarioabrev: 'MGONZALEZ', perfil: 'Supervisor Chile', paisabrev: 'CL' },
  { login: 'luis.mamani@camposense.dev', firstname: 'Luis', lastname: 'Mamani', usuarioabrev: 'LMAMANI', perfil: 'Operador Perú', paisabrev: 'PE' },
  { login: 'pedro.flores@camposense.dev', firstname: 'Pedro', lastname: 'Flores', usuarioabrev: 'PFLORES', perfil: 'Operador Perú', paisabrev: 'PE' },
  { login: 'camila.soto@camposense.dev', firstname: 'Camila', lastname: 'Soto', usuarioabrev: 'CSOTO', perfil: 'Operador Chile', paisabrev: 'CL' },
  { login: 'diego.rojas@camposense.dev', firstname: 'Diego', lastname: 'Rojas', usuarioabrev: 'DROJAS', perfil: 'Operador Chile', paisabrev: 'CL' },
];

/** The profiles the demo users (seed.ts) hold once a farm exists. */
export const DEMO_USER_PROFILES: Readonly<Record<string, { perfil: string; paisabrev: string }>> = {
  'admin@camposense.dev': { perfil: 'Gerente Agrícola', paisabrev: 'PE' },
  'operador@camposense.dev': { perfil: 'Operador Perú', paisabrev: 'PE' },
  'operador.chile@camposense.dev': { perfil: 'Operador Chile', paisabrev: 'CL' },
};

/**
 * An argon2id hash of DEMO_PASSWORD, computed once. The staff share it: hashing nine passwords
 * would cost seconds, and a fresh salt per run would make the farm differ from run to run.
 * database.api.test.ts checks it still matches DEMO_PASSWORD.
 */
export const DEMO_STAFF_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$W33OFYxOVvKq/flMmzuIew$EduB3/UdnL6KMNsWeffcqHlRA5RYPs8a2kY+38BRhic';
