// What the settings feature offers the routes.
export { SettingsPage } from './components/settings-page';
