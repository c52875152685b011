import { Navigate } from 'react-router';
import { useSession } from '../../features/auth';
import { SellerRfqsPage } from '../../features/rfqs';

/** /seller/rfqs: the seller's requirements inbox. */
export function SellerRfqsRoute() {
  const { isLoggedIn, checked } = useSession();
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <SellerRfqsPage />;
}
