export { RecordForm } from './record-form';
export type { RecordFieldKind, RecordFormField, RecordFormValues, RecordSelectControl } from './record-form';
