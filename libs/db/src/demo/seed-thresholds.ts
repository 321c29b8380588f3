/** The demo farm's thresholds, and the profiles told when each breaks. */
import { sql } from 'drizzle-orm';
import { RADIO_PROBE_TIPO } from '../radio-probe';
import { perfilumbral, umbral } from '../schema/index';
import type { DemoNode, FarmPlan } from './farm-plan';
import { createRandom } from './random';
import { thresholdBand } from './readings';
import type { ReadingWindow } from './readings';
import { DEMO_COMPANIES, DEMO_CRITICIDADES, DEMO_METRICS, DEMO_PROFILES, DEMO_RADIO_THRESHOLDS, probeTypeName } from './reference-data';
import type { ReferenceIds } from './seed-reference';
import { arrayLiteral, required, rowsOf } from './seed-support';
import type { FarmTransaction, ProbeMetricSeries } from './seed-support';

/**
 * One threshold per probe metric, banded from what it has read, with a severity drawn per
 * threshold; the operators of its country hear about all, the supervisors also about Alta.
 */
export async function insertThresholds(
  tx: FarmTransaction,
  seed: number,
  plan: FarmPlan,
  series: readonly ProbeMetricSeries[],
  ids: ReferenceIds,
  window: ReadingWindow,
): Promise<void> {
  const nodeByLabel = new Map(plan.nodes.map((node) => [node.nodo, node]));
  const metricByKey = new Map(DEMO_METRICS.map((metric) => [metric.metricaabrev, metric]));
  const createdAt = new Date(window.startMs);
  const rows = series.map((entry) => {
    const random = createRandom(seed, `threshold:${entry.label}`);
    const metric = metricByKey.get(entry.metric);
    const [nodeName = '', depth = ''] = entry.label.split(':');
    const node = nodeByLabel.get(nodeName);
    if (!metric || !node) throw new Error(`demo farm: unknown series ${entry.label}`);
    const draw = random.next();
    let cumulative = 0;
    const level =
      DEMO_CRITICIDADES.find((candidate) => {
        cumulative += candidate.weight;
        return draw < cumulative;
      }) ?? DEMO_CRITICIDADES[DEMO_CRITICIDADES.length - 1];
    if (!level) throw new Error('demo farm: no criticidades');
    const band = thresholdBand(entry.values, metric.thresholdStep, random);
    return {
      row: {
        umbral: `${metric.metrica} ${probeTypeName(Number(depth))} ${node.nodo}`,
        ubicacionid: entry.ubicacionid,
        nodoid: entry.nodoid,
        tipoid: entry.tipoid,
        metricaid: entry.metricaid,
        criticidadid: required(ids.criticidad, level.criticidad, 'criticidad'),
        minimo: band.minimo,
        maximo: band.maximo,
        datecreated: createdAt,
        datemodified: createdAt,
        usercreatedid: ids.auditUserId,
      },
      grado: level.grado,
      node,
    };
  });
  const inserted = await tx
    .insert(umbral)
    .values(rows.map((entry) => entry.row))
    .returning({ id: umbral.umbralid });

  await insertListeners(tx, rows, inserted, ids, createdAt);
}

/** The profiles told when each threshold breaks: its country's operators, and its supervisors about Alta. */
async function insertListeners(
  tx: FarmTransaction,
  rows: ReadonlyArray<{ grado: number; node: DemoNode }>,
  inserted: ReadonlyArray<{ id: number }>,
  ids: ReferenceIds,
  createdAt: Date,
): Promise<void> {
  const listeners = rows.flatMap((entry, index) => {
    const umbralid = inserted[index]?.id;
    if (umbralid === undefined) return [];
    const country = DEMO_COMPANIES.find((company) => company.empresaabrev === entry.node.lot.fundo.empresaabrev)?.paisabrev;
    const profiles = DEMO_PROFILES.filter(
      (profile) =>
        profile.paisabrev === country && (profile.role === 'Operador' || (profile.role === 'Supervisor' && entry.grado === 1)),
    );
    return profiles.map((profile) => ({
      perfilid: required(ids.perfil, profile.perfil, 'perfil'),
      umbralid,
      datecreated: createdAt,
      datemodified: createdAt,
    }));
  });
  if (listeners.length > 0) await tx.insert(perfilumbral).values(listeners);
}

/**
 * The health thresholds of every node's radio probe (DEMO_RADIO_THRESHOLDS), after the probes'
 * thresholds, in node order; told to the same profiles as the node's other thresholds.
 */
export async function insertRadioThresholds(tx: FarmTransaction, plan: FarmPlan, ids: ReferenceIds, window: ReadingWindow): Promise<void> {
  const createdAt = new Date(window.startMs);
  const nodoids = plan.nodes.map((node) => required(ids.nodo, node.nodo, 'nodo'));
  const probes = rowsOf<{ nodoid: number; tipoid: number; ubicacionid: number }>(
    await tx.execute(sql`
      select s.nodoid, s.tipoid, l.ubicacionid
        from sense.sensor s
        join sense.tipo t on t.tipoid = s.tipoid and t.tipo = ${RADIO_PROBE_TIPO}
        join lateral (select lo.ubicacionid from sense.localizacion lo where lo.nodoid = s.nodoid and lo.statusid = 1
                       order by lo.entidadid, lo.ubicacionid limit 1) l on true
       where s.nodoid = any(${arrayLiteral(nodoids)}::int[])`),
  );
  const metrics = rowsOf<{ abrev: string; metricaid: number }>(
    await tx.execute(sql`select upper(metricaabrev) as abrev, min(metricaid) as metricaid from sense.metrica group by 1`),
  );
  const probeOf = new Map(probes.map((probe) => [probe.nodoid, probe]));
  const metricOf = new Map(metrics.map((metric) => [metric.abrev, metric.metricaid]));
  const rows = plan.nodes.flatMap((node) => {
    const probe = probeOf.get(required(ids.nodo, node.nodo, 'nodo'));
    if (!probe) return [];
    return DEMO_RADIO_THRESHOLDS.map((threshold) => {
      const level = DEMO_CRITICIDADES.find((candidate) => candidate.criticidad === threshold.criticidad);
      if (!level) throw new Error(`demo farm: no criticidad ${threshold.criticidad}`);
      return {
        row: {
          umbral: `${threshold.umbral} ${node.nodo}`,
          ubicacionid: probe.ubicacionid,
          nodoid: probe.nodoid,
          tipoid: probe.tipoid,
          metricaid: required(metricOf, threshold.metricaabrev, 'metrica'),
          criticidadid: required(ids.criticidad, level.criticidad, 'criticidad'),
          minimo: threshold.minimo,
          maximo: threshold.maximo,
          datecreated: createdAt,
          datemodified: createdAt,
          usercreatedid: ids.auditUserId,
        },
        grado: level.grado,
        node,
      };
    });
  });
  if (rows.length === 0) return;
  const inserted = await tx
    .insert(umbral)
    .values(rows.map((entry) => entry.row))
    .returning({ id: umbral.umbralid });
  await insertListeners(tx, rows, inserted, ids, createdAt);
}
