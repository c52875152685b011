import { Navigate, useParams } from 'react-router';
import { useSession } from '../../features/auth/session-context';
import { EditProductPage } from '../../features/products/components/edit-product-page';

/** /seller/products/edit/{id}. */
export function EditProductRoute() {
  const { isLoggedIn } = useSession();
  const { id = '' } = useParams();
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return <EditProductPage key={id} id={id} />;
}
