/** How many API processes `npm start` runs, and whether that is allowed here. */
export interface WorkersPlan {
  workers: number;
}

/**
 * WORKERS (default 1) from the environment; throws a message for the operator when the setting
 * cannot work: several processes need PostgreSQL (PGlite is a single-process database in one
 * folder) and one JWT_SECRET (each process would otherwise sign with a key of its own, or race to
 * generate the shared file, and refuse the others' tokens).
 */
export function planWorkers(env: NodeJS.ProcessEnv): WorkersPlan {
  const raw = env['WORKERS'];
  const workers = raw === undefined || raw === '' ? 1 : Number(raw);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    throw new Error(`WORKERS must be a whole number from 1 to 64, not "${raw}"`);
  }
  if (workers > 1 && !env['DATABASE_URL']) {
    throw new Error(
      `WORKERS=${workers} needs PostgreSQL: set DATABASE_URL. The embedded database (PGlite) is one process over one ` +
        'folder; without DATABASE_URL run a single worker.',
    );
  }
  if (workers > 1 && !env['JWT_SECRET']) {
    throw new Error(
      `WORKERS=${workers} needs JWT_SECRET: every process must sign and check tokens with the same key ` +
        '(e.g. JWT_SECRET=$(openssl rand -base64 48)).',
    );
  }
  return { workers };
}
