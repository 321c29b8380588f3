import { Button, HStack } from '@chakra-ui/react';
import { rowKeyValues, useDeleteRowMutation, useUpdateRowMutation } from '@camposense/data-access';
import type { TableName, TableRow } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ConfirmDialog, showToast, useWriteLock } from '@camposense/ui';
import { Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { rowText } from '../row-text/row-text';
import { describeRowActionError } from './row-action-error';

export interface RowActionsProps {
  table: TableName;
  /** The picked row, or null (the buttons wait for one). */
  row: TableRow | null;
  /** Whether the table's rows carry a status to switch. */
  hasStatus: boolean;
  /** After a delete: the row is gone, nothing stays picked. */
  onDeleted: () => void;
  /** A refusal in plain words (a referenced row), for the view to show; null clears it. */
  onError: (message: string | null) => void;
}

/**
 * An admin's actions on the picked row: switch it active/inactive (statusid) and delete it after a
 * confirmation. A row others still reference is refused by the API and said in plain words.
 */
export function RowActions({ table, row, hasStatus, onDeleted, onError }: RowActionsProps) {
  const { t } = useTranslation();
  const update = useUpdateRowMutation(table);
  const remove = useDeleteRowMutation(table);
  const busy = update.isMutating || remove.isMutating;
  // Offline nothing can be saved: the buttons say why (issue 30, item 2).
  const writeLock = useWriteLock();
  const title = writeLock.reason ?? undefined;
  const [confirming, setConfirming] = useState(false);
  const tableName = t(`tables.${table}`);
  const active = row?.['statusid'] === 1;

  const run = async (action: (picked: TableRow) => Promise<unknown>, success: (picked: TableRow) => void) => {
    if (!row || busy) return;
    onError(null);
    try {
      await action(row);
      success(row);
    } catch (error) {
      onError(describeRowActionError(error, { table, row, t }));
    } finally {
      setConfirming(false);
    }
  };

  const toggle = () =>
    run(
      (picked) => update.trigger({ key: rowKeyValues(table, picked), values: { statusid: active ? 0 : 1 } }),
      (picked) =>
        showToast({
          type: 'success',
          title: t(active ? 'parameters.actions.deactivatedTitle' : 'parameters.actions.activatedTitle'),
          message: t('parameters.actions.rowMessage', { row: rowText(table, picked), table: tableName }),
        }),
    );

  const destroy = () =>
    run(
      (picked) => remove.trigger(rowKeyValues(table, picked)),
      (picked) => {
        showToast({ type: 'success', title: t('parameters.actions.deletedTitle'), message: t('parameters.actions.rowMessage', { row: rowText(table, picked), table: tableName }) });
        onDeleted();
      },
    );

  const toggleLabel = t(active || !row ? 'parameters.actions.deactivate' : 'parameters.actions.activate');
  return (
    <HStack gap="2">
      {hasStatus ? (
        // While it saves, the button keeps its name beside the spinner (a screen reader's only clue).
        <Button
          size="sm"
          variant="outline"
          disabled={!row || busy || writeLock.locked}
          title={title}
          loading={update.isMutating}
          loadingText={toggleLabel}
          onClick={() => void toggle()}
        >
          {active || !row ? <PowerOff aria-hidden /> : <Power aria-hidden />}
          {toggleLabel}
        </Button>
      ) : null}
      <Button size="sm" variant="outline" colorPalette="red" disabled={!row || busy || writeLock.locked} title={title} onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden />{t('parameters.actions.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        tone="red"
        busy={remove.isMutating}
        title={t('parameters.actions.deleteTitle')}
        description={row ? t('parameters.actions.deleteDescription', { row: rowText(table, row), table: tableName }) : ''}
        confirmLabel={t('parameters.actions.delete')}
        onConfirm={() => void destroy()}
        onCancel={() => setConfirming(false)}
      />
    </HStack>
  );
}
