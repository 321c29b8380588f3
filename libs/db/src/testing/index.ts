export { testDrivers, resetPostgres } from './test-databases';
export type { TestDriver } from './test-databases';
