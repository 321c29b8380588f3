/**
 * The radio's view of the demo farm (issue 33): for each uplink of the last day (a quarter hour
 * at which the node has readings, so a silent node stays silent) the best gateway's RSSI and SNR
 * and the frame counter, with a few lost frames; and a status event every six hours with the
 * battery. The farm's last node heard to the end (radioSubjects) has its battery drain below 20 %
 * at the day's last status event (the map shows it `bateria-baja`, its battery threshold alerts),
 * and the one before it stands behind a weak gateway all day (−121 to −124 dBm, below its RSSI
 * threshold). The last ones, so that the tests' probes (the first thresholds) are not theirs. These become readings of each
 * node's radio probe too (radioReadingsStatement), as the ingest makes them. Written by SQL from the
 * node ids and the readings already there: the same farm gives the same rows.
 */
import { HEALTH_METRICS } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { RADIO_PROBE_TIPO, radioProbeStatements } from '../radio-probe';
import type { RadioProbeNode } from '../radio-probe';
import type { DemoNode, FarmPlan } from './farm-plan';
import { READING_INTERVAL_MS } from './readings';
import type { ReadingWindow } from './readings';
import type { ReferenceIds } from './seed-reference';
import { arrayLiteral, required, rowsOf } from './seed-support';
import type { FarmTransaction } from './seed-support';

interface RadioPlan {
  /** The node whose battery drains, and the one behind a weak gateway. */
  drainingNodoid: number;
  weakLinkNodoid: number;
  /** The end of the readings' window (epoch ms): the radio view covers the day before it. */
  endMs: number;
}

const DAY_SECONDS = 86_400;

function radioStatements({ drainingNodoid, weakLinkNodoid, endMs }: RadioPlan): SQL[] {
  const end = sql`to_timestamp(${endMs / 1000}::float8)`;
  const start = sql`(${end} - make_interval(secs => ${DAY_SECONDS}))`;
  return [
    // i: the uplink's position in the day (a quarter hour each). The counter skips two frames every
    // 37th uplink (lost on the air); the gateways differ by node and vary by uplink.
    sql`
      insert into sense.recepcion (nodoid, fecha, fcnt, rssi, snr, pasarela)
      select u.nodoid, u.fecha,
             1000 * u.nodoid + u.i + 2 * (u.i / 37),
             case when u.nodoid = ${weakLinkNodoid} then -121 - (u.i * 7 + u.nodoid) % 4
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
             case when s.nodoid = ${drainingNodoid} then 34 - 4 * s.k
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

/**
 * The radio view and battery levels of the farm's nodes as readings of their radio probes (RSSI and
 * SNR per uplink, the battery per status event), as the ingest stores them: in time order (ids grow
 * with time), at the node's active placement.
 */
function radioReadingsStatement(nodoids: readonly number[]): SQL {
  const nodes = sql`${arrayLiteral(nodoids)}::int[]`;
  return sql`
    insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
    select v.fecha, v.valor, v.nodoid, ms.tipoid, ms.metricaid, l.ubicacionid
      from (select nodoid, fecha, ${HEALTH_METRICS.rssi}::text as abrev, rssi as valor from sense.recepcion where nodoid = any(${nodes})
            union all
            select nodoid, fecha, ${HEALTH_METRICS.snr}::text, snr from sense.recepcion where nodoid = any(${nodes})
            union all
            select nodoid, fecha, ${HEALTH_METRICS.bateria}::text, nivelbateria from sense.estadodispositivo
             where nodoid = any(${nodes}) and nivelbateria is not null) v
      join sense.metricasensor ms on ms.nodoid = v.nodoid
      join sense.tipo t on t.tipoid = ms.tipoid and t.tipo = ${RADIO_PROBE_TIPO}
      join sense.metrica m on m.metricaid = ms.metricaid and upper(m.metricaabrev) = v.abrev
      join lateral (select lo.ubicacionid from sense.localizacion lo where lo.nodoid = v.nodoid and lo.statusid = 1
                     order by lo.entidadid, lo.ubicacionid limit 1) l on true
     order by v.fecha, v.nodoid, ms.metricaid`;
}

/** The node whose battery drains and the one behind a weak gateway: the last two that are never silent. */
export function radioSubjects(plan: FarmPlan): { draining: DemoNode; weakLink: DemoNode } | null {
  const heard = plan.nodes.filter((node) => node.silentForHours === null);
  const draining = heard.at(-1);
  const weakLink = heard.at(-2);
  return draining && weakLink ? { draining, weakLink } : null;
}

/**
 * The farm's radio (issue 33), after its readings and before their hours are counted: the radio view
 * of the last day, each placed node's radio probe (dated at the window's start, as the farm's other
 * rows), and the probes' readings.
 */
export async function insertRadio(tx: FarmTransaction, plan: FarmPlan, ids: ReferenceIds, window: ReadingWindow): Promise<void> {
  const nodoids = plan.nodes.map((node) => required(ids.nodo, node.nodo, 'nodo'));
  const subjects = radioSubjects(plan);
  if (!subjects) return;
  const drainingNodoid = required(ids.nodo, subjects.draining.nodo, 'nodo');
  const weakLinkNodoid = required(ids.nodo, subjects.weakLink.nodo, 'nodo');
  const endMs = window.startMs + (window.steps - 1) * READING_INTERVAL_MS;
  for (const statement of radioStatements({ drainingNodoid, weakLinkNodoid, endMs })) await tx.execute(statement);
  const placed = rowsOf<RadioProbeNode>(
    await tx.execute(sql`
      select distinct on (nodoid) nodoid, entidadid from sense.localizacion
       where nodoid = any(${arrayLiteral(nodoids)}::int[]) and statusid = 1
       order by nodoid, entidadid, ubicacionid`),
  );
  for (const statement of radioProbeStatements(placed, { at: new Date(window.startMs), usuarioid: ids.auditUserId })) await tx.execute(statement);
  await tx.execute(radioReadingsStatement(nodoids));
}
