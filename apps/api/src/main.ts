import { createDatabase, prepareDatabase } from '@camposense/db';
import { buildApp } from './app';
import { readConfig } from './config';
import { hasConsoleBuild } from './console-static';
import { loadJwtSecret } from './jwt-secret';

async function main(): Promise<void> {
  const config = readConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const prepared = await prepareDatabase(database);
  const secret = loadJwtSecret({ secret: config.jwtSecret, dataDir: config.dataDir });
  const app = await buildApp({
    database,
    jwtSecret: secret.key,
    consoleDir: config.consoleDir,
    corsOrigins: config.corsOrigins,
    loginRateLimit: config.loginRateLimit,
    trustProxy: config.trustProxy,
    logger: { level: config.production ? 'info' : 'debug' },
  });

  const where = database.kind === 'pglite' ? `PGlite en ${database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`base de datos: ${where}; migraciones aplicadas: ${prepared.applied}`);
  if (prepared.seeded.length > 0) app.log.info(`usuarios demo creados: ${prepared.seeded.join(', ')}`);
  if (secret.origin === 'generated') app.log.info('JWT_SECRET no definido: se generó uno en DATA_DIR/jwt-secret');
  if (secret.origin === 'env' && secret.key.length < 32) app.log.warn('JWT_SECRET tiene menos de 32 bytes');
  if (config.consoleDir && !hasConsoleBuild(config.consoleDir)) {
    app.log.warn(`no hay consola compilada en ${config.consoleDir} (npm run build)`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: cerrando`);
    try {
      await app.close();
    } finally {
      await database.close();
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`CampoSense API escuchando en ${address.replace('0.0.0.0', 'localhost')}`);
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar la API:', error);
  process.exitCode = 1;
});
