import { Navigate } from 'react-router';
import { useSession } from '../../features/auth';
import { SellerProductsPage } from '../../features/seller';

/** /seller/products: the seller's own products. */
export function SellerProductsRoute() {
  const { isLoggedIn, checked } = useSession();
  // Until the server has said who this is, a session without the stored flag is not sent away.
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <SellerProductsPage />;
}
