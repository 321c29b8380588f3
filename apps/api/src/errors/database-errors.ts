import { isConnectionError, sqlState } from '@camposense/db';
import type { ApiErrorDetail } from '@camposense/domain';
import { ApiError, ERROR_MESSAGES } from './api-error';

/** A 400 VALIDATION answer naming the rule the value broke. */
const invalid = <const Rule extends string>(rule: Rule) => ({ status: 400, code: 'VALIDATION', rule }) as const;

/** SQLSTATE → contract error: the one place database failures become API answers. */
const SQLSTATE_ERRORS = {
  '23505': { status: 409, code: 'DUPLICATE', rule: 'unique' },
  '23503': { status: 409, code: 'FOREIGN_KEY', rule: 'foreignKey' },
  '23514': { status: 409, code: 'CONSTRAINT', rule: 'check' },
  '23502': invalid('required'),
  '22001': invalid('maxLength'),
  '22P02': invalid('type'),
  // Text PostgreSQL cannot store: a NUL byte (22021) or a character the encoding lacks (22P05).
  '22021': invalid('encoding'),
  '22P05': invalid('encoding'),
  '22003': invalid('range'),
  '22007': invalid('format'),
  '22008': invalid('format'),
  // A value too big for an index entry (a 100,000-character name under a unique constraint).
  '54000': invalid('maxLength'),
} as const;

type MappedState = keyof typeof SQLSTATE_ERRORS;

/**
 * Rules the database keeps in triggers (migration 0011), each a check violation with a name of its
 * own: the answer names the rule, so a form can say why, and says it in its message.
 */
const NAMED_CHECKS: Readonly<Record<string, { rule: string; message: string; field?: string }>> = {
  perfil_jefe_cycle: { rule: 'cycle', message: 'Un perfil no puede estar en su propia cadena de jefes' },
  usuario_last_admin: { rule: 'lastAdmin', message: 'La consola necesita al menos un administrador activo' },
  usuario_self_deactivate: { rule: 'selfDeactivate', message: 'Nadie puede desactivar ni borrar su propia cuenta' },
  // A threshold's band upside down (issue 28, item 9): said as such, by a form and by an import.
  umbral_minimo_maximo_check: { rule: 'minAboveMax', message: 'El mínimo no puede ser mayor que el máximo', field: 'maximo' },
};

/** The rule and words of a named check constraint, for answers that name it (a bulk import's row errors). */
export function namedCheck(constraint: string): { rule: string; message: string; field?: string } | undefined {
  return Object.hasOwn(NAMED_CHECKS, constraint) ? NAMED_CHECKS[constraint] : undefined;
}

/** The constraint the driver names, through wrapping errors (drizzle's cause chain). */
function constraintName(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { constraint } = current as { constraint?: unknown };
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function isMapped(state: string | undefined): state is MappedState {
  return state !== undefined && Object.hasOwn(SQLSTATE_ERRORS, state);
}

/** Column names from the driver's detail ("Key (paisid, empresa)=(...) already exists"), never the values. */
function detailFields(error: unknown, rule: string): ApiErrorDetail[] | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { detail, column } = current as { detail?: unknown; column?: unknown };
    if (typeof column === 'string') return [{ field: column, rule }];
    if (typeof detail === 'string') {
      const match = /^Key \(([^)]+)\)=/.exec(detail);
      if (match?.[1]) return match[1].split(',').map((field) => ({ field: field.trim().replace(/^"|"$/g, ''), rule }));
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The ApiError for a database failure with a known SQLSTATE, else undefined (it is a 500). */
export function mapDatabaseError(error: unknown): ApiError | undefined {
  // The database is away (restarting, dropped, unreachable) or timed the statement out: 503, and
  // the pool reconnects by itself when it is back.
  if (isConnectionError(error)) return new ApiError(503, 'DATABASE_UNAVAILABLE');
  const state = sqlState(error);
  if (!isMapped(state)) return undefined;
  const { status, code, rule } = SQLSTATE_ERRORS[state];
  const named = state === '23514' ? NAMED_CHECKS[constraintName(error) ?? ''] : undefined;
  if (named) return new ApiError(status, code, named.message, detailFields(error, named.rule) ?? (named.field ? [{ field: named.field, rule: named.rule }] : undefined));
  return new ApiError(status, code, ERROR_MESSAGES[code], detailFields(error, rule));
}
