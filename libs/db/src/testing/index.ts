export { testDrivers } from './test-databases';
export type { TestDriver } from './test-databases';
export { hourlyTableMismatches } from './hourly-readings';
