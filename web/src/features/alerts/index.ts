/** The alerts feature's public API: the dashboard's recent fraud alerts. */
export { alertsQueryKeys } from './api/get-alerts.ts';
export { RecentAlerts } from './components/recent-alerts.tsx';
