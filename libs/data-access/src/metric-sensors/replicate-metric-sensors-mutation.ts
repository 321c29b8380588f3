import type { MetricaSensorReplicateRequest, MetricaSensorTriple } from '@camposense/domain';
import { useLinkRowsMutation } from '../tables/link-rows-mutation';
import { metricSensorKeys, metricSensorPaths } from './keys';

/**
 * `POST /api/sense/metricasensor/replicate`: the chosen metrics on one probe type of every chosen
 * node, in one transaction (all or none: a node without that probe fails the whole call); triples
 * that existed come back in `skipped`. Revalidates what reads `metricasensor`, as every write does.
 */
export function useReplicateMetricSensorsMutation() {
  return useLinkRowsMutation<MetricaSensorReplicateRequest, MetricaSensorTriple>(metricSensorKeys.replicate(), 'metricasensor', metricSensorPaths.replicate());
}
