/** SWR keys of the sensors' own calls; their rows are the `sensor` table's (tables/keys.ts). */
export const sensorKeys = {
  replicate: () => ['sensors', 'replicate'] as const,
};

export const sensorPaths = {
  replicate: () => '/sense/sensor/replicate',
};
