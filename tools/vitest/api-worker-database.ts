import pg from 'pg';

/**
 * API test files run side by side, one per Vitest worker. Each PostgreSQL suite drops and
 * re-creates the `sense` schema of the database it is given, so two workers must never share
 * one: every worker gets its own database next to TEST_DATABASE_URL's (`test` → `test_w1`,
 * `test_w2`…), created on first use, and TEST_DATABASE_URL is pointed at it before the test
 * file is imported. Servers a test spawns inherit the variable, so they use it too.
 */
const baseUrl = process.env['TEST_DATABASE_URL'];
const poolId = process.env['VITEST_POOL_ID'];

if (baseUrl && poolId && !process.env['TEST_DATABASE_BASE_URL']) {
  const url = new URL(baseUrl);
  const baseName = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  const workerName = `${baseName}_w${poolId}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const existing = await admin.query('select 1 from pg_database where datname = $1', [workerName]);
    if (existing.rowCount === 0) {
      try {
        await admin.query(`create database ${pg.escapeIdentifier(workerName)}`);
      } catch (error) {
        // Another run on this machine may have created it a moment ago (42P04 duplicate_database).
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${encodeURIComponent(workerName)}`;
  process.env['TEST_DATABASE_BASE_URL'] = baseUrl;
  process.env['TEST_DATABASE_URL'] = url.toString();
}
