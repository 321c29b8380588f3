import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { rowKeyValues, useTableMeta, useVersionedRow } from '@camposense/data-access';
import type { TableName, TableRow } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { QueryState, useUnsavedChanges } from '@camposense/ui';
import { ArrowLeft } from 'lucide-react';
import { rowText } from '../row-text/row-text';
import { StatusView } from '../status-view/status-view';
import { UserAccessEditor } from '../user-access/user-access-editor';
import { UsuarioForm } from '../usuario-form/usuario-form';
import { RecordEditor } from './record-editor';

export interface UpdateViewProps {
  table: TableName;
  /** The row picked in the table (here or on status), or null while none is. */
  selected: TableRow | null;
  onSelect: (row: TableRow | null) => void;
}

/**
 * The update sub-tab: without a row, the table to pick one from; with one, the row read fresh with
 * its version and the form to edit it (composite keys included).
 */
export function UpdateView({ table, selected, onSelect }: UpdateViewProps) {
  const { t } = useTranslation();
  const meta = useTableMeta(selected ? table : null);
  const version = useVersionedRow(table, selected ? rowKeyValues(table, selected) : null);
  const tableName = t(`tables.${table}`);
  const { confirmLeave } = useUnsavedChanges();
  // Back to the list gives up the edits: asked first, like a switch of subtab.
  const chooseAnother = async () => {
    if (await confirmLeave('subtab', t('parameters.tableLabel', { table: tableName }))) onSelect(null);
  };
  if (!selected) {
    return (
      <Stack gap="0">
        <Text px="4" pt="4" color="fg.muted" fontSize="sm">
          {t('parameters.form.chooseRow')}
        </Text>
        <StatusView table={table} onUpdateRow={onSelect} />
      </Stack>
    );
  }
  return (
    <Stack p="4" gap="4" maxW="56rem">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontWeight="semibold">{t('parameters.form.editing', { row: rowText(table, selected) })}</Text>
        <Button size="sm" variant="outline" onClick={() => void chooseAnother()}>
          <ArrowLeft aria-hidden />
          {t('parameters.form.otherRow')}
        </Button>
      </HStack>
      <QueryState
        query={{
          data: meta.data && version.data ? { meta: meta.data, version: version.data } : undefined,
          error: meta.error ?? version.error,
          isValidating: meta.isValidating || version.isValidating,
          mutate: () => {
            void meta.mutate();
            void version.mutate();
          },
        }}
        loadingLabel={t('parameters.form.rowLoading')}
        loadingDetail={tableName}
        errorMessage={t('parameters.form.rowError')}
      >
        {(data) =>
          // usuario has a form of its own (password confirmation, role; issue 13 item 7).
          table === 'usuario' ? (
            <Stack gap="8">
              <UsuarioForm mode="update" row={data.version.row} etag={data.version.etag} onReload={() => void version.mutate()} />
              <UserAccessEditor usuarioid={Number(data.version.row['usuarioid'])} usuario={String(data.version.row['login'] ?? '')} />
            </Stack>
          ) : (
          <RecordEditor
            table={table}
            mode="update"
            meta={data.meta}
            row={data.version.row}
            etag={data.version.etag}
            onReload={() => void version.mutate()}
          />
          )
        }
      </QueryState>
    </Stack>
  );
}
