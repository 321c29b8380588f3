/** The drizzle schema of `sense`: add each new table here (and to `schema` below). */
import { usuario } from './usuario';

export { sense } from './sense-schema';
export { auditColumns, statusCheck, STATUS_VALUES, STATUS_ACTIVE } from './audit-columns';
export { usuario } from './usuario';
export type { UsuarioRow, NewUsuarioRow } from './usuario';

/** Every table, for `drizzle(client, { schema })` and relational queries. */
export const schema = { usuario };
export type Schema = typeof schema;
