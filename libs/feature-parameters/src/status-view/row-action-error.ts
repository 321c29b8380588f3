import type { ApiErrorDetail, TableName, TableRow } from '@camposense/domain';
import { isTableName } from '@camposense/domain';
import type { Translate } from '@camposense/i18n';
import { NAMED_RULES, problemText } from '../record-editor/save-error';
import { rowText } from '../row-text/row-text';

/** One table whose rows still point at the row a delete was refused for. */
interface Referencing {
  table: string;
  count?: number;
}

function isReferencing(value: unknown): value is Referencing {
  return typeof value === 'object' && value !== null && typeof (value as { table?: unknown }).table === 'string';
}

/**
 * The tables that still reference the row, from a 409 FOREIGN_KEY answer: its details with rule
 * `referencedBy` (field = the referencing table, limit = how many of its rows), or an array of
 * `{ table, count }` under the error.
 */
function details(body: unknown): ApiErrorDetail[] {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  return Array.isArray(error?.['details']) ? (error['details'] as ApiErrorDetail[]) : [];
}

export function referencingTables(body: unknown): Referencing[] {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error) return [];
  const referencedBy = details(body).filter((detail) => detail.rule === 'referencedBy' && typeof detail.field === 'string');
  if (referencedBy.length > 0) {
    return referencedBy.map((detail) => ({ table: detail.field, ...(detail.limit !== undefined ? { count: Number(detail.limit) } : {}) }));
  }
  for (const value of Object.values(error)) {
    if (Array.isArray(value) && value.some(isReferencing)) return value.filter(isReferencing);
  }
  return [];
}

interface ErrorLike {
  code: string;
  message: string;
  body: unknown;
}

const isErrorLike = (error: unknown): error is ErrorLike =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' && typeof (error as { message?: unknown }).message === 'string';

/** A refused delete or status change, in plain words: who still uses the row, a stale row, a role. */
export function describeRowActionError(error: unknown, { table, row, t }: { table: TableName; row: TableRow; t: Translate }): string {
  if (!isErrorLike(error)) return t('errors.unexpected');
  const name = rowText(table, row);
  switch (error.code) {
    case 'FOREIGN_KEY': {
      const uses = referencingTables(error.body).map((referencing) => {
        const label = isTableName(referencing.table) ? t(`tables.${referencing.table}`) : referencing.table;
        return referencing.count !== undefined ? t('parameters.actions.referencedUse', { count: referencing.count, table: label }) : label;
      });
      return uses.length > 0 ? t('parameters.actions.referenced', { row: name, uses: uses.join(', ') }) : t('parameters.actions.referencedAny', { row: name });
    }
    case 'NOT_FOUND':
      return t('parameters.form.notFound');
    case 'PRECONDITION_FAILED':
      return t('parameters.form.stale');
    case 'FORBIDDEN':
      return t('parameters.form.forbidden');
    case 'CONSTRAINT': {
      // Deactivating or deleting the last admin, or one's own account: the rule, in the person's words.
      const named = details(error.body).find((detail) => NAMED_RULES.has(detail.rule));
      return named ? problemText(named, t) : error.message;
    }
    default:
      return error.message;
  }
}
