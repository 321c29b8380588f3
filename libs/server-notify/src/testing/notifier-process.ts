/**
 * One notifier worker in a process of its own, for tests that kill it with SIGKILL mid-send:
 * DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), SMTP_URL, MAIL_FROM, SMS_WEBHOOK_URL,
 * NOTIFY_LEASE_MS. It runs until SIGTERM, which stops it as an API instance stops (waiting for
 * the delivery under way).
 */
import { createDatabase } from '@camposense/db';
import { createCarriers } from '../carriers';
import { createNotifier } from '../notifier';

const env = process.env;
const log = (level: string) => (object: unknown, message?: string) =>
  process.stderr.write(`${JSON.stringify({ level, pid: process.pid, message, ...(typeof object === 'object' ? object : { object }) })}\n`);
const logger = { info: log('info'), warn: log('warn'), error: log('error') };

const database = await createDatabase(env['DATABASE_URL'] ? { databaseUrl: env['DATABASE_URL'] } : { dataDir: env['DATA_DIR']! });
const notifier = createNotifier({
  database,
  carriers: createCarriers({ smtpUrl: env['SMTP_URL'], mailFrom: env['MAIL_FROM'], smsWebhookUrl: env['SMS_WEBHOOK_URL'] }, logger),
  logger,
  timeZone: 'UTC',
  pollIntervalMs: 100,
  ...(env['NOTIFY_LEASE_MS'] ? { leaseMs: Number(env['NOTIFY_LEASE_MS']) } : {}),
  // No node falls silent in these tests: only the deliveries they schedule matter.
  watchingSince: new Date('9999-01-01T00:00:00Z'),
});
notifier.start();
process.stdout.write('notifier started\n');
process.once('SIGTERM', () => {
  void notifier
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
