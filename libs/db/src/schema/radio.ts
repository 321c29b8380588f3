import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, integer, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { nodo } from './device';
import { sense } from './sense-schema';

/**
 * The radio's view of each uplink (issue 33): the best gateway of ChirpStack's `rxInfo[]` (its
 * RSSI, SNR and id) and the frame counter `fCnt`, written by the ingest service in the batch that
 * stores the uplink's readings. Gaps in `fcnt` between consecutive uplinks are lost uplinks; a
 * counter that goes back (a rejoin) is a reset, not a loss. The key makes a re-delivered uplink
 * (same time, same counter) a duplicate, and serves "the node's uplinks in a window".
 */
export const recepcion = sense.table(
  'recepcion',
  {
    recepcionid: bigint('recepcionid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    nodoid: integer('nodoid')
      .notNull()
      .references(() => nodo.nodoid),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull(),
    /** LoRaWAN's uplink frame counter (32 bits). */
    fcnt: bigint('fcnt', { mode: 'number' }).notNull(),
    /** dBm and dB of the gateway that heard the uplink best. */
    rssi: doublePrecision('rssi').notNull(),
    snr: doublePrecision('snr').notNull(),
    /** That gateway's id (its EUI, 16 hex characters, lower case). */
    pasarela: varchar('pasarela', { length: 16 }).notNull(),
  },
  (table) => [
    uniqueIndex('recepcion_trama_key').on(table.nodoid, table.fecha, table.fcnt),
    check('recepcion_fcnt_check', sql`${table.fcnt} between 0 and 4294967295`),
  ],
);

/**
 * A device's status (ChirpStack's `event/status`, the answer to the DevStatusReq MAC command):
 * battery level in percent (null when the device cannot measure it), the demodulation margin in
 * dB and whether it runs on external power. The key makes a re-delivered event a duplicate.
 */
export const estadodispositivo = sense.table(
  'estadodispositivo',
  {
    estadodispositivoid: bigint('estadodispositivoid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    nodoid: integer('nodoid')
      .notNull()
      .references(() => nodo.nodoid),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull(),
    nivelbateria: doublePrecision('nivelbateria'),
    margen: integer('margen'),
    alimentacionexterna: boolean('alimentacionexterna').notNull().default(false),
  },
  (table) => [
    uniqueIndex('estadodispositivo_nodoid_fecha_key').on(table.nodoid, table.fecha),
    check('estadodispositivo_nivelbateria_check', sql`${table.nivelbateria} between 0 and 100`),
  ],
);
