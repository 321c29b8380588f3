export { appDb, createDatabase, MEMORY_DATA_DIR } from './client';
export type { Database } from './client';
export { migrate, schemaStatus } from './migrate';
export { seedDemoUsers, prepareDatabase, DEMO_USERS, DEMO_PASSWORD } from './seed';
export { compactAlertCounts } from './alert-counts';
export { maintainMeasurementPartitions } from './partitions';
export type { PrepareResult } from './seed';
export { hashPassword, verifyPassword } from './password';
export { seedDemoFarm } from './demo/seed-demo-farm';
export { planFarm } from './demo/farm-plan';
export { createRandom } from './demo/random';
export type { DemoNode } from './demo/farm-plan';
export { sqlState, isConnectionError } from './errors';
export { numberArray, textArray } from './pg-arrays';
export { DataDirLockedError, DATA_DIR_LOCK_FILE } from './data-dir-lock';
// Every table, its row type and the shared column helpers: the schema is the package's contract.
export * from './schema/index';
export { radioProbeStatements } from './radio-probe';
export type { RadioProbeNode } from './radio-probe';
