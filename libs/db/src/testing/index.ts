export { testDrivers } from './test-databases';
export type { TestDriver } from './test-databases';
export { hourlyTableMismatches } from './hourly-readings';
export { seedDemoProbe } from './demo-probe';
export type { PlacedProbe } from './demo-probe';
