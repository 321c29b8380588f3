export { ReportPlaceholder } from './placeholders/report-placeholder';
export type { ReportPlaceholderProps } from './placeholders/report-placeholder';
export { AlertsReport } from './alerts-report/alerts-report';
export { MessagesReport } from './messages-report/messages-report';
export { DashboardScreen, preloadDashboardView } from './dashboard/index';
export type { DashboardScreenProps } from './dashboard/index';
