import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` (drizzle-kit generate) needs no database: it diffs the schema files
// against the snapshots in migrations/meta.
export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/db/src/schema/index.ts',
  out: './libs/db/migrations',
  schemaFilter: ['sense'],
  strict: true,
  verbose: true,
});
