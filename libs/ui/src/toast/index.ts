export { Toaster, showToast, dismissAllToasts, TOAST_TYPES } from './toast';
export type { ShowToastOptions, ToastAction, ToastType } from './toast';
