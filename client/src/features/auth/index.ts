// What the auth feature offers other features and the app (the routes, the frame, the providers).
export { AuthPage } from './components/auth-page';
export { useLogout } from './hooks/use-logout';
export { LOGGED_IN_STORAGE_KEY, SessionProvider, useSession } from './session-context';
