import { Navigate } from 'react-router';
import { AuthPage, useSession } from '../../features/auth';

/** /login; someone already logged in (the server knows them) goes to their dashboard instead. */
export function LoginRoute() {
  const { isLoggedIn, user } = useSession();
  if (isLoggedIn && user) return <Navigate to="/dashboard" replace />;
  return <AuthPage mode="login" />;
}
