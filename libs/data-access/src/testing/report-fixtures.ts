import type { AlertaFilterOptions, AlertaReportRow, MensajeContacto, MensajeFilterOptions, MensajeReportRow } from '@camposense/domain';
import { FIXTURE_NOW } from './fixtures';
import { fundosFixture } from './sense-fixtures';

/*
 * The reports' fixtures, typed against the API's own shapes (libs/domain reports.ts). Built from
 * fixed numbers, never Math.random, so every story renders the same pixels.
 */

export const criticidadesFixture: AlertaFilterOptions['criticidades'] = [
  { criticidadid: 1, criticidad: 'Crítica', grado: 1 },
  { criticidadid: 2, criticidad: 'Alta', grado: 2 },
  { criticidadid: 3, criticidad: 'Media', grado: 3 },
];

const fundoName = (fundoid: number) => fundosFixture.find((row) => row.fundoid === fundoid)?.fundo ?? '';

export const reportUbicacionesFixture: AlertaFilterOptions['ubicaciones'] = [
  { ubicacionid: 1, ubicacion: 'Lote 1', fundoid: 1 },
  { ubicacionid: 2, ubicacion: 'Lote 2', fundoid: 1 },
  { ubicacionid: 3, ubicacion: 'Invernadero A', fundoid: 2 },
  { ubicacionid: 4, ubicacion: 'Parcela Norte', fundoid: 3 },
  { ubicacionid: 5, ubicacion: 'Viña Alta', fundoid: 4 },
].map((row) => ({ ...row, fundo: fundoName(row.fundoid) }));

/** One node per fixture location (its thresholds sit there). */
export const reportNodosFixture: AlertaFilterOptions['nodos'] = [
  { nodoid: 11, nodo: 'NODO-SJO-01', ubicacionids: [1] },
  { nodoid: 12, nodo: 'NODO-SJO-02', ubicacionids: [2] },
  { nodoid: 13, nodo: 'NODO-SRO-01', ubicacionids: [3] },
  { nodoid: 14, nodo: 'NODO-EPA-01', ubicacionids: [4] },
  { nodoid: 15, nodo: 'NODO-LOL-01', ubicacionids: [5] },
];

const METRICS = [
  { metricaid: 1, name: 'Temperatura', unidad: '°C', minimo: 5, maximo: 32 },
  { metricaid: 2, name: 'Humedad', unidad: '%', minimo: 20, maximo: 80 },
  { metricaid: 3, name: 'Electroconductividad', unidad: 'dS/m', minimo: 0.5, maximo: 3 },
];

/** Statuses in turn: active, active, inactive, processed, and once an unknown value (2). */
const STATUS_CYCLE = [1, 1, 0, -1, 1];

const minutesBefore = (minutes: number) => new Date(FIXTURE_NOW.getTime() - minutes * 60_000).toISOString();

/** `count` alerts, newest first (ids count down), spread over the fixture locations and criticalities. */
export function makeAlertas(count: number): AlertaReportRow[] {
  const rows = Array.from({ length: count }, (_, index): Omit<AlertaReportRow, 'episodioactivas'> => {
    const alertaid = 5000 + count - index;
    const ubicacion = reportUbicacionesFixture[index % reportUbicacionesFixture.length]!;
    const nodo = reportNodosFixture[index % reportNodosFixture.length]!;
    const metric = METRICS[index % METRICS.length]!;
    const criticidad = criticidadesFixture[index % criticidadesFixture.length]!;
    const umbralid = 100 + (index % 9);
    const medicionid = 900_000 + alertaid;
    const fecha = minutesBefore(17 + index * 43);
    const valor = Math.round((metric.maximo * 1.15 + (index % 7) * 0.35) * 100) / 100;
    return {
      alertaid,
      umbralid,
      medicionid,
      fecha,
      datecreated: minutesBefore(16 + index * 43),
      statusid: index === 4 ? 2 : STATUS_CYCLE[index % STATUS_CYCLE.length]!,
      umbral: {
        umbralid,
        umbral: `${metric.name} ${criticidad.criticidad.toLowerCase()} · ${ubicacion.ubicacion}`,
        ubicacionid: ubicacion.ubicacionid,
        nodoid: nodo.nodoid,
        tipoid: 1,
        metricaid: metric.metricaid,
        criticidadid: criticidad.criticidadid,
        minimo: metric.minimo,
        maximo: metric.maximo,
      },
      medicion: {
        medicionid,
        fecha,
        medicion: valor,
        nodoid: nodo.nodoid,
        tipoid: 1,
        metricaid: metric.metricaid,
        ubicacionid: ubicacion.ubicacionid,
      },
      valor,
      nodo: nodo.nodo,
      ubicacion: ubicacion.ubicacion,
      metrica: metric.name,
      unidad: metric.unidad,
      criticidad: criticidad.criticidad,
      grado: criticidad.grado,
      episodioid: 700 + (index % 9),
      // The processed ones (-1) were acknowledged by an operator a few minutes after the alert.
      ...(STATUS_CYCLE[index % STATUS_CYCLE.length] === -1 && index !== 4
        ? {
            // One operator without a name: the report says "Usuario 9", never a login.
            reconocidopor: index === 8 ? { usuarioid: 9, firstname: null, lastname: null } : { usuarioid: 4, firstname: 'Rosa', lastname: 'Huamán' },
            fechareconocido: minutesBefore(index * 43),
            notareconocido: 'Riego revisado',
          }
        : { reconocidopor: null, fechareconocido: null, notareconocido: null }),
    };
  });
  // An episode runs on past the rows shown: each active one counts two dozen more than the fixture holds.
  return rows.map((row) => ({
    ...row,
    episodioactivas: row.statusid === 1 ? 23 + rows.filter((other) => other.statusid === 1 && other.episodioid === row.episodioid).length : 0,
  }));
}

/**
 * Twelve alerts (one page) with the fallbacks of the spec: a threshold without text shows
 * `Umbral {id}`, a reading without value `Medición {id}`, a missing creation date `N/A`.
 */
export const alertasFixture: AlertaReportRow[] = makeAlertas(12).map((row, index) => {
  if (index === 2) return { ...row, umbral: row.umbral && { ...row.umbral, umbral: null } };
  if (index === 3) return { ...row, valor: null, medicion: null };
  if (index === 5) return { ...row, datecreated: null };
  return row;
});

/** Forty-five alerts: three pages of 20. */
export const alertasManyFixture: AlertaReportRow[] = makeAlertas(45);

const PEOPLE = [
  { usuarioid: 1, firstname: 'María', lastname: 'Quispe', login: 'maria.quispe@camposense.dev' },
  { usuarioid: 2, firstname: null, lastname: null, login: 'guardia@camposense.dev' },
  { usuarioid: 3, firstname: 'Jorge', lastname: 'Salazar', login: 'jorge.salazar@camposense.dev' },
];

export const LONG_MESSAGE =
  'ALERTA CRÍTICA en Fundo San José, Lote 1: la temperatura del suelo a 20 cm llegó a 38,4 °C y supera el máximo de 32 °C ' +
  'desde hace 45 minutos. Revise el riego del sector norte, confirme la lectura del nodo NODO-SJ-07 y registre la acción tomada ' +
  'en la consola antes de cerrar la alerta.';

export const reportMediosFixture: MensajeFilterOptions['medios'] = [
  { medioid: 1, nombre: 'correo' },
  { medioid: 2, nombre: 'sms' },
];

/** Seven contacts: the three people by e-mail and SMS in turn; the last has no user (`Contact 26`). */
export const reportContactosFixture: MensajeContacto[] = Array.from({ length: 7 }, (_, index) => {
  const person = PEOPLE[index % PEOPLE.length]!;
  return { contactoid: 20 + index, usuarioid: person.usuarioid, medioid: 1 + (index % 2), usuario: index === 6 ? null : person };
});

/** `count` messages, newest first, to the seven contacts in turn. */
export function makeMensajes(count: number): MensajeReportRow[] {
  return Array.from({ length: count }, (_, index) => {
    const mensajeid = 8000 + count - index;
    const contacto = reportContactosFixture[index % reportContactosFixture.length]!;
    const fecha = minutesBefore(11 + index * 29);
    return {
      mensajeid,
      contactoid: contacto.contactoid,
      alertaid: 5000 + count - index,
      mensaje: `Alerta ${5000 + count - index}: ${METRICS[index % METRICS.length]!.name.toLowerCase()} fuera de rango en ${reportUbicacionesFixture[index % reportUbicacionesFixture.length]!.ubicacion}`,
      fecha,
      datecreated: minutesBefore(10 + index * 29),
      statusid: STATUS_CYCLE[index % STATUS_CYCLE.length]!,
      contacto,
    };
  });
}

/** Ten messages with one long text (truncated in the cell) and the contact fallbacks. */
export const mensajesFixture: MensajeReportRow[] = makeMensajes(10).map((row, index) =>
  index === 0 ? { ...row, mensaje: LONG_MESSAGE } : index === 3 ? { ...row, fecha: null } : row,
);

export const mensajesManyFixture: MensajeReportRow[] = makeMensajes(45);
