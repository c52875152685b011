import { useParams } from 'react-router';
import { useSession } from '../../features/auth';
import { SellerProfilePage } from '../../features/profiles';

/** /sellers/{username}: a seller's public profile. */
export function SellerProfileRoute() {
  const { username = '' } = useParams();
  const { isLoggedIn, user } = useSession();
  // Who is looking is known once the session answered (the seller answers reviews on their own profile).
  return <SellerProfilePage key={username} username={username} isLoggedIn={isLoggedIn && user !== null} viewerId={user?.id ?? null} />;
}
