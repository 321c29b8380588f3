/** SWR keys of the metrics (`/sense/metricas`). */
export const metricKeys = {
  all: ['metrics'] as const,
  list: () => ['metrics', 'list'] as const,
};

export const metricPaths = {
  list: () => '/sense/metricas',
};
