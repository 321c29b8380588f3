import { Alert, Box, Button, HStack, IconButton, Input, List, Stack, Table, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useBulkCreateMutation } from '@camposense/data-access';
import type { TableMeta } from '@camposense/data-access';
import type { BulkCreateError, BulkCreateResult, TableName } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ErrorBox, FormField, Pager, parseCsv, parseCsvFile, QueryState, showToast, useReportUnsavedChanges, useWriteLock, WriteLockReason } from '@camposense/ui';
import { Plus, Trash2, Upload } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { formFields } from '../form-model/form-model';
import { describeSaveError, problemText } from '../record-editor/save-error';
import { useTableMetaState } from '../table-meta/table-meta-state';
import { DECIMAL_TYPES, errorsByRow, fromCsv, readDecimalCommas, requestRows } from './massive-rows';
import type { MassiveRow } from './massive-rows';

export interface MassiveViewProps {
  table: TableName;
}

const GRID_PAGE_SIZE = 20;
const BULK_RULES = new Set(['unknownLabel', 'ambiguousLabel', 'missing', 'repeated', 'exists', 'check', 'decimalComma']);

/** The massive sub-tab (sensor, metricasensor, umbral): loads the table's columns, then the grid. */
export function MassiveView({ table }: MassiveViewProps) {
  const metaState = useTableMetaState(table);
  return (
    <Box p="4">
      <QueryState {...metaState}>{(data) => <MassiveEditor table={table} meta={data} />}</QueryState>
    </Box>
  );
}

interface Preview {
  result: BulkCreateResult;
  /** The rows the dry run checked: saving needs exactly these. */
  rows: MassiveRow[];
}

/**
 * Many rows at once: typed in a grid, or pasted / uploaded as CSV (headers are column names,
 * references by id or by label). REVISAR is the API's dry run: each bad row is marked and why;
 * GUARDAR TODO writes them in one transaction, all or none, once the checked rows are all valid.
 */
function MassiveEditor({ table, meta }: { table: TableName; meta: TableMeta }) {
  const { t, i18n } = useTranslation();
  const tableName = t(`tables.${table}`);
  const columns = useMemo(() => formFields(table, meta.columns, meta.constraints, 'insert').filter((field) => field.input !== 'password'), [table, meta]);
  const names = columns.map((field) => field.name);
  const blank = (): MassiveRow => Object.fromEntries(names.map((name) => [name, '']));
  const [rows, setRows] = useState<MassiveRow[]>(() => [blank()]);
  const [page, setPage] = useState(1);
  const [pasted, setPasted] = useState('');
  const [notes, setNotes] = useState<string[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  /** What keeps the rows from being sent (none typed); a refused check or save is its mutation's `error`. */
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const checkRows = useBulkCreateMutation(table);
  const saveRows = useBulkCreateMutation(table);
  const busy = checkRows.isMutating ? 'check' : saveRows.isMutating ? 'save' : null;
  // Offline the rows can be pasted and edited but neither checked nor saved: both need the API (issue 30).
  const writeLock = useWriteLock();

  const sent = requestRows(rows);
  useReportUnsavedChanges(sent.length > 0);

  const fieldLabel = (name: string) => (i18n.exists(`parameters.fields.${name}`) ? t(`parameters.fields.${name}` as 'parameters.fields.pais') : name);
  const current = preview !== null && preview.rows === rows;
  const writeError = checkRows.error ?? saveRows.error;
  const failure = problem ?? (writeError ? describeSaveError(writeError, { table: tableName, fieldLabel, shown: new Set(), t }).message : null);
  const clearFailure = () => {
    setProblem(null);
    checkRows.reset();
    saveRows.reset();
  };
  const problems = useMemo(() => (preview ? errorsByRow(preview.rows, preview.result.errors) : new Map<number, BulkCreateError[]>()), [preview]);

  const problemLine = (error: BulkCreateError) => {
    const reason = BULK_RULES.has(error.rule) ? t(`parameters.massive.rules.${error.rule}` as 'parameters.massive.rules.missing') : problemText({ field: error.field ?? '', rule: error.rule, limit: error.limit }, t);
    return error.field ? `${fieldLabel(error.field)}: ${reason}` : reason;
  };

  const replaceRows = (next: MassiveRow[]) => {
    setRows(next.length > 0 ? next : [blank()]);
    setPage(1);
    setPreview(null);
    clearFailure();
  };

  const loadCsv = (parsed: ReturnType<typeof parseCsv>) => {
    const { rows: fromFile, unknown } = fromCsv(names, parsed.columns, parsed.rows, meta.columns.map((column) => column.column_name));
    const decimalColumns = new Set(meta.columns.filter((column) => DECIMAL_TYPES.has(column.data_type)).map((column) => column.column_name));
    const read = readDecimalCommas(fromFile, decimalColumns, parsed.delimiter);
    const next = [
      ...parsed.errors.map((error) => t('parameters.massive.parseError', { line: error.line, message: error.message })),
      ...(unknown.length > 0 ? [t('parameters.massive.unknownColumns', { table: tableName, columns: unknown.join(', ') })] : []),
    ];
    setNotes(next);
    replaceRows(read);
  };

  const setCell = (index: number, column: string, value: string) => {
    setRows((previous) => previous.map((row, position) => (position === index ? { ...row, [column]: value } : row)));
  };

  const check = async () => {
    if (sent.length === 0) {
      setProblem(t('parameters.massive.empty'));
      return;
    }
    clearFailure();
    try {
      const result = await checkRows.trigger({ rows: sent, dryRun: true });
      setPreview({ result, rows });
    } catch {
      // Said from the mutation's `error`.
      setPreview(null);
    }
  };

  const save = async () => {
    clearFailure();
    let result: BulkCreateResult;
    try {
      result = await saveRows.trigger({ rows: sent, dryRun: false });
    } catch {
      // Said from the mutation's `error`.
      return;
    }
    if (result.errors.length > 0) {
      setPreview({ result, rows });
      return;
    }
    showToast({ type: 'success', title: t('parameters.massive.createdTitle'), message: t('parameters.massive.created', { count: result.created, table: tableName }) });
    setNotes([]);
    replaceRows([]);
  };

  const totalPages = Math.max(1, Math.ceil(rows.length / GRID_PAGE_SIZE));
  const first = (page - 1) * GRID_PAGE_SIZE;
  const bad = problems.size;

  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm" maxW="60rem">
        {t('parameters.massive.intro')}
      </Text>
      <Stack gap="2" maxW="60rem">
        <FormField label={t('parameters.massive.paste')}>
          <Textarea rows={3} fontFamily="mono" fontSize="xs" value={pasted} placeholder={t('parameters.massive.pastePlaceholder')} onChange={(event) => setPasted(event.target.value)} />
        </FormField>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" disabled={!pasted.trim() || busy !== null} onClick={() => loadCsv(parseCsv(pasted))}>{t('parameters.massive.load')}</Button>
          <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden />{t('parameters.massive.upload')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={t('parameters.massive.upload')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void parseCsvFile(file).then(loadCsv);
            }}
          />
          <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => setRows((previous) => [...previous, blank()])}>
            <Plus aria-hidden />
            {t('parameters.massive.addRow')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy !== null}
            onClick={() => {
              setNotes([]);
              setPasted('');
              replaceRows([]);
            }}
          >
            {t('parameters.massive.clear')}
          </Button>
        </HStack>
      </Stack>
      {notes.map((note) => (
        <Alert.Root key={note} status="warning" variant="subtle" maxW="60rem">
          <Alert.Indicator />
          <Alert.Description>{note}</Alert.Description>
        </Alert.Root>
      ))}
      <Text fontSize="sm" color="fg.muted" role="status">
        {t('parameters.massive.rows', { count: rows.length })}
        {sent.length < rows.length ? ` · ${t('parameters.massive.rowsFilled', { filled: sent.length })}` : ''}
      </Text>
      <Box overflowX="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={t('parameters.massive.gridLabel', { table: tableName })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('parameters.massive.row')}</Table.ColumnHeader>
              {columns.map((field) => (
                <Table.ColumnHeader key={field.name}>
                  {field.name}
                  {field.required ? ' *' : ''}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader>
                <VisuallyHidden>{t('parameters.massive.rowActions')}</VisuallyHidden>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.slice(first, first + GRID_PAGE_SIZE).map((row, offset) => {
              const index = first + offset;
              const rowProblems = current ? problems.get(index) : undefined;
              const badFields = new Set(rowProblems?.map((problem) => problem.field));
              return (
                <Table.Row key={index} bg={rowProblems ? 'red.subtle' : undefined} aria-invalid={rowProblems ? true : undefined}>
                  <Table.Cell fontVariantNumeric="tabular-nums">{index + 1}</Table.Cell>
                  {columns.map((field) => (
                    <Table.Cell key={field.name} minW="8rem">
                      <Input
                        size="xs"
                        aria-label={t('parameters.massive.cellLabel', { row: index + 1, column: field.name })}
                        value={row[field.name] ?? ''}
                        aria-invalid={badFields.has(field.name) || undefined}
                        borderColor={badFields.has(field.name) ? 'border.error' : undefined}
                        onChange={(event) => setCell(index, field.name, event.target.value)}
                      />
                    </Table.Cell>
                  ))}
                  <Table.Cell>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('parameters.massive.removeRow', { row: index + 1 })}
                      onClick={() => replaceRows(rows.filter((_, position) => position !== index))}
                    >
                      <Trash2 />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      <Pager page={page} totalPages={totalPages} onPageChange={setPage} />
      {preview && !current ? <Text color="fg.warning">{t('parameters.massive.changed')}</Text> : null}
      {current && bad === 0 ? (
        <Alert.Root status="success" variant="subtle" maxW="60rem">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('parameters.massive.previewOkTitle')}</Alert.Title>
            <Alert.Description>{t('parameters.massive.previewOk', { count: sent.length })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {current && bad > 0 && preview ? (
        <Alert.Root status="error" variant="subtle" maxW="60rem" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('parameters.massive.previewBadTitle')}</Alert.Title>
            <Alert.Description>
              {t('parameters.massive.previewBad', { bad, count: requestRows(preview.rows).length })}
              {preview.result.errorCount > preview.result.errors.length
                ? ` ${t('parameters.massive.errorsCut', { shown: preview.result.errors.length, total: preview.result.errorCount, count: preview.result.errorCount })}`
                : ''}
            </Alert.Description>
            <List.Root mt="2" fontSize="sm" maxH="12rem" overflowY="auto">
              {[...problems.entries()].map(([index, rowProblems]) => (
                <List.Item key={index}>
                  {t('parameters.massive.rowProblem', { row: index + 1 })} — {rowProblems.map(problemLine).join('; ')}
                </List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {failure ? <ErrorBox title={t('parameters.form.failedTitle')} message={failure} maxW="60rem" /> : null}
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" colorPalette="orange" loading={busy === 'check'} loadingText={t('parameters.massive.check')} disabled={busy !== null || writeLock.locked} {...writeLock.describe} onClick={() => void check()}>
          {t('parameters.massive.check')}
        </Button>
        <Button colorPalette="orange" loading={busy === 'save'} loadingText={t('parameters.massive.save')} disabled={busy !== null || !current || bad > 0 || writeLock.locked} {...writeLock.describe} onClick={() => void save()}>
          {t('parameters.massive.save')}
        </Button>
        <WriteLockReason lock={writeLock} />
      </HStack>
    </Stack>
  );
}
