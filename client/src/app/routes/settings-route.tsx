import { Navigate, useNavigate } from 'react-router';
import { useLogout, useSession } from '../../features/auth';
import { SettingsPage } from '../../features/settings';
import { WhatsappPanel } from '../../features/verification';

/** /settings: the settings feature, with the phone verification panel and the session's logout. */
export function SettingsRoute() {
  const { isLoggedIn, checked, markLoggedOut } = useSession();
  const { logout, loggingOut } = useLogout();
  const navigate = useNavigate();
  // Until the server has said who this is, a session without the stored flag is not sent away.
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return (
    <SettingsPage
      whatsappPanel={<WhatsappPanel />}
      onLogout={() => void logout()}
      loggingOut={loggingOut}
      onAccountDeleted={async () => {
        await markLoggedOut();
        // Home says it is done (route state).
        navigate('/', { replace: true, state: { accountDeleted: true } });
      }}
    />
  );
}
