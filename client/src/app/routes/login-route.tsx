import { AuthPage } from '../../features/auth/components/auth-page';

export function LoginRoute() {
  return <AuthPage mode="login" />;
}
