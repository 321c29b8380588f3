/**
 * What the notifier's suites share: real carriers' counterparts (an SMTP server and an SMS
 * webhook in process) and notifiers wired to them on a test clock, with a silent logger.
 */
import type { Database } from '@camposense/db';
import { createCarriers } from '../carriers';
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
  return {
    smtp,
    webhook,
    notifier: (overrides = {}, on = database) =>
      createNotifier({
        database: on,
        carriers: createCarriers({ smtpUrl: smtp.url, mailFrom: 'CampoSense <alarmas@example.test>', smsWebhookUrl: webhook.url }, silentLogger),
        logger: silentLogger,
        now,
        timeZone: 'UTC',
        ...overrides,
      }),
    close: async () => {
      await smtp.close();
      await webhook.close();
    },
  };
}
