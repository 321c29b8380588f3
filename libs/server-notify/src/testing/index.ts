// Receivers that stand in for the SMTP server and the SMS webhook, and a notifier over them.
export { silentLogger, startNotifyHarness } from './notify-harness';
export type { NotifyHarness } from './notify-harness';
export { startSmtpReceiver, startWebhookReceiver } from './receivers';
export type { ReceivedMail, SmtpReceiver, WebhookReceiver } from './receivers';
export { createTestRecipients } from './recipients';
export type { TestRecipients } from './recipients';
