export { FormField } from './form-field';
