/**
 * A node's radio probe (issue 33): the built-in probe whose metrics are the node's health from the
 * radio (HEALTH_METRICS: battery, RSSI, SNR), so that a node heard by radio has its health stored as
 * ordinary readings (charts, thresholds, alerts) without an operator setting a probe up first. The
 * ingest gives one to each placed node it hears that has none (in the batch's transaction); the
 * demo farm gives one to each of its nodes. Fixed rows only: the three metrics once, one `tipo`
 * per entity, one probe per node, whatever a sender sends.
 */
import { HEALTH_METRICS } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { numberArray } from './pg-arrays';

/** The radio probe's type, one per entity (`tipo` is unique within its entity). */
export const RADIO_PROBE_TIPO = 'Radio';

/** The health metrics' reference rows, in the spec's language; created where no metric has the abbreviation. */
export const RADIO_METRICS = [
  { metrica: 'Batería', metricaabrev: HEALTH_METRICS.bateria, unidad: '%' },
  { metrica: 'Intensidad de señal', metricaabrev: HEALTH_METRICS.rssi, unidad: 'dBm' },
  { metrica: 'Relación señal/ruido', metricaabrev: HEALTH_METRICS.snr, unidad: 'dB' },
] as const;

/** A node to give a radio probe, with the entity of its active placement (the probe type's entity). */
export interface RadioProbeNode {
  nodoid: number;
  entidadid: number;
}

const ABBREVIATIONS = sql.join(
  RADIO_METRICS.map((metric) => sql`${metric.metricaabrev}::text`),
  sql`, `,
);

/** Who wrote the rows and when (the demo farm dates its rows); by default the database's clock and nobody. */
export interface RadioProbeAudit {
  at: Date;
  usuarioid: number | null;
}

/**
 * The statements that give each node its radio probe where it has none: the metrics (where no
 * metric has the abbreviation; of several, the oldest is used), the entity's `Radio` type, the
 * probe (`sensor`) and its three metrics (`metricasensor`). Idempotent (ON CONFLICT DO NOTHING, and
 * no insert where the row is there, so no identity value is spent); each in its key's order, so two
 * transactions giving the same nodes a probe take the rows in one order and one waits for the other.
 */
export function radioProbeStatements(nodes: readonly RadioProbeNode[], audit?: RadioProbeAudit): SQL[] {
  const at = audit ? sql`${audit.at.toISOString()}::timestamptz` : sql`now()`;
  const by = sql`${audit?.usuarioid ?? null}::int`;
  const sorted = [...new Map(nodes.map((node) => [node.nodoid, node])).values()].sort((left, right) => left.nodoid - right.nodoid);
  if (sorted.length === 0) return [];
  const nodoids = numberArray(sorted.map((node) => node.nodoid));
  const entidadids = numberArray(sorted.map((node) => node.entidadid));
  const metricValues = sql.join(
    RADIO_METRICS.map((metric) => sql`(${metric.metrica}::text, ${metric.metricaabrev}::text, ${metric.unidad}::text)`),
    sql`, `,
  );
  const radioTypes = sql`
    select n.nodoid, t.tipoid
      from unnest(${nodoids}::int[], ${entidadids}::int[]) as n(nodoid, entidadid)
      join sense.tipo t on t.entidadid = n.entidadid and t.tipo = ${RADIO_PROBE_TIPO}`;
  return [
    sql`
      insert into sense.metrica (metrica, metricaabrev, unidad, datecreated, datemodified, usercreatedid)
      select v.metrica, v.abrev, v.unidad, ${at}, ${at}, ${by} from (values ${metricValues}) as v(metrica, abrev, unidad)
       where not exists (select 1 from sense.metrica m where upper(m.metricaabrev) = v.abrev)
       order by v.metrica
      on conflict (metrica) do nothing`,
    sql`
      insert into sense.tipo (tipo, entidadid, datecreated, datemodified, usercreatedid)
      select ${RADIO_PROBE_TIPO}, e.entidadid, ${at}, ${at}, ${by} from (select distinct unnest(${entidadids}::int[]) as entidadid) e
       where not exists (select 1 from sense.tipo t where t.entidadid = e.entidadid and t.tipo = ${RADIO_PROBE_TIPO})
       order by e.entidadid
      on conflict (entidadid, tipo) do nothing`,
    sql`
      insert into sense.sensor (nodoid, tipoid, datecreated, datemodified, usercreatedid)
      select r.nodoid, r.tipoid, ${at}, ${at}, ${by} from (${radioTypes}) r
       where not exists (select 1 from sense.sensor s where s.nodoid = r.nodoid and s.tipoid = r.tipoid)
       order by r.nodoid, r.tipoid
      on conflict (nodoid, tipoid) do nothing`,
    sql`
      insert into sense.metricasensor (nodoid, metricaid, tipoid, datecreated, datemodified, usercreatedid)
      select r.nodoid, m.metricaid, r.tipoid, ${at}, ${at}, ${by}
        from (${radioTypes}) r
        cross join (select min(metricaid) as metricaid from sense.metrica
                     where upper(metricaabrev) in (${ABBREVIATIONS}) group by upper(metricaabrev)) m
       where not exists (select 1 from sense.metricasensor ms where ms.nodoid = r.nodoid and ms.metricaid = m.metricaid and ms.tipoid = r.tipoid)
       order by r.nodoid, m.metricaid, r.tipoid
      on conflict (nodoid, metricaid, tipoid) do nothing`,
  ];
}
