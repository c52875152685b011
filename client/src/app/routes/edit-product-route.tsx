import { Navigate, useParams } from 'react-router';
import { useSession } from '../../features/auth';
import { EditProductPage } from '../../features/products';

/** /seller/products/edit/{id}. */
export function EditProductRoute() {
  const { isLoggedIn, checked } = useSession();
  const { id = '' } = useParams();
  // Until the server has said who this is, a session without the stored flag is not sent away.
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <EditProductPage key={id} id={id} />;
}
