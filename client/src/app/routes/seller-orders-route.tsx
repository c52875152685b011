import { Navigate } from 'react-router';
import { useSession } from '../../features/auth/session-context';
import { SellerOrdersPage } from '../../features/orders';

/** /seller/orders: the seller's orders, live. */
export function SellerOrdersRoute() {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return <SellerOrdersPage />;
}
