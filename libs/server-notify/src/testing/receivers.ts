/**
 * Real carriers' counterparts for tests: an SMTP server in process (the `smtp-server` package)
 * that keeps what it receives, and an HTTP server that keeps the SMS webhook's bodies.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  language: string;
  /** The Message-ID header, angle brackets included. */
  messageId: string;
  /** The body, quoted-printable decoded. */
  text: string;
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').trim();
}

/** Decodes `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function bodyOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const body = split < 0 ? '' : raw.slice(split).trimStart();
  const encoding = header(raw, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export interface SmtpReceiver {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpReceiverOptions {
  /** Told of each mail as it arrives (the e2e setup writes them where its tests read). */
  onMail?: (mail: ReceivedMail) => void;
  /**
   * Awaited after a mail's data has arrived (it is already in `mails`) and before the server answers
   * 250: a slow carrier, or one whose client dies before it hears the answer.
   */
  beforeAnswer?: (mail: ReceivedMail) => Promise<void>;
}

export async function startSmtpReceiver({ onMail, beforeAnswer }: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: decodeWords(header(raw, 'Subject')),
          language: header(raw, 'Content-Language'),
          messageId: header(raw, 'Message-ID'),
          text: bodyOf(raw),
        };
        mails.push(mail);
        onMail?.(mail);
        if (beforeAnswer) void beforeAnswer(mail).then(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface WebhookReceiver {
  url: string;
  bodies: Array<{ to: string; text: string; language: string }>;
  /** The status to answer with (500 to make the carrier fail). */
  status: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = { url: '', bodies: [], status: 200, close: async () => undefined };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (receiver.status < 300) receiver.bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookReceiver['bodies'][number]);
      response.writeHead(receiver.status, { 'content-type': 'application/json' }).end(receiver.status < 300 ? '{"ok":true}' : '{"error":"carrier down"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/sms`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
