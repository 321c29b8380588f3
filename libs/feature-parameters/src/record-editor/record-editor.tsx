import { Button, Stack } from '@chakra-ui/react';
import { rowKeyValues, useCascadeAncestors, useCreateRowMutation, useUpdateRowMutation } from '@camposense/data-access';
import type { AncestorStart, TableMeta } from '@camposense/data-access';
import { tableDefinition } from '@camposense/domain';
import type { TableName, TableRow } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ErrorBox, QueryState, RecordForm, showToast, useReportUnsavedChanges } from '@camposense/ui';
import type { RecordFieldKind, RecordFormField, RecordFormValues } from '@camposense/ui';
import { RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { checkValue, emptyValues, formFields, hasChanges, hasIdentifyingValue, requestBody, rowValues } from '../form-model/form-model';
import type { FormFieldModel, FormMode, FormValues } from '../form-model/form-model';
import { ReferenceSelect } from './reference-select';
import { describeSaveError, problemText } from './save-error';
import type { SaveErrorView } from './save-error';

export interface RecordEditorProps {
  table: TableName;
  mode: FormMode;
  /** The table's columns and constraints (`/columns`, `/constraints`): the form is built from them. */
  meta: TableMeta;
  /** update: the row being edited, as read with its version. */
  row?: TableRow;
  /** update: the row's ETag, sent back as If-Match. */
  etag?: string | null;
  /** update: reads the row again (after someone else changed it). */
  onReload?: () => void;
}

/** The name of a cascade select: the ancestor `table` of the reference field `field`. Never sent. */
const cascadeName = (field: string, table: TableName) => `cascade:${field}:${table}`;

/** The parent filter of a cascade's select: the rows under the choice above it, or every row while none is made. */
function parentFilter(table: TableName, parentId: FormValues[string] | undefined): Record<string, number> | undefined {
  const column = tableDefinition(table).parent?.column;
  return column && typeof parentId === 'number' ? { [column]: parentId } : undefined;
}

const KIND: Partial<Record<FormFieldModel['input'], RecordFieldKind>> = {
  longText: 'longText',
  json: 'longText',
  integer: 'number',
  number: 'number',
  coordinate: 'number',
  email: 'email',
  password: 'password',
  boolean: 'boolean',
  reference: 'select',
  status: 'select',
};

/**
 * The insert and update form of any table, generated from the registry and the catalogue: the right
 * input per column, (*) on required ones, references as searchable selects that cascade down the
 * location hierarchy, limits checked before sending, the server's errors on their fields, a toast
 * and the table refreshed on success. Reports unsaved data to the shell (spec section 5).
 */
export function RecordEditor({ table, mode, meta, row, etag, onReload }: RecordEditorProps) {
  const { t, i18n } = useTranslation();
  const tableLabel = t(`tables.${table}`);
  const model = useMemo(() => formFields(table, meta.columns, meta.constraints, mode), [table, meta, mode]);
  // An edited row's references that cascade: where each sits in the hierarchy fills the selects above it.
  const cascading = useMemo(() => model.filter((field) => field.references && field.cascade.length > 0), [model]);
  const starts = useMemo<AncestorStart[]>(
    () =>
      cascading.flatMap((field) => {
        const id = row?.[field.name];
        return typeof id === 'number' ? [{ table: field.references!, id }] : [];
      }),
    [cascading, row],
  );
  const ancestors = useCascadeAncestors(starts);
  const initial = useMemo<FormValues>(() => {
    const base = row ? rowValues(model, row) : emptyValues(model);
    for (const field of model) for (const ancestor of field.cascade) base[cascadeName(field.name, ancestor)] = null;
    let started = 0;
    for (const field of cascading) {
      if (typeof row?.[field.name] !== 'number') continue;
      const found = ancestors.data?.[started];
      started += 1;
      for (const ancestor of field.cascade) base[cascadeName(field.name, ancestor)] = found?.[ancestor] ?? null;
    }
    return base;
  }, [model, row, cascading, ancestors.data]);
  const [values, setValues] = useState<FormValues>(initial);
  const [resetKey, setResetKey] = useState(0);
  const create = useCreateRowMutation(table);
  const update = useUpdateRowMutation(table);
  /** The form's one write: its state is the form's busy state and failure. */
  const write = mode === 'insert' ? create : update;

  useReportUnsavedChanges(mode === 'insert' ? hasIdentifyingValue(table, values) : hasChanges(values, initial));

  const fieldLabel = (name: string) => (i18n.exists(`parameters.fields.${name}`) ? t(`parameters.fields.${name}` as 'parameters.fields.pais') : name);

  const fields: RecordFormField[] = model.flatMap((field) => {
    const label = fieldLabel(field.name);
    const validate = (value: RecordFormValues[string]) => {
      const problem = checkValue(field, value);
      return problem ? problemText(problem, t) : null;
    };
    if (field.input === 'status') {
      return [
        {
          name: field.name,
          label,
          kind: 'select',
          options: [
            { value: 1, label: t('parameters.form.active') },
            { value: 0, label: t('parameters.form.inactive') },
          ],
          // A row is always active or inactive: the database refuses an empty status.
          clearable: false,
          validate,
        },
      ];
    }
    if (field.input === 'reference' && field.references) {
      const target = field.references;
      const chain = field.cascade.map((ancestor) => cascadeName(field.name, ancestor));
      const ancestorFields: RecordFormField[] = field.cascade.map((ancestor, index) => {
        const filters = index > 0 ? parentFilter(ancestor, values[chain[index - 1]!]) : undefined;
        return {
          name: chain[index]!,
          label: t(`tables.${ancestor}`),
          kind: 'select',
          placeholder: t('parameters.form.choose'),
          clears: [...chain.slice(index + 1), field.name],
          renderSelect: (control) => <ReferenceSelect {...control} table={ancestor} filters={filters} />,
        };
      });
      const filters = chain.length > 0 ? parentFilter(target, values[chain[chain.length - 1]!]) : undefined;
      return [
        ...ancestorFields,
        {
          name: field.name,
          label,
          kind: 'select',
          required: field.required,
          placeholder: t('parameters.form.choose'),
          validate,
          renderSelect: (control) => <ReferenceSelect {...control} table={target} filters={filters} />,
        },
      ];
    }
    let helperText: string | undefined;
    if (field.maxLength !== undefined) helperText = t('parameters.form.maxLengthHint', { count: field.maxLength });
    if (field.input === 'deveui') helperText = t('parameters.form.deveuiHint');
    if (field.input === 'timeZone') helperText = t('parameters.form.timeZoneHint');
    if (field.input === 'password' && mode === 'update') helperText = t('parameters.form.passwordHint');
    return [{ name: field.name, label, kind: KIND[field.input] ?? 'text', required: field.required, helperText, validate }];
  });

  const failure: SaveErrorView | null = write.error
    ? describeSaveError(write.error, { table: tableLabel, fieldLabel, shown: new Set(model.map((field) => field.name)), t })
    : null;

  const submit = async (submitted: RecordFormValues) => {
    // A new try starts without the last one's failure; a refused write is the mutation's `error`.
    write.reset();
    const body = requestBody(model, submitted, mode, mode === 'update' ? initial : undefined);
    try {
      if (mode === 'insert') {
        await create.trigger(body);
        showToast({ type: 'success', title: t('parameters.form.createdTitle'), message: t('parameters.form.createdMessage', { table: tableLabel }) });
        setValues(initial);
        setResetKey((key) => key + 1);
      } else if (row) {
        if (Object.keys(body).length > 0) await update.trigger({ key: rowKeyValues(table, row), values: body, ifMatch: etag });
        showToast({ type: 'success', title: t('parameters.form.updatedTitle'), message: t('parameters.form.updatedMessage', { table: tableLabel }) });
      }
    } catch {
      // Shown from `write.error`.
    }
  };

  const notice = <SaveFailureNotice failure={failure} onReload={onReload} onClear={() => write.reset()} />;

  const form = (
    <RecordForm
      label={t(mode === 'insert' ? 'parameters.form.insertLabel' : 'parameters.form.updateLabel', { table: tableLabel })}
      fields={fields}
      defaultValues={initial}
      resetKey={`${resetKey}:${etag ?? ''}`}
      onSubmit={submit}
      onValuesChange={setValues}
      fieldErrors={failure?.fieldErrors}
      submitLabel={t(mode === 'insert' ? 'parameters.form.create' : 'parameters.form.save')}
      busy={write.isMutating}
      requiredNote={t('validation.requiredMark')}
      notice={notice}
    />
  );
  if (starts.length === 0) return form;
  // An edit waits for the row's place in the hierarchy, so its selects open already filled; once
  // found, a failed refresh leaves the form (and what was typed) where it is.
  return (
    <QueryState
      query={{ data: ancestors.data, error: ancestors.data ? undefined : ancestors.error, isValidating: ancestors.isValidating, mutate: ancestors.mutate }}
      loadingLabel={t('parameters.form.rowLoading')}
      loadingDetail={tableLabel}
      errorMessage={t('parameters.form.rowError')}
    >
      {() => form}
    </QueryState>
  );
}

/**
 * Why a save failed, above the form; a save refused because someone else changed the row offers to
 * read it again (`onClear` first, so the notice goes with the old version). Field errors show on
 * their fields, not here.
 */
export function SaveFailureNotice({ failure, onReload, onClear }: { failure: SaveErrorView | null; onReload?: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  if (!failure?.message) return null;
  return (
    <Stack gap="2" align="flex-start">
      <ErrorBox title={failure.stale ? t('parameters.form.staleTitle') : t('parameters.form.failedTitle')} message={failure.message} />
      {failure.stale && onReload ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            onClear();
            onReload();
          }}
        >
          <RefreshCw aria-hidden />
          {t('parameters.form.reload')}
        </Button>
      ) : null}
    </Stack>
  );
}
