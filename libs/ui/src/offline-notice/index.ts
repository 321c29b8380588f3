export { OfflineNotice } from './offline-notice';
