/** SWR key of the API's health check (`/api/health`), which the status card polls. */
export const healthKeys = {
  all: ['health'] as const,
  check: () => ['health'] as const,
};

export const healthPaths = {
  check: () => '/health',
};
