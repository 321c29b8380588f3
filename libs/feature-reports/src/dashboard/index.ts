export { DashboardScreen, DashboardLoading, preloadDashboardView } from './dashboard-screen';
export type { DashboardScreenProps } from './dashboard-screen';
