export { appDb, createDatabase, MEMORY_DATA_DIR } from './client';
export type {
  AppDb,
  CreateDatabaseOptions,
  Database,
  PgliteDatabaseHandle,
  PostgresDatabaseHandle,
} from './client';
export { migrate, schemaStatus, MIGRATIONS_FOLDER, MIGRATIONS_SCHEMA, MIGRATIONS_TABLE } from './migrate';
export type { MigrateResult, SchemaStatus } from './migrate';
export { seedDemoUsers, prepareDatabase, DEMO_USERS, DEMO_PASSWORD } from './seed';
export { compactAlertCounts } from './alert-counts';
export { isMeasurementTablePartitioned, maintainMeasurementPartitions, partitionMeasurementTable, PARTITION_MONTHS_AHEAD, PARTITION_MONTHS_BACK } from './partitions';
export type { PartitionMaintenance } from './partitions';
export type { DemoUser, PrepareOptions, PrepareResult } from './seed';
export { hashPassword, verifyPassword } from './password';
export { seedDemoFarm } from './demo/seed-demo-farm';
export type { DemoFarmOptions, DemoFarmResult, DemoFarmCounts } from './demo/seed-demo-farm';
export { createTerminalProgress } from './demo/progress';
export type { FarmPhase, FarmProgress, FarmProgressListener, TerminalProgress } from './demo/progress';
export { fundoBox, planFarm } from './demo/farm-plan';
export type { CoordinateBox, DemoLot, DemoNode, FarmPlan } from './demo/farm-plan';
export { DEMO_FUNDOS, DEMO_STAFF, DEMO_STAFF_PASSWORD_HASH } from './demo/reference-data';
export type { DemoFundo, DemoStaff } from './demo/reference-data';
export { sqlState, violatedConstraint, isConnectionError } from './errors';
export { DataDirLockedError, DATA_DIR_LOCK_FILE } from './data-dir-lock';
// Every table, its row type and the shared column helpers: the schema is the package's contract.
export * from './schema/index';
