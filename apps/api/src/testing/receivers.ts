// The e2e journeys' and the chaos bench's mail receiver (`@camposense/api/testing/receivers`): the notifier's own.
export { startSmtpReceiver } from '@camposense/server-notify/testing';
export type { ReceivedMail } from '@camposense/server-notify/testing';
