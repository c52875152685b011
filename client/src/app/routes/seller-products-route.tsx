import { Navigate } from 'react-router';
import { useSession } from '../../features/auth/session-context';
import { SellerProductsPage } from '../../features/seller/components/seller-products-page';

/** /seller/products: the seller's own products. */
export function SellerProductsRoute() {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return <SellerProductsPage />;
}
