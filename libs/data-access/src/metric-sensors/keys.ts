/** SWR keys of the metric-sensor mappings' own calls; their rows are the `metricasensor` table's (tables/keys.ts). */
export const metricSensorKeys = {
  replicate: () => ['metric-sensors', 'replicate'] as const,
};

export const metricSensorPaths = {
  replicate: () => '/sense/metricasensor/replicate',
};
