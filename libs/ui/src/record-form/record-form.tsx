import { Button, Checkbox, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldValues } from 'react-hook-form';
import { FormField } from '../form-field';
import { SearchableSelect, type SearchableSelectOption } from '../searchable-select';
import { useWriteLock, WriteLockReason } from '../write-lock';

/** A value a record form holds: text as typed, a chosen option's id (null for none), a tick. */
export type RecordFieldValue = string | number | boolean | null;
export type RecordFormValues = Record<string, RecordFieldValue>;

/** How a field is asked for. */
export type RecordFieldKind = 'text' | 'longText' | 'number' | 'email' | 'password' | 'boolean' | 'select';

export interface RecordFormField {
  name: string;
  label: string;
  kind: RecordFieldKind;
  /** Marks the label (*); the check itself is `validate`'s. @default false */
  required?: boolean;
  placeholder?: string;
  /** A hint under the control while it has no error (a limit, a format). */
  helperText?: string;
  /** The options of a select. */
  options?: SearchableSelectOption[];
  /** While a select's options load. @default false */
  loading?: boolean;
  /** @default false */
  disabled?: boolean;
  /** The check before sending: the message to show, or null when the value is fine. */
  validate?: (value: RecordFieldValue, values: RecordFormValues) => string | null;
  /** Fields emptied when this one changes (a company when its country changes). */
  clears?: readonly string[];
  /** A select's clear button (none where a value is always needed). @default true */
  clearable?: boolean;
  /**
   * Draws a select whose options come from elsewhere (a search on the server) instead of
   * `options`; it gets the field's value, change handler, state and error.
   */
  renderSelect?: (control: RecordSelectControl) => ReactNode;
}

/** What a field's own select (`renderSelect`) is given by the form. */
export interface RecordSelectControl {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  placeholder?: string;
  disabled: boolean;
  required: boolean;
  error: string | null;
}

export interface RecordFormProps {
  /** The accessible name of the form. */
  label: string;
  /** The fields in display order, with their kind and checks. */
  fields: readonly RecordFormField[];
  /** The values the form starts from; a new `resetKey` starts it again from them. */
  defaultValues: RecordFormValues;
  /** Changing it empties the form back to `defaultValues` (after a save, when another row opens). */
  resetKey?: string | number;
  /** Called with every value once all checks pass. */
  onSubmit: (values: RecordFormValues) => unknown;
  /** Every change, for the screen to know whether data would be lost. */
  onValuesChange?: (values: RecordFormValues) => void;
  /** Errors from the server, by field name: shown on their field. */
  fieldErrors?: Readonly<Record<string, string>>;
  /** The submit button's text, e.g. CREAR or GUARDAR. */
  submitLabel: string;
  /** While the request is under way: the button shows it and the form cannot be sent twice. @default false */
  busy?: boolean;
  /** The spec's "(*) Campo requerido", above the fields. */
  requiredNote?: string;
  /** Shown between the fields and the button (a conflict message, say). */
  notice?: ReactNode;
  /** More buttons beside submit. */
  actions?: ReactNode;
}

/**
 * A form of any record, built from a list of fields: React Hook Form holds the values, the checks
 * and the errors (this is the one place that imports it), Chakra draws the inputs. Server errors
 * land on their fields; a select can empty the fields below it in a cascade.
 */
export function RecordForm({
  label,
  fields,
  defaultValues,
  resetKey,
  onSubmit,
  onValuesChange,
  fieldErrors,
  submitLabel,
  busy = false,
  requiredNote,
  notice,
  actions,
}: RecordFormProps) {
  const form = useForm<FieldValues>({ defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, handleSubmit, reset, setError, setValue, getValues } = form;
  // Offline nothing can be saved: the submit says why instead of failing (issue 30, item 2).
  const writeLock = useWriteLock();
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;

  // Another row, or a saved form: start again from the given values.
  const firstReset = useRef(true);
  useEffect(() => {
    if (firstReset.current) {
      firstReset.current = false;
      return;
    }
    reset(defaultValues);
    // Only the key decides: the values object is new on every render of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey, reset]);

  useEffect(() => {
    for (const [name, message] of Object.entries(fieldErrors ?? {})) setError(name, { type: 'server', message }, { shouldFocus: true });
  }, [fieldErrors, setError]);

  const values = useWatch({ control }) as RecordFormValues;
  const onValuesChangeRef = useRef(onValuesChange);
  onValuesChangeRef.current = onValuesChange;
  useEffect(() => {
    onValuesChangeRef.current?.(values);
  }, [values]);

  const change = (field: RecordFormField, value: RecordFieldValue, onChange: (value: RecordFieldValue) => void) => {
    onChange(value);
    for (const child of field.clears ?? []) setValue(child, null, { shouldDirty: true });
  };

  return (
    <Stack asChild gap="5">
      <form
        aria-label={label}
        noValidate
        onSubmit={(event) => {
          void handleSubmit((submitted) => onSubmit(submitted as RecordFormValues))(event);
        }}
      >
      {requiredNote ? (
        <Text fontSize="sm" color="fg.muted">
          {requiredNote}
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {fields.map((field) => (
          <Controller
            key={field.name}
            control={control}
            name={field.name}
            rules={{ validate: (value: RecordFieldValue) => fieldsRef.current.find((f) => f.name === field.name)?.validate?.(value, getValues() as RecordFormValues) ?? true }}
            render={({ field: controlled, fieldState }) => {
              const error = fieldState.error?.message ?? null;
              if (field.kind === 'select') {
                const control: RecordSelectControl = {
                  label: field.label,
                  value: typeof controlled.value === 'number' ? controlled.value : null,
                  onChange: (value) => change(field, value, controlled.onChange),
                  placeholder: field.placeholder,
                  disabled: Boolean(field.disabled) || busy,
                  required: Boolean(field.required),
                  error,
                };
                return (
                  <Stack gap="1">
                    {field.renderSelect ? (
                      field.renderSelect(control)
                    ) : (
                      <SearchableSelect {...control} options={field.options ?? []} loading={field.loading} clearable={field.clearable} />
                    )}
                    {field.helperText && !error ? (
                      <Text fontSize="xs" color="fg.muted">
                        {field.helperText}
                      </Text>
                    ) : null}
                  </Stack>
                );
              }
              if (field.kind === 'boolean') {
                return (
                  <FormField label={field.label} error={error} required={field.required} disabled={field.disabled || busy}>
                    <Checkbox.Root checked={Boolean(controlled.value)} onCheckedChange={(details) => controlled.onChange(details.checked === true)}>
                      <Checkbox.HiddenInput name={field.name} onBlur={controlled.onBlur} />
                      <Checkbox.Control />
                      <Checkbox.Label>{field.label}</Checkbox.Label>
                    </Checkbox.Root>
                  </FormField>
                );
              }
              const common = {
                name: field.name,
                ref: controlled.ref,
                value: typeof controlled.value === 'string' || typeof controlled.value === 'number' ? String(controlled.value) : '',
                onBlur: controlled.onBlur,
                placeholder: field.placeholder,
              };
              return (
                <FormField label={field.label} error={error} required={field.required} disabled={field.disabled || busy} helperText={field.helperText}>
                  {field.kind === 'longText' ? (
                    <Textarea {...common} rows={3} onChange={(event) => controlled.onChange(event.target.value)} />
                  ) : (
                    <Input
                      {...common}
                      type={field.kind === 'email' ? 'email' : field.kind === 'password' ? 'password' : 'text'}
                      inputMode={field.kind === 'number' ? 'decimal' : undefined}
                      autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
                      onChange={(event) => controlled.onChange(event.target.value)}
                    />
                  )}
                </FormField>
              );
            }}
          />
        ))}
      </SimpleGrid>
      {notice}
      <HStack gap="3" wrap="wrap">
        <Button
          type="submit"
          colorPalette="orange"
          loading={busy}
          loadingText={submitLabel}
          disabled={busy || writeLock.locked}
          {...writeLock.describe}
        >
          {submitLabel}
        </Button>
        {actions}
        <WriteLockReason lock={writeLock} />
      </HStack>
      </form>
    </Stack>
  );
}
