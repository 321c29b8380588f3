import type { ApiErrorDetail } from '@camposense/domain';
import type { Translate } from '@camposense/i18n';
import type { FieldProblem } from '../form-model/form-model';

/** What a failed save tells the person: messages on fields, one for the whole form, or a stale row. */
export interface SaveErrorView {
  fieldErrors: Record<string, string>;
  /** A message for the whole form (a duplicate, a missing reference, anything without a field). */
  message: string | null;
  /** 412: someone else changed the row since it was read; offer to reload it. */
  stale: boolean;
}

/** The text of one rule on one field, shared by the client's checks and the server's `details`. */
export function problemText(problem: FieldProblem | ApiErrorDetail, t: Translate): string {
  const limit = problem.limit;
  switch (problem.rule) {
    case 'required':
      return t('validation.required');
    case 'maxLength':
      return t('validation.maxLength', { count: Number(limit) });
    case 'minLength':
      return t('validation.minLength', { count: Number(limit) });
    case 'format':
      if (limit === 'email') return t('validation.invalidEmail');
      if (limit === 'deveui') return t('parameters.form.deveui');
      if (limit === 'json') return t('parameters.form.json');
      if (limit === 'timeZone') return t('parameters.form.timeZone');
      return t('validation.invalidFormat');
    case 'type':
      return limit === 'integer' ? t('parameters.form.integer') : t('parameters.form.number');
    case 'range':
      return limit === undefined ? t('validation.invalidValue') : t('parameters.form.range', { limit });
    case 'weakPassword':
      return t('parameters.form.weakPassword');
    case 'readOnly':
      return t('parameters.form.readOnly');
    case 'unknown':
      return t('parameters.form.unknown');
    case 'encoding':
      return t('parameters.form.encoding');
    case 'cycle':
      return t('parameters.form.cycle');
    case 'lastAdmin':
      return t('parameters.form.lastAdmin');
    case 'selfDeactivate':
      return t('parameters.form.selfDeactivate');
    case 'minAboveMax':
      return t('parameters.form.minAboveMax');
    default:
      return t('validation.invalidValue');
  }
}

/** Rules the database keeps in triggers and names in a CONSTRAINT answer (migration 0011). */
export const NAMED_RULES: ReadonlySet<string> = new Set(['cycle', 'lastAdmin', 'selfDeactivate', 'minAboveMax']);

interface ErrorLike {
  status: number;
  code: string;
  message: string;
  body: unknown;
}

function isErrorLike(error: unknown): error is ErrorLike {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number' && typeof (error as { code?: unknown }).code === 'string';
}

function detailsOf(error: ErrorLike): ApiErrorDetail[] {
  const details = (error.body as { error?: { details?: unknown } } | null)?.error?.details;
  return Array.isArray(details) ? (details as ApiErrorDetail[]) : [];
}

/**
 * A failed save in plain words: validation details land on their fields (unless the form does not
 * show that field), a duplicate or a missing reference names the fields in the person's words, a
 * 412 asks to reload, anything else says what the server said.
 */
export function describeSaveError(error: unknown, options: { table: string; fieldLabel: (name: string) => string; shown: ReadonlySet<string>; t: Translate }): SaveErrorView {
  const { table, fieldLabel, shown, t } = options;
  const view: SaveErrorView = { fieldErrors: {}, message: null, stale: false };
  if (!isErrorLike(error)) {
    view.message = error instanceof Error ? error.message : t('errors.unexpected');
    return view;
  }
  const details = detailsOf(error);
  const fields = [...new Set(details.map((detail) => detail.field))].filter((field) => field && field !== 'body');
  const named = fields.map(fieldLabel).join(', ');
  switch (error.code) {
    case 'PRECONDITION_FAILED':
      view.stale = true;
      view.message = t('parameters.form.stale');
      return view;
    case 'DUPLICATE':
      view.message = fields.length > 0 ? t('parameters.form.duplicate', { table, fields: named }) : t('parameters.form.duplicateAny', { table });
      return view;
    case 'FOREIGN_KEY':
      view.message = fields.length > 0 ? t('parameters.form.foreignKey', { fields: named }) : t('parameters.form.foreignKeyAny');
      return view;
    case 'CONSTRAINT': {
      // A rule the console names (a boss cycle, the last admin, one's own account) says why in
      // the person's language, on its field when the form shows it; any other check, the server's words.
      const named = details.find((detail) => NAMED_RULES.has(detail.rule));
      if (!named) view.message = t('parameters.form.constraint', { message: error.message });
      else if (shown.has(named.field)) view.fieldErrors[named.field] = problemText(named, t);
      else view.message = problemText(named, t);
      return view;
    }
    case 'NOT_FOUND':
      view.message = t('parameters.form.notFound');
      return view;
    case 'FORBIDDEN':
      view.message = t('parameters.form.forbidden');
      return view;
    case 'VALIDATION':
    case 'BAD_REQUEST': {
      const unplaced: string[] = [];
      for (const detail of details) {
        const text = problemText(detail, t);
        if (shown.has(detail.field)) view.fieldErrors[detail.field] ??= text;
        else unplaced.push(`${fieldLabel(detail.field)}: ${text}`);
      }
      if (unplaced.length > 0 || details.length === 0) view.message = unplaced.length > 0 ? unplaced.join(' · ') : error.message;
      return view;
    }
    default:
      view.message = error.message;
      return view;
  }
}
