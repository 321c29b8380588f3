/**
 * The SQLSTATE of a database error, whichever driver raised it. Drizzle wraps driver errors in
 * DrizzleQueryError (whose message carries the SQL), so the code is looked up along `cause`.
 */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a database error names, when the driver tells it. */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATEs that say the database is away or refused us, not that the request was wrong: class 08
 * (connection exception), 57P01-57P03 (shut down, terminated by an administrator, starting up),
 * 3D000 (the database does not exist: dropped), 53300 (too many connections), 57014 (the statement
 * timeout cancelled it).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '3D000', '53300', '57014']);

/** Node's socket errors, and node-postgres's own texts for a lost or never-made connection. */
const UNAVAILABLE_SYSCALL_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /cannot use a pool after calling end/i,
];

/** Whether a failure means "the database cannot answer now" (answer 503 and retry later). */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SYSCALL_CODES.has(code)) return true;
    }
    // Drizzle's wrapper quotes the SQL and its values in its message: only the driver's text counts.
    const wrapsQuery = 'query' in current && 'params' in current;
    if (!wrapsQuery && typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
