import { useTranslation } from '@camposense/i18n';
import { showToast } from '@camposense/ui';
import { describeSaveError } from '../record-editor/save-error';
import type { SaveErrorView } from '../record-editor/save-error';

export interface FormSubmitOptions {
  /** The table written, in the reader's words: a duplicate's message names it. */
  table: string;
  /** A column's label, for the columns a failure names. */
  fieldLabel: (name: string) => string;
  /**
   * The columns the form shows: a server's problem with one of them goes on that field. None by
   * default, so every problem is the form's own message.
   */
  shown?: ReadonlySet<string>;
  /**
   * The form's own words for a failure it knows better than `describeSaveError` does (metricasensor's
   * FOREIGN_KEY: the probe was removed meanwhile), or null to leave the failure to it.
   */
  explainFailure?: (error: unknown) => string | null;
}

export interface SavedSteps<Result> {
  /** The success toast's title and text, from what the write answered. */
  toast: (result: Result) => { title: string; message: string };
  /** Readies the form for the next entry, after the toast. */
  onSaved: () => void;
}

/**
 * The write a form saves through: a data-access mutation hook's answer (`useSWRMutation`'s), whose
 * `isMutating` and `error` are the form's busy state and failure.
 */
export interface FormMutation<Arg, Result> {
  /** Rejects when the write fails (SWR's `throwOnError`, on by default), so it never resolves to nothing. */
  trigger: (arg: Arg) => Promise<Result | undefined>;
  isMutating: boolean;
  error: unknown;
  reset: () => void;
}

export interface FormSubmit<Arg, Result> {
  /** The write is on its way (the mutation's `isMutating`). */
  busy: boolean;
  /** Why the last save failed, with the messages that go on fields (for `RecordForm`). */
  failure: SaveErrorView | null;
  /** The same failure as one text, for a form that shows none of the table's columns (`FormFooter`). */
  failureMessage: string | null;
  clearFailure: () => void;
  /** Triggers the write once with `arg`: busy meanwhile; then the toast and `onSaved`, or the failure in the reader's words. */
  save: (arg: Arg, saved: SavedSteps<Result>) => Promise<void>;
}

/**
 * The save of a specialised parameters form: one write, its success toast and reset, or why it
 * failed. Busy and the failure are the mutation's own state, worded for the reader.
 */
export function useFormSubmit<Arg, Result>(
  mutation: FormMutation<Arg, Result>,
  { table, fieldLabel, shown = new Set(), explainFailure }: FormSubmitOptions,
): FormSubmit<Arg, Result> {
  const { t } = useTranslation();

  const describe = (error: unknown): SaveErrorView => {
    const own = explainFailure?.(error) ?? null;
    return own === null ? describeSaveError(error, { table, fieldLabel, shown, t }) : { fieldErrors: {}, message: own, stale: false };
  };

  const save = async (arg: Arg, { toast, onSaved }: SavedSteps<Result>) => {
    // A new try starts without the last one's failure.
    mutation.reset();
    let result: Result;
    try {
      result = (await mutation.trigger(arg)) as Result;
    } catch {
      // The failure is the mutation's `error`, shown below.
      return;
    }
    showToast({ type: 'success', ...toast(result) });
    onSaved();
  };

  const failure = mutation.error === undefined || mutation.error === null ? null : describe(mutation.error);
  return {
    busy: mutation.isMutating,
    failure,
    failureMessage: failure ? (failure.message ?? t('errors.unexpected')) : null,
    clearFailure: () => {
      // Leaves a write on its way alone: resetting it would drop its answer.
      if (!mutation.isMutating) mutation.reset();
    },
    save,
  };
}
