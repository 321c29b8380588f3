export { DashboardScreen, DashboardLoading } from './dashboard-screen';
export type { DashboardScreenProps } from './dashboard-screen';
