/**
 * What the notifier's suites share: real carriers' counterparts (an SMTP server and an SMS
 * webhook in process) and notifiers wired to them on a test clock, with a silent logger.
 */
import type { Database } from '@camposense/db';
import { createCarriers } from '../carriers';
import type { Carriers } from '../carriers';
import { createNotifier } from '../notifier';
import type { Notifier, NotifierOptions } from '../notifier';
import { startSmtpReceiver, startWebhookReceiver } from './receivers';
import type { SmtpReceiver, WebhookReceiver } from './receivers';

export const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface NotifyHarness {
  smtp: SmtpReceiver;
  webhook: WebhookReceiver;
  /** A notifier (an API instance's) on `database`, telling the receivers, on the given clock. */
  notifier(overrides?: Partial<NotifierOptions>, database?: Database): Notifier;
  close(): Promise<void>;
}

export async function startNotifyHarness(database: Database, now: () => Date): Promise<NotifyHarness> {
  const smtp = await startSmtpReceiver();
  const webhook = await startWebhookReceiver();
  /** Every notifier's carriers: their pooled SMTP connections are closed before the receiver is. */
  const opened: Carriers[] = [];
  const track = (carriers: Carriers) => {
    opened.push(carriers);
    return carriers;
  };
  return {
    smtp,
    webhook,
    notifier: (overrides = {}, on = database) =>
      createNotifier({
        database: on,
        carriers: track(createCarriers({ smtpUrl: smtp.url, mailFrom: 'CampoSense <alarmas@example.test>', smsWebhookUrl: webhook.url }, silentLogger)),
        logger: silentLogger,
        now,
        timeZone: 'UTC',
        ...overrides,
      }),
    close: async () => {
      for (const carriers of opened) for (const carrier of Object.values(carriers)) carrier.close?.();
      await smtp.close();
      await webhook.close();
    },
  };
}
