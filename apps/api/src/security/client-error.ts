import type { Socket } from 'node:net';
import { errorBody } from '../errors/api-error';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './headers';

interface ClientError extends Error {
  code?: string;
}

/** Node answers these before Fastify sees a request: headers over its limit → 431, anything else → 400. */
function statusOf(error: ClientError): 400 | 408 | 431 {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

const REASONS = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' } as const;
const MESSAGES = {
  400: 'La solicitud HTTP no es válida',
  408: 'La solicitud tardó demasiado en llegar',
  431: 'Las cabeceras de la solicitud son demasiado grandes',
} as const;

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (a malformed request line,
 * headers over 16 KiB) never reaches a route or hook, so its answer is written here, in the
 * contract's error shape and with the headers every answer carries (issue 10, item 6).
 */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusOf(error);
  const body = JSON.stringify(errorBody('BAD_REQUEST', MESSAGES[status]));
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    'cache-control': 'no-store',
    ...SECURITY_HEADERS,
    'content-security-policy': CONTENT_SECURITY_POLICY,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${REASONS[status]}\r\n${head}\r\n\r\n${body}`);
}
