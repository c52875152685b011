import { useParams } from 'react-router';
import { useSession } from '../../features/auth/session-context';
import { SellerProfilePage } from '../../features/profiles';

/** /sellers/{username}: a seller's public profile. */
export function SellerProfileRoute() {
  const { username = '' } = useParams();
  const { isLoggedIn, user } = useSession();
  return <SellerProfilePage key={username} username={username} isLoggedIn={isLoggedIn} viewerId={user?.id ?? null} />;
}
