export { DashboardScreen, preloadDashboardView } from './dashboard-screen';
export type { DashboardScreenProps } from './dashboard-screen';
