import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { usePageTitle } from '../../components/ui/use-page-title';
import { useSession } from '../../features/auth';
import { DashboardPage } from '../../features/dashboard';
import { useSearchOverlay } from '../../features/search';

/** /dashboard: the logged-in buyer's welcome, quick actions and recommendations. */
export function DashboardRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.dashboard'));
  const { isLoggedIn, checked, user } = useSession();
  const { openSearch } = useSearchOverlay();
  // Until the server has said who this is, a session without the stored flag is not sent away.
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <DashboardPage username={user?.username ?? null} onSearch={() => openSearch('text')} />;
}
