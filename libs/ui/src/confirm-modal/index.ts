export { UnsavedChangesModal } from './unsaved-changes-modal';
export type { UnsavedChangesModalProps, UnsavedChangesType } from './unsaved-changes-modal';
export { UnsavedChangesProvider, useUnsavedChanges, useReportUnsavedChanges } from './unsaved-changes-context';
export type { UnsavedChangesContextValue, UnsavedChangesProviderProps } from './unsaved-changes-context';
