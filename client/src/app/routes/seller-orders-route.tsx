import { Navigate } from 'react-router';
import { useSession } from '../../features/auth';
import { SellerOrdersPage } from '../../features/orders';

/** /seller/orders: the seller's orders, live. */
export function SellerOrdersRoute() {
  const { isLoggedIn, checked } = useSession();
  // Until the server has said who this is, a session without the stored flag is not sent away.
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <SellerOrdersPage />;
}
