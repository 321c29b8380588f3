import { ancestorsOf, fieldMaxLength, isTimeZone, referencedTable, tableDefinition } from '@camposense/domain';
import type { FieldInput, TableColumn, TableConstraint, TableName, TableRow } from '@camposense/domain';

/** Whether the form creates a row or edits one. */
export type FormMode = 'insert' | 'update';

/** One input of a generated form: what the catalogue and the registry say about one column. */
export interface FormFieldModel {
  /** The column (or `password` for usuario, which is not a column). */
  name: string;
  input: FieldInput;
  /** The database refuses a null here and has no default: the form marks it (*). */
  required: boolean;
  /** The longest text accepted (abbreviations: 2 for pais, 10 otherwise). */
  maxLength?: number;
  /** The table a reference points at (its select lists that table's rows by label). */
  references?: TableName;
  /**
   * The tables above the referenced one in the location hierarchy, top first: the form asks for
   * them first, each narrowing the next (country → company → farm → location). Never sent.
   */
  cascade: TableName[];
}

/** The catalogue's data type → the input a person types in. */
function inputOfType(dataType: string): FieldInput {
  const type = dataType.toLowerCase();
  if (type === 'integer' || type === 'bigint' || type === 'smallint') return 'integer';
  if (type === 'numeric' || type === 'double precision' || type === 'real' || type.startsWith('numeric(')) return 'number';
  if (type === 'boolean') return 'boolean';
  if (type.startsWith('timestamp') || type === 'date') return 'datetime';
  if (type === 'json' || type === 'jsonb') return 'json';
  if (type === 'text') return 'longText';
  return 'text';
}

/** The identity columns: a default drawn from a sequence (spec section 3). */
function isIdentity(column: TableColumn): boolean {
  return column.column_default !== null && /nextval\(|identity/i.test(column.column_default);
}

/**
 * The fields of a table's insert or update form, in the catalogue's column order: every column a
 * request may carry (not identity, audit, hidden or read-only ones), each with its input kind
 * (the registry's word first, then a foreign key, then the data type), whether it is required,
 * its text limit and, for references, the hierarchy to cascade through. usuario gains `password`
 * (required to create, optional to edit). The status column is always last.
 */
export function formFields(table: TableName, columns: readonly TableColumn[], constraints: readonly TableConstraint[], mode: FormMode): FormFieldModel[] {
  const definition = tableDefinition(table);
  const skipped = new Set([...definition.readOnlyColumns, ...definition.hiddenColumns]);
  const foreignKeys = new Map<string, string>();
  for (const constraint of constraints) {
    if (constraint.constraint_type !== 'FOREIGN KEY' || !constraint.references) continue;
    if (constraint.columns.length === 1) foreignKeys.set(constraint.columns[0]!, constraint.references.table);
  }
  const fields: FormFieldModel[] = [];
  let status: FormFieldModel | undefined;
  for (const column of columns) {
    const name = column.column_name;
    if (skipped.has(name) || isIdentity(column)) continue;
    const explicit = definition.fields[name]?.input;
    const references = referencedTable(definition, name) ?? (foreignKeys.get(name) as TableName | undefined);
    const input: FieldInput = name === 'statusid' ? 'status' : (explicit ?? (references ? 'reference' : inputOfType(column.data_type)));
    const required = column.is_nullable === 'NO' && column.column_default === null && input !== 'boolean';
    const field: FormFieldModel = { name, input, required, cascade: [] };
    const maxLength = fieldMaxLength(definition, name);
    if (maxLength !== undefined) field.maxLength = maxLength;
    if (input === 'reference' && references) {
      field.references = references;
      field.cascade = ancestorsOf(references);
    }
    if (input === 'status') status = field;
    else fields.push(field);
  }
  for (const [name, field] of Object.entries(definition.fields)) {
    if (field.input !== 'password' || fields.some((existing) => existing.name === name)) continue;
    fields.push({ name, input: 'password', required: mode === 'insert', cascade: [] });
  }
  if (status) fields.push(status);
  return fields;
}

/** A form's values: text as typed, numbers and references as numbers (null when empty), booleans. */
export type FormValues = Record<string, string | number | boolean | null>;

/** The empty form: blank text, no reference chosen, active status, unticked boxes. */
export function emptyValues(fields: readonly FormFieldModel[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, emptyValue(field)]));
}

function emptyValue(field: FormFieldModel): string | number | boolean | null {
  if (field.input === 'status') return 1;
  if (field.input === 'boolean') return false;
  if (field.input === 'reference') return null;
  return '';
}

/** A row's values in the form's shape (the password stays blank: it is never read back). */
export function rowValues(fields: readonly FormFieldModel[], row: TableRow): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = row[field.name];
      if (field.input === 'password' || value === null || value === undefined) return [field.name, emptyValue(field)];
      if (field.input === 'reference' || field.input === 'status') return [field.name, Number(value)];
      if (field.input === 'boolean') return [field.name, Boolean(value)];
      if (field.input === 'json') return [field.name, JSON.stringify(value)];
      return [field.name, String(value)];
    }),
  );
}

/**
 * The request body from a form's values: text trimmed (blank → null, or left out when optional on
 * insert), numbers parsed, DevEUIs upper-cased. On update only the fields that changed are sent,
 * and a blank password means "keep it".
 */
export function requestBody(fields: readonly FormFieldModel[], values: FormValues, mode: FormMode, initial?: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (mode === 'update' && initial && raw === initial[field.name]) continue;
    let value: unknown = raw;
    if (typeof raw === 'string') {
      const text = raw.trim();
      if (text === '') value = null;
      else if (field.input === 'integer' || field.input === 'number' || field.input === 'coordinate') value = Number(text);
      else if (field.input === 'deveui') value = text.toUpperCase();
      else if (field.input === 'json') value = JSON.parse(text) as unknown;
      else value = text;
    }
    if (value === null && field.input === 'password') continue;
    if (value === null && mode === 'insert' && !field.required) continue;
    body[field.name] = value;
  }
  return body;
}

/** Spec section 5: a form counts as changed when one of the table's identifying fields holds a value. */
export function hasIdentifyingValue(table: TableName, values: FormValues): boolean {
  return tableDefinition(table).identifyingFields.some((name) => {
    const value = values[name];
    if (typeof value === 'string') return value.trim() !== '';
    return typeof value === 'number' || typeof value === 'boolean';
  });
}

/** Whether an update form differs from the row it opened (spec is silent: any edited field counts). */
export function hasChanges(values: FormValues, initial: FormValues): boolean {
  return Object.keys(initial).some((name) => values[name] !== initial[name]);
}

/** Why a value is refused before it is sent: the rule, as the API names its own (`details[].rule`). */
export interface FieldProblem {
  rule: 'required' | 'maxLength' | 'format' | 'range' | 'type';
  limit?: number | string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DEVEUI = /^[0-9a-f]{16}$/i;
const COORDINATE_LIMITS: Record<string, number> = { latitud: 90, longitud: 180 };

/**
 * The check of one value before sending (the API checks again): required, text limits, DevEUI (16
 * hexadecimal characters), e-mail, numbers and coordinates (latitude ±90, longitude ±180).
 */
export function checkValue(field: FormFieldModel, value: FormValues[string]): FieldProblem | null {
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '' || text === null) return field.required ? { rule: 'required' } : null;
  if (typeof text !== 'string') return null;
  if (field.maxLength !== undefined && text.length > field.maxLength) return { rule: 'maxLength', limit: field.maxLength };
  switch (field.input) {
    case 'deveui':
      return DEVEUI.test(text) ? null : { rule: 'format', limit: 'deveui' };
    case 'email':
      return EMAIL.test(text) ? null : { rule: 'format', limit: 'email' };
    case 'integer':
      return /^-?\d+$/.test(text) ? null : { rule: 'type', limit: 'integer' };
    case 'number':
    case 'coordinate': {
      const number = Number(text);
      if (!Number.isFinite(number)) return { rule: 'type', limit: 'number' };
      const limit = field.input === 'coordinate' ? COORDINATE_LIMITS[field.name] : undefined;
      return limit !== undefined && Math.abs(number) > limit ? { rule: 'range', limit } : null;
    }
    case 'timeZone':
      return isTimeZone(text) ? null : { rule: 'format', limit: 'timeZone' };
    case 'json':
      try {
        JSON.parse(text);
        return null;
      } catch {
        return { rule: 'format', limit: 'json' };
      }
    default:
      return null;
  }
}
