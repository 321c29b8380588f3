/**
 * `npm run seed [-- --demo]`: migrates the database of DATABASE_URL (else PGlite in DATA_DIR),
 * then seeds the demo users with --demo. A brand-new embedded database gets them anyway.
 */
import { createDatabase } from '../client';
import { prepareDatabase } from '../seed';

async function main(): Promise<void> {
  const demo = process.argv.slice(2).includes('--demo');
  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const dataDir = process.env['DATA_DIR'] || './data';
  const database = await createDatabase({ databaseUrl, dataDir });
  try {
    const target = database.kind === 'pglite' ? `PGlite en ${database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const result = await prepareDatabase(database, { demo });
    console.info(`Base de datos: ${target}`);
    console.info(
      result.applied > 0 ? `Migraciones aplicadas: ${result.applied}` : 'Migraciones: al día, nada que aplicar',
    );
    if (result.seeded.length > 0) {
      console.info(`Usuarios demo creados: ${result.seeded.join(', ')}`);
    } else if (demo) {
      console.info('Usuarios demo: ya existían, nada que crear');
    } else {
      console.info('Usuarios demo: no solicitados (use --demo)');
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('El seed falló:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
