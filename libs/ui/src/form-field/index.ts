export { FormField } from './form-field';
export type { FormFieldProps } from './form-field';
