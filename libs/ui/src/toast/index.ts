export { Toaster, showToast, dismissAllToasts } from './toast';
