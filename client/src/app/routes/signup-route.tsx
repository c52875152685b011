import { AuthPage } from '../../features/auth/components/auth-page';

export function SignupRoute() {
  return <AuthPage mode="signup" />;
}
