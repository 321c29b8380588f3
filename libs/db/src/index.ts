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
export type { DemoUser, PrepareOptions, PrepareResult } from './seed';
export { hashPassword, verifyPassword } from './password';
export { sqlState, violatedConstraint } from './errors';
export { sense, usuario, schema, auditColumns, statusCheck, STATUS_VALUES, STATUS_ACTIVE } from './schema/index';
export type { Schema, UsuarioRow, NewUsuarioRow } from './schema/index';
