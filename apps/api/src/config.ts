import { fileURLToPath } from 'node:url';

/** The repository root, from this file (apps/api/src/config.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ApiConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  nodeEnv: string;
  production: boolean;
  /** The built console to serve; undefined in development (Vite serves it). */
  consoleDir: string | undefined;
}

/** Reads the server's settings from the environment (DEVELOPERS.md lists them). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const port = Number(env['PORT'] ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT no válido: ${env['PORT']}`);
  const nodeEnv = env['NODE_ENV'] ?? 'development';
  const production = nodeEnv === 'production';
  return {
    port,
    host: env['HOST'] || '0.0.0.0',
    databaseUrl: env['DATABASE_URL'] || undefined,
    dataDir: env['DATA_DIR'] || './data',
    jwtSecret: env['JWT_SECRET'] || undefined,
    nodeEnv,
    production,
    consoleDir: env['CONSOLE_DIR'] || (production ? `${REPO_ROOT}dist/console` : undefined),
  };
}
