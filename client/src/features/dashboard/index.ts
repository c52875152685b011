// What the dashboard feature offers the routes.
export { DashboardPage } from './components/dashboard-page';
