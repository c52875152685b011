import { Navigate } from 'react-router';
import { useSession } from '../../features/auth';
import { SellerDashboard } from '../../features/seller';

/** /sellers: the seller dashboard. */
export function SellersRoute() {
  const { isLoggedIn, checked } = useSession();
  // Until the server has said who this is, a session without the stored flag is not sent away.
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <SellerDashboard />;
}
