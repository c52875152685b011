import { Navigate } from 'react-router';
import { useSession } from '../../features/auth/session-context';
import { SellerDashboard } from '../../features/seller/components/seller-dashboard';

/** /sellers: the seller dashboard. */
export function SellersRoute() {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return <SellerDashboard />;
}
