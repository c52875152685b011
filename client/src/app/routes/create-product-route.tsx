import { Navigate } from 'react-router';
import { useSession } from '../../features/auth/session-context';
import { CreateProductForm } from '../../features/products/components/create-product-form';

/** /sell and /seller/products/create: the creation form, for logged-in users. */
export function CreateProductRoute() {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return <CreateProductForm />;
}
