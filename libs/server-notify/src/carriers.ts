/**
 * The carriers a message is handed to (alarms.md, "How"): e-mail through an SMTP server with
 * Nodemailer (SMTP_URL, MAIL_FROM), SMS through an HTTP webhook (SMS_WEBHOOK_URL, a JSON POST).
 * Where a carrier is not configured the message is only logged, and still recorded as sent.
 */
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Medium = 'correo' | 'sms';

export interface OutgoingMessage {
  medium: Medium;
  /** An e-mail address, or a phone number with its country code (+51987654321). */
  to: string;
  subject: string;
  text: string;
  language: string;
  /**
   * The delivery's idempotency key (`entrega.clave`): the same key is the same message, so a
   * hand-over repeated after a crash carries the same Message-ID (e-mail) or Idempotency-Key (SMS).
   */
  key: string;
}

export interface Carrier {
  send(message: OutgoingMessage): Promise<void>;
  close?(): void;
}

export type Carriers = Record<Medium, Carrier>;

export interface CarrierSettings {
  /** SMTP_URL, e.g. smtp://user:pass@host:587. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM. @default 'CampoSense <alarmas@camposense.local>' */
  mailFrom?: string | undefined;
  /** SMS_WEBHOOK_URL: each SMS is POSTed there as `{ to, text, language }`. */
  smsWebhookUrl?: string | undefined;
  /** How long one hand-over may take. @default 15000 */
  timeoutMs?: number;
}

export const DEFAULT_MAIL_FROM = 'CampoSense <alarmas@camposense.local>';

/**
 * The Message-ID of the e-mail of delivery `key`: a hash of the key (so it says nothing about
 * contacts or episodes) at the sender's domain. Deterministic, so a copy handed over again after a
 * crash is recognisably the same message to the recipient's mail system.
 */
export function messageIdFor(key: string, mailFrom: string = DEFAULT_MAIL_FROM): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'camposense.local';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@${domain}>`;
}

/** Connections kept open to the SMTP server (nodemailer's default is 5; a carrier may limit fewer). */
export const SMTP_MAX_CONNECTIONS = 3;

function smtpCarrier(url: string, from: string, timeoutMs: number): Carrier {
  const parsed = new URL(url);
  // Pooled: an alarm storm hands over many mails a minute, and a new connection (greeting, EHLO,
  // login) for each cost the server a quarter of a core at ten mails a second.
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: SMTP_MAX_CONNECTIONS,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587,
    secure: parsed.protocol === 'smtps:',
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: messageIdFor(message.key, from),
        headers: { 'Content-Language': message.language },
      });
    },
    close: () => transport.close(),
  };
}

function webhookCarrier(url: string, timeoutMs: number): Carrier {
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': message.key },
        body: JSON.stringify({ to: message.to, text: message.text, language: message.language }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Read the answer so the connection is freed, and keep its start as the carrier's error.
      const answer = await response.text();
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}: ${answer.slice(0, 200)}`);
    },
  };
}

function loggingCarrier(logger: Pick<FastifyBaseLogger, 'info'>, medium: Medium): Carrier {
  return {
    async send(message) {
      logger.info({ medium, to: message.to, subject: message.subject }, `notification (${medium} not configured, logged only): ${message.text}`);
    },
  };
}

export function createCarriers(settings: CarrierSettings, logger: Pick<FastifyBaseLogger, 'info'>): Carriers {
  const timeoutMs = settings.timeoutMs ?? 15_000;
  return {
    correo: settings.smtpUrl
      ? smtpCarrier(settings.smtpUrl, settings.mailFrom ?? DEFAULT_MAIL_FROM, timeoutMs)
      : loggingCarrier(logger, 'correo'),
    sms: settings.smsWebhookUrl ? webhookCarrier(settings.smsWebhookUrl, timeoutMs) : loggingCarrier(logger, 'sms'),
  };
}
