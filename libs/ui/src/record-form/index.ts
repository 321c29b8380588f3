export { RecordForm } from './record-form';
export type { RecordFieldKind, RecordFieldValue, RecordFormField, RecordFormProps, RecordFormValues } from './record-form';
