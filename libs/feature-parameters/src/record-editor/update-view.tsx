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
  /**
   * Whether the row's own fields may be changed. A manager opens a user for the grants editor alone
   * (issue 32): the user's fields stay an admin's, and are not shown as a form at all.
   * @default true
   */
  rowWritable?: boolean;
}

/**
 * The update sub-tab: without a row, the table to pick one from; with one, the row read fresh with
 * its version and the form to edit it (composite keys included).
 */
export function UpdateView({ table, selected, onSelect, rowWritable = true }: UpdateViewProps) {
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
              {rowWritable ? <UsuarioForm mode="update" row={data.version.row} etag={data.version.etag} onReload={() => void version.mutate()} /> : null}
              <UserAccessEditor usuarioid={Number(data.version.row['usuarioid'])} usuario={personOf(data.version.row)} />
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

/** How the grants' toast names a user: the e-mail, or for a manager, who is shown no other person's e-mail (reader-view), the name. */
function personOf(row: TableRow): string {
  const login = row['login'];
  if (typeof login === 'string' && login !== '') return login;
  return [row['firstname'], row['lastname']].filter((part) => typeof part === 'string' && part !== '').join(' ');
}
