/** The demo farm's thresholds, and the profiles told when each breaks. */
import { perfilumbral, umbral } from '../schema/index';
import type { FarmPlan } from './farm-plan';
import { createRandom } from './random';
import { thresholdBand } from './readings';
import type { ReadingWindow } from './readings';
import { DEMO_COMPANIES, DEMO_CRITICIDADES, DEMO_METRICS, DEMO_PROFILES, probeTypeName } from './reference-data';
import type { ReferenceIds } from './seed-reference';
import { required } from './seed-support';
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
