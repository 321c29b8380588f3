/**
 * The radio's view of the demo farm (issue 33): for each uplink of the last day (a quarter hour
 * at which the node has readings, so a silent node stays silent) the best gateway's RSSI and SNR
 * and the frame counter, with a few lost frames; and a status event every six hours with the
 * battery. The farm's first node's battery drains below 20 % during that day (the map shows it
 * `bateria-baja`), and its second node stands behind a weak gateway (about −122 dBm). Written by
 * SQL from the node ids and the readings already there: the same farm gives the same rows.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

export interface RadioPlan {
  /** The node whose battery drains, and the one behind a weak gateway. */
  drainingNodoid: number;
  weakLinkNodoid: number;
  /** The end of the readings' window (epoch ms): the radio view covers the day before it. */
  endMs: number;
}

const DAY_SECONDS = 86_400;

export function radioStatements({ drainingNodoid, weakLinkNodoid, endMs }: RadioPlan): SQL[] {
  const end = sql`to_timestamp(${endMs / 1000}::float8)`;
  const start = sql`(${end} - make_interval(secs => ${DAY_SECONDS}))`;
  return [
    // i: the uplink's position in the day (a quarter hour each). The counter skips two frames every
    // 37th uplink (lost on the air); the gateways differ by node and vary by uplink.
    sql`
      insert into sense.recepcion (nodoid, fecha, fcnt, rssi, snr, pasarela)
      select u.nodoid, u.fecha,
             1000 * u.nodoid + u.i + 2 * (u.i / 37),
             case when u.nodoid = ${weakLinkNodoid} then -119 - (u.i * 7 + u.nodoid) % 6
                  else -68 - (u.nodoid * 37) % 30 - (u.i * 11 + u.nodoid) % 12 end,
             case when u.nodoid = ${weakLinkNodoid} then -12 + ((u.i * 3) % 40) / 10.0
                  else 9 - ((u.nodoid * 13 + u.i * 7) % 80) / 10.0 end,
             case when u.nodoid = ${weakLinkNodoid} then '0016c001ff10a235'
                  when u.nodoid % 2 = 0 then 'a84041ffff1f2a3b' else 'a84041ffff1f2a3c' end
        from (select m.nodoid, m.fecha,
                     (extract(epoch from m.fecha - ${start}) / 900)::int as i
                from (select distinct nodoid, fecha from sense.medicion where fecha > ${start} and fecha <= ${end}) m) u
      on conflict do nothing`,
    // Every six hours of the day, for the nodes heard then.
    sql`
      insert into sense.estadodispositivo (nodoid, fecha, nivelbateria, margen, alimentacionexterna)
      select s.nodoid, s.fecha,
             case when s.nodoid = ${drainingNodoid} then 34 - 6 * s.k
                  else 98 - (s.nodoid * 7) % 35 - s.k * 0.1 end,
             case when s.nodoid = ${weakLinkNodoid} then 1 else 8 + s.nodoid % 10 end,
             false
        from (select r.nodoid, r.fecha, (extract(epoch from r.fecha - ${start}) / 21600)::int as k
                from sense.recepcion r
               where r.fecha > ${start} and r.fecha <= ${end}
                 and extract(epoch from r.fecha - ${start})::int % 21600 = 0) s
      on conflict do nothing`,
  ];
}
