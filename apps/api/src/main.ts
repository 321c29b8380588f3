import { createDatabase, DataDirLockedError, prepareDatabase } from '@camposense/db';
import type { Database, PrepareResult } from '@camposense/db';
import { buildApp } from './app';
import { readConfig } from './config';
import { hasConsoleBuild } from './console-static';
import { loadJwtSecret } from './jwt-secret';

/** How long a shutdown waits for the requests under way before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

type ConfigOf = ReturnType<typeof readConfig>;

/** Until the app's logger exists, lost connections are reported on stderr. */
let reportConnectionError = (error: Error) => console.warn(`PostgreSQL: conexión perdida (${error.message})`);

/**
 * Opens and prepares the database. On PostgreSQL the migrations and seeding run on a connection
 * of their own without a statement timeout (an index on a large table may take minutes); the
 * serving pool has one, so no request can hold a connection for ever.
 */
async function openDatabase(config: ConfigOf): Promise<{ database: Database; prepared: PrepareResult }> {
  if (!config.databaseUrl) {
    const database = await createDatabase({ dataDir: config.dataDir });
    return { database, prepared: await prepareDatabase(database) };
  }
  const migrator = await createDatabase({ databaseUrl: config.databaseUrl });
  let prepared: PrepareResult;
  try {
    prepared = await prepareDatabase(migrator);
  } finally {
    await migrator.close();
  }
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    statementTimeoutMs: config.statementTimeoutMs,
    connectTimeoutMs: config.connectTimeoutMs,
    onConnectionError: (error) => reportConnectionError(error),
  });
  return { database, prepared };
}

async function main(): Promise<void> {
  const config = readConfig();
  const { database, prepared } = await openDatabase(config);
  const secret = loadJwtSecret({ secret: config.jwtSecret, dataDir: config.dataDir });
  const app = await buildApp({
    database,
    jwtSecret: secret.key,
    consoleDir: config.consoleDir,
    corsOrigins: config.corsOrigins,
    map: config.map,
    loginRateLimit: config.loginRateLimit,
    trustProxy: config.trustProxy,
    mqttUrl: config.mqttUrl,
    metricsToken: config.metricsToken,
    mqttClientId:
      config.mqttClientId && process.env['WORKER_SLOT'] ? `${config.mqttClientId}-${process.env['WORKER_SLOT']}` : config.mqttClientId,
    mqttTopicPrefix: config.mqttTopicPrefix,
    ingestDates: config.ingestDates,
    notifications: config.notifications,
    readCacheMs: config.readCacheMs,
    liveHeartbeatMs: config.liveHeartbeatMs,
    retentionMonths: config.retentionMonths,
    logger: { level: config.logLevel },
  });

  reportConnectionError = (error) =>
    app.log.warn({ err: error }, 'PostgreSQL: conexión perdida; el pool abrirá otra cuando haga falta');

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
    // Requests under way get SHUTDOWN_GRACE_MS to finish; then every connection is cut, so one that
    // a client opened and never used (or a stream no one reads) cannot hold the shutdown for the
    // server's header timeout.
    const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    try {
      await app.close();
    } finally {
      clearTimeout(cut);
      await database.close();
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`CampoSense API escuchando en ${address.replace('0.0.0.0', 'localhost')}`);
}

main().catch((error: unknown) => {
  // A second server on the same DATA_DIR: the message says what to do, a stack trace would not.
  if (error instanceof DataDirLockedError) console.error(`No se pudo iniciar la API: ${error.message}`);
  else console.error('No se pudo iniciar la API:', error);
  process.exitCode = 1;
});
