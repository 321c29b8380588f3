export {
  UnsavedChangesProvider,
  useUnsavedChanges,
  useReportUnsavedChanges,
} from './unsaved-changes-context';
