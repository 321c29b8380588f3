import { useTranslation } from '@camposense/i18n';
import { showToast } from '@camposense/ui';
import { useState } from 'react';
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

export interface FormSubmit {
  busy: boolean;
  /** Why the last save failed, with the messages that go on fields (for `RecordForm`). */
  failure: SaveErrorView | null;
  /** The same failure as one text, for a form that shows none of the table's columns (`FormFooter`). */
  failureMessage: string | null;
  clearFailure: () => void;
  /** Runs `write` once: busy meanwhile; then the toast and `onSaved`, or the failure in the reader's words. */
  save: <Result>(write: () => Promise<Result>, saved: SavedSteps<Result>) => Promise<void>;
}

/** The save of a specialised parameters form: one write, its success toast and reset, or why it failed. */
export function useFormSubmit({ table, fieldLabel, shown = new Set(), explainFailure }: FormSubmitOptions): FormSubmit {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SaveErrorView | null>(null);

  const describe = (error: unknown): SaveErrorView => {
    const own = explainFailure?.(error) ?? null;
    return own === null ? describeSaveError(error, { table, fieldLabel, shown, t }) : { fieldErrors: {}, message: own, stale: false };
  };

  const save = async <Result,>(write: () => Promise<Result>, { toast, onSaved }: SavedSteps<Result>) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await write();
      showToast({ type: 'success', ...toast(result) });
      onSaved();
    } catch (error) {
      setFailure(describe(error));
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    failure,
    failureMessage: failure ? (failure.message ?? t('errors.unexpected')) : null,
    clearFailure: () => setFailure(null),
    save,
  };
}
