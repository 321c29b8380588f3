import type { SensorPair, SensorReplicateRequest } from '@camposense/domain';
import { useLinkRowsMutation } from '../tables/link-rows-mutation';
import { sensorKeys, sensorPaths } from './keys';

/**
 * `POST /api/sense/sensor/replicate`: every chosen probe type on every chosen node, in one
 * transaction; pairs that existed come back in `skipped`. Revalidates what reads `sensor`, as every write does.
 */
export function useReplicateSensorsMutation() {
  return useLinkRowsMutation<SensorReplicateRequest, SensorPair>(sensorKeys.replicate(), 'sensor', sensorPaths.replicate());
}
