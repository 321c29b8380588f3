export { RecordForm } from './record-form';
export type { RecordFieldKind, RecordFieldValue, RecordFormField, RecordFormProps, RecordFormValues, RecordSelectControl } from './record-form';
